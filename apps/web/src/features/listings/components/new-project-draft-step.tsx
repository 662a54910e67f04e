import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { AUSTRALIAN_STATES, NEW_PROJECT_DEFAULTS, SALES_STATUS_LABELS, STAGE_LABELS } from '@offplan/shared';
import { isApiClientError } from '../../../lib/api-client.ts';
import type { NewProjectState } from '../hooks/use-new-project.ts';

/** Step 2: the draft with the spec's defaults (title, address, building type). */
export function NewProjectDraftStep({
  state: { form, submit, create, duplicate, setStep },
}: {
  state: NewProjectState;
}) {
  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The project starts as a draft: {SALES_STATUS_LABELS[NEW_PROJECT_DEFAULTS.salesStatus]},{' '}
          {STAGE_LABELS[NEW_PROJECT_DEFAULTS.stage]}. You can complete the listing next.
        </Text>
        {create.isError && !(isApiClientError(create.error) && create.error.fields) && !duplicate ? (
          <Alert color="red" variant="light">
            {create.error.message}
          </Alert>
        ) : null}
        <TextInput label="Project title" withAsterisk {...form.getInputProps('title')} />
        <TextInput
          label="Address"
          withAsterisk
          placeholder="e.g. 12 Smith Street, Parramatta NSW 2150"
          {...form.getInputProps('fullAddress')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Suburb" withAsterisk {...form.getInputProps('suburb')} />
          <Select label="State" withAsterisk data={[...AUSTRALIAN_STATES]} {...form.getInputProps('state')} />
          <TextInput
            label="Postcode"
            withAsterisk
            inputMode="numeric"
            maxLength={4}
            {...form.getInputProps('postcode')}
          />
        </SimpleGrid>
        <Select
          label="Building type"
          allowDeselect={false}
          data={[
            { value: 'APARTMENTS', label: 'Apartments' },
            { value: 'TOWNHOUSES', label: 'Townhouses' },
          ]}
          {...form.getInputProps('buildingType')}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setStep('search')}>
            Back to search
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
