import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ACCOUNT_FORM_MESSAGES,
  CONTACT_NAME_MAX,
  contactDetailsFormSchema,
  type SessionUser,
} from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { CONTACT_FIELD_NAMES, useUpdateContactDetails } from '../api/contact-details.ts';
import { SettingsSection } from './settings-section.tsx';

export const CONTACT_VALIDATION = {
  firstNameRequired: ACCOUNT_FORM_MESSAGES.firstNameRequired,
  lastNameRequired: ACCOUNT_FORM_MESSAGES.lastNameRequired,
  tooLong: `Use at most ${CONTACT_NAME_MAX} characters`,
} as const;

/** First and last name as stored, or (for accounts made before they were) split from the full name. */
function initialNames(user: SessionUser): { firstName: string; lastName: string } {
  if (user.firstName || user.lastName)
    return { firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** Profile "Contact details": first name, last name and title (POST /api/user-update). */
export function ContactDetailsForm({ user }: { user: SessionUser }) {
  const update = useUpdateContactDetails();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { ...initialNames(user), title: user.title ?? '' },
    validate: schemaResolver(contactDetailsFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const details = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      title: values.title.trim(),
    };
    update.mutate(details, {
      onSuccess: () => {
        form.resetDirty(values);
        notifications.show({
          color: 'green',
          title: 'Contact details saved',
          message: 'Your name and title are up to date.',
        });
      },
      onError: (error) => {
        const fields = fieldErrorsFrom(error, CONTACT_FIELD_NAMES);
        if (fields) form.setErrors(fields);
      },
    });
  });

  return (
    <SettingsSection title="Contact details" description="How you appear to your team and to us.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormError message={formErrorOf(update.error, CONTACT_FIELD_NAMES)} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              withAsterisk
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              withAsterisk
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Title"
            description="Your job title, like Sales Director"
            autoComplete="organization-title"
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            disabled
            description="Change your email address under Security."
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
