import { Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { chooseRoleFormSchema, JOB_ROLES, type JobRoleId } from '@offplan/shared';
import { FormError } from '../../../components/form-error.tsx';
import { useChooseJobRole } from '../api/job-role.ts';

/** What each job role (design §1) means, so people can place themselves. */
const ROLE_DESCRIPTIONS: Record<JobRoleId, string> = {
  1: 'You build or own developments and list them through your organisation.',
  2: "You market and sell projects on a developer's behalf.",
  3: 'You sell apartments and townhouses in the projects you work on.',
  8: 'You run campaigns for several developers and follow how their listings perform.',
  9: 'Something else: a builder, consultant or anyone else working on projects.',
};

/** /role (design §1): the job role, chosen once after registering or activating an invitation. */
export function RoleForm({
  currentRoleId,
  onChosen,
}: {
  currentRoleId: number | null;
  onChosen: () => void;
}) {
  const chooseRole = useChooseJobRole();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { roleId: currentRoleId === null ? '' : String(currentRoleId) },
    validate: schemaResolver(chooseRoleFormSchema, { sync: true }),
  });

  const handleSubmit = form.onSubmit((values) => {
    chooseRole.mutate(
      { roleId: Number(values.roleId) },
      {
        onSuccess: onChosen,
        onError: (error) => {
          if (error.fields?.roleId) form.setFieldError('roleId', error.fields.roleId);
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            What do you do?
          </Title>
          <Text c="dimmed" size="sm">
            Choose the role that best describes your work. It shapes what the portal shows you first.
          </Text>
        </Stack>

        <FormError message={chooseRole.error && !chooseRole.error.fields ? chooseRole.error.message : null} />

        <Radio.Group label="Your role" key={form.key('roleId')} {...form.getInputProps('roleId')}>
          <Stack gap="xs" mt="xs">
            {JOB_ROLES.map((role) => (
              <Radio.Card key={role.id} value={String(role.id)} radius="md" p="md">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Text fw={600}>{role.label}</Text>
                    <Text size="sm" c="dimmed">
                      {ROLE_DESCRIPTIONS[role.id]}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>

        <Button type="submit" fullWidth size="md" loading={chooseRole.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
