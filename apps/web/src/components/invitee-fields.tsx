import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type Invitee = { email: string; firstName: string; lastName: string };

/**
 * Who is invited: email, first and last name. The one set of fields of both invitations, an admin's
 * ("Invite user" on /users) and an organisation's ("Invite someone" on /organisation).
 */
export function InviteeFields<Values extends Invitee>({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        withAsterisk
        data-autofocus
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First name"
          autoComplete="off"
          withAsterisk
          key={form.key('firstName')}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          withAsterisk
          key={form.key('lastName')}
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
    </>
  );
}
