import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, registerFormSchema } from '@offplan/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSignUp } from '../api/sign-up.ts';
import { toE164 } from '../validation.ts';

const initialValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  companyName: '',
  password: '',
  acceptTerms: false,
};
type RegisterValues = typeof initialValues;

/** Server field names the form shows under another field. */
const SERVER_FIELD_ALIASES: Record<string, keyof RegisterValues> = { name: 'firstName' };

function isFormField(name: string): name is keyof RegisterValues {
  return Object.hasOwn(initialValues, name);
}

/**
 * Registration (design §7): name, email, optional mobile, organisation, password, terms. Messages
 * sit next to their fields, the server's `fields` included; what was typed stays on error.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const signUp = useSignUp();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    signUp.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phoneNumber: values.phoneNumber.trim() ? (toE164(values.phoneNumber) ?? undefined) : undefined,
        companyName: values.companyName.trim(),
        password: values.password,
      },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          if (!error.fields) return;
          const errors: Partial<Record<keyof RegisterValues, string>> = {};
          for (const [name, message] of Object.entries(error.fields)) {
            const field = SERVER_FIELD_ALIASES[name] ?? name;
            if (isFormField(field)) errors[field] = message;
          }
          form.setErrors(errors);
        },
      },
    );
  });

  // Field messages the form has no field for still need to be seen.
  const otherFieldMessages = Object.entries(signUp.error?.fields ?? {})
    .filter(([name]) => !isFormField(SERVER_FIELD_ALIASES[name] ?? name))
    .map(([, message]) => message);

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Create your account
          </Title>
          <Text c="dimmed" size="sm">
            List your developments, follow every enquiry and see how each project performs.
          </Text>
        </Stack>

        {signUp.error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap={4}>
              <span>{signUp.error.message}</span>
              {otherFieldMessages.map((message) => (
                <span key={message}>{message}</span>
              ))}
            </Stack>
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com.au"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Mobile number (optional)"
          description="Needed later if you turn on two-step sign-in."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0412 345 678"
          key={form.key('phoneNumber')}
          {...form.getInputProps('phoneNumber')}
        />
        <TextInput
          label="Organisation"
          description="The developer, marketing agency or media agency you work for."
          autoComplete="organization"
          key={form.key('companyName')}
          {...form.getInputProps('companyName')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                Terms &amp; Conditions
              </Anchor>
            </>
          }
          key={form.key('acceptTerms')}
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth size="md" loading={signUp.isPending}>
          Create account
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">Already have an account?</Text>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/login" />}>
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
