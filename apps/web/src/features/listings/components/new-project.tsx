import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  AUSTRALIAN_STATES,
  type AustralianState,
  type BuildingType,
  type GazetteerResult,
  NEW_PROJECT_DEFAULTS,
  newProjectDraftSchema,
  SALES_STATUS_LABELS,
  type SearchAddProject,
  STAGE_LABELS,
} from '@offplan/shared';
import { IconMapPin, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-client.ts';
import { type AccessTarget, invalidateProjectAccess, ProjectAccessActions } from '../../projects/index.ts';
import { createDraft, useSearchAdd } from '../api/listing.ts';

function accessTargetOf(project: SearchAddProject): AccessTarget {
  return {
    id: project.id,
    name: project.title,
    title: project.title,
    campaignType: 'NONE',
    isClaimed: project.claimed,
    relation: project.relation === 'member' ? 'member' : 'none',
  };
}

function ExistingProject({ project, highlight = false }: { project: SearchAddProject; highlight?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py="xs"
      role="listitem"
      style={{ borderTop: highlight ? undefined : '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} miw={0}>
        <Text fw={600} truncate="end">
          {project.title}
        </Text>
        <Text size="sm" c="dimmed" truncate="end">
          {project.fullAddress || [project.suburb, project.state].filter(Boolean).join(', ')} ·{' '}
          {SALES_STATUS_LABELS[project.salesStatus]} · {STAGE_LABELS[project.stage]}
          {project.claimed ? '' : ' · Unclaimed'}
        </Text>
      </Stack>
      <ProjectAccessActions project={accessTargetOf(project)} />
    </Group>
  );
}

type DraftValues = {
  title: string;
  fullAddress: string;
  streetNumber: string;
  streetName: string;
  suburb: string;
  state: AustralianState | null;
  postcode: string;
  lga: string;
  lat: number | null;
  lng: number | null;
  buildingType: BuildingType;
};

/**
 * /projects/new: search first (spec §3 search-add: exact match, existing projects, addresses) so that
 * users claim instead of duplicating (design §2); then the draft with the spec's defaults.
 */
export function NewProject() {
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query, 250);
  const [step, setStep] = useState<'search' | 'draft'>('search');
  const search = useSearchAdd(q);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** The server found the same project (409): back to the search, showing it. */
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const form = useForm<DraftValues>({
    mode: 'controlled',
    initialValues: {
      title: '',
      fullAddress: '',
      streetNumber: '',
      streetName: '',
      suburb: '',
      state: null,
      postcode: '',
      lga: '',
      lat: null,
      lng: null,
      buildingType: NEW_PROJECT_DEFAULTS.buildingType,
    },
  });

  const create = useMutation({
    mutationFn: createDraft,
    onSuccess: async (listing) => {
      await invalidateProjectAccess(queryClient);
      await navigate({ to: '/projects/$id/edit', params: { id: String(listing.id) } });
    },
    onError: (error) => {
      if (isApiClientError(error) && error.fields) form.setErrors(prefixAddressFields(error.fields));
    },
  });

  function startDraft(address?: GazetteerResult) {
    const typed = query.trim();
    form.setValues({
      title: address ? form.values.title : typed,
      ...(address
        ? {
            suburb: address.suburb,
            state: address.state,
            postcode: address.postcode,
            lga: address.lga ?? '',
            lat: address.lat,
            lng: address.lng,
            fullAddress: address.fullAddress ?? '',
            streetNumber: address.streetNumber ?? '',
            streetName: address.streetName ?? '',
          }
        : {}),
    });
    setStep('draft');
  }

  const submit = form.onSubmit((values) => {
    setDuplicate(null);
    const draft = {
      title: values.title,
      address: {
        fullAddress:
          values.fullAddress || [values.suburb, values.state, values.postcode].filter(Boolean).join(' '),
        suburb: values.suburb,
        state: values.state,
        postcode: values.postcode,
        streetNumber: values.streetNumber.trim() || null,
        streetName: values.streetName.trim() || null,
        lga: values.lga.trim() || null,
        lat: values.lat,
        lng: values.lng,
      },
      buildingType: values.buildingType,
    };
    const parsed = newProjectDraftSchema.safeParse(draft);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String);
        const key = path[0] === 'address' ? (path[1] ?? 'fullAddress') : (path[0] ?? 'title');
        errors[key] ??= key === 'state' ? 'Choose the state' : issue.message;
      }
      form.setErrors(errors);
      return;
    }
    create.mutate(parsed.data, {
      onError: (error) => {
        if (isApiClientError(error) && error.status === 409) {
          setDuplicate(error.message);
          setQuery(values.title);
          setStep('search');
        }
      },
    });
  });

  const result = search.data;
  const searching = q.trim().length >= 2;

  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={2}>
        <Title order={2} size="h3">
          Add a project
        </Title>
        <Text size="sm" c="dimmed">
          Most projects are already listed. Search first: if yours is there, claim it or request access
          instead of adding it again.
        </Text>
      </Stack>

      {step === 'search' ? (
        <Paper withBorder p="lg">
          <Stack gap="md">
            {duplicate ? (
              <Alert color="yellow" variant="light" title="This project already exists">
                {duplicate}
              </Alert>
            ) : null}
            <TextInput
              label="Project name, address or suburb"
              placeholder="e.g. The Ashbury, 12 Smith St or Parramatta"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={search.isFetching ? <Loader size="xs" /> : null}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              data-autofocus
            />
            {search.isError && searching ? (
              <Text c="red" size="sm">
                {search.error.message}
              </Text>
            ) : null}
            {searching && result ? (
              <Stack gap="md">
                {result.exactMatch ? (
                  <Alert color="yellow" variant="light" title="This project is already listed">
                    <Stack gap={0} role="list" aria-label="Exact match">
                      <ExistingProject project={result.exactMatch} highlight />
                    </Stack>
                  </Alert>
                ) : null}
                <Stack gap={4}>
                  <Text fw={600} size="sm">
                    Existing projects
                  </Text>
                  {result.projects.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No listed project matches “{q.trim()}”.
                    </Text>
                  ) : (
                    <Stack gap={0} role="list" aria-label="Existing projects">
                      {result.projects.map((project) => (
                        <ExistingProject key={project.id} project={project} />
                      ))}
                    </Stack>
                  )}
                </Stack>
                {result.addresses.length > 0 ? (
                  <Stack gap={4}>
                    <Text fw={600} size="sm">
                      Start a new project at
                    </Text>
                    <Stack gap={0} role="list" aria-label="Addresses">
                      {result.addresses.map((address) => (
                        <UnstyledButton
                          key={`${address.label}-${address.postcode}`}
                          role="listitem"
                          py={6}
                          onClick={() => startDraft(address)}
                        >
                          <Group gap="xs">
                            <IconMapPin size={16} aria-hidden />
                            <Text size="sm">{address.fullAddress ?? address.label}</Text>
                          </Group>
                        </UnstyledButton>
                      ))}
                    </Stack>
                  </Stack>
                ) : null}
              </Stack>
            ) : null}
            <Group>
              <Button
                variant={searching ? 'light' : 'default'}
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={!searching}
                onClick={() => startDraft()}
              >
                It is not listed: add a new project
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
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
              <Select
                label="State"
                withAsterisk
                data={[...AUSTRALIAN_STATES]}
                {...form.getInputProps('state')}
              />
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
      )}
    </Stack>
  );
}

/** Server field paths (`address.suburb`) under this form's flat names. */
function prefixAddressFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [
      path.startsWith('address.') ? path.slice(8) : path,
      message,
    ]),
  );
}
