import {
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_PATHS,
  type ApiKey,
  type ApiKeyScope,
  apiKeyInputSchema,
  LEAD_API_RATE_PER_MINUTE,
  LEAD_API_WINDOW_DAYS,
} from '@offplan/shared';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { exactTime, relativeTime } from '../../../lib/dates.ts';
import { fieldErrorsFrom, formErrorOf } from '../../../lib/form-errors.ts';
import { notifications } from '../../../lib/toasts.ts';
import { useCreateApiKey, useRevokeApiKey } from '../api/crm.ts';
import { API_DOCS_PATH } from '../lib/crm-links.ts';
import { CopyButton } from './copy-button.tsx';
import { ShownOnceModal } from './shown-once-modal.tsx';

const FIELDS = { name: 'name', scope: 'scope' };

/** How a CRM pulls leads with the new key, against this portal's address. */
export function curlExample(key: string, origin: string = window.location.origin): string {
  return `curl -H "Authorization: Bearer ${key}" "${origin}${API_PATHS.leadApi}"`;
}

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const form = useForm<{ name: string; scope: ApiKeyScope }>({
    initialValues: { name: '', scope: 'READ' },
    validate: schemaResolver(apiKeyInputSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => onCreated(answer.key),
      onError: (error) => {
        const fields = fieldErrorsFrom(error, FIELDS);
        if (fields) form.setErrors(fields);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={formErrorOf(create.error, FIELDS)} />
        <TextInput
          label="Name"
          description="Which system uses it, e.g. 'Salesforce sync'."
          withAsterisk
          {...form.getInputProps('name')}
        />
        <Radio.Group label="Access" withAsterisk {...form.getInputProps('scope')}>
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Radio key={scope} value={scope} label={API_KEY_SCOPE_LABELS[scope]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Access</Table.Th>
            <Table.Th>Key starts</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>{API_KEY_SCOPE_LABELS[key.scope]}</Table.Td>
              <Table.Td>
                <code>{key.prefix}…</code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{exactTime(key.createdAt)}</Text>
                {key.createdBy ? (
                  <Text size="xs" c="dimmed">
                    by {key.createdBy}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {key.lastUsedAt ? (
                  <time dateTime={key.lastUsedAt} title={exactTime(key.lastUsedAt)}>
                    {relativeTime(key.lastUsedAt)}
                  </time>
                ) : (
                  'Never'
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onRevoke(key)}
                  aria-label={`Revoke ${key.name}`}
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Organisation API keys for the lead API: list, create (the key shown once) and revoke. */
export function ApiKeysSection({ keys }: { keys: ApiKey[] }) {
  const [creating, setCreating] = useState(false);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: 'API key revoked', message: revoking.name }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'The key could not be revoked', message: error.message }),
      onSettled: () => setRevoking(null),
    });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="crm-api-keys-heading">
      <Group justify="space-between" align="center">
        <Title order={2} size="h4" id="crm-api-keys-heading">
          API keys
        </Title>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          Create API key
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A CRM can also pull leads of the last {LEAD_API_WINDOW_DAYS} days, or create leads, through the lead
        API with a key (up to {LEAD_API_RATE_PER_MINUTE} requests a minute). Portals and CRMs can import your
        listings as REAXML, one listing per configuration, from <Code>{API_PATHS.listingFeed}</Code> with the
        same key. Every route and the webhook's payload are described in the{' '}
        {/* Underlined: a link inside a sentence must not be told apart by colour alone (WCAG 1.4.1). */}
        <Anchor href={API_DOCS_PATH} target="_blank" underline="always">
          API documentation
        </Anchor>
        .
      </Text>
      {keys.length === 0 ? (
        <Group gap="xs">
          <IconKey size={16} aria-hidden />
          <Text size="sm">No API keys yet.</Text>
        </Group>
      ) : (
        <ApiKeysTable keys={keys} onRevoke={setRevoking} />
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="Create an API key">
        {creating ? (
          <CreateApiKeyForm
            onCancel={() => setCreating(false)}
            onCreated={(key) => {
              setCreating(false);
              setShownKey(key);
            }}
          />
        ) : null}
      </Modal>
      <ShownOnceModal
        value={shownKey}
        title="Your new API key"
        label="API key"
        onClose={() => setShownKey(null)}
      >
        {shownKey ? (
          <Stack gap={4}>
            <Text size="sm">
              Try it: this lists your organisation's leads of the last {LEAD_API_WINDOW_DAYS} days.
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code block style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {curlExample(shownKey)}
              </Code>
              <CopyButton value={curlExample(shownKey)} label="Copy the curl example" />
            </Group>
          </Stack>
        ) : null}
      </ShownOnceModal>
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        {revoking ? `${revoking.name} stops working at once; anything using it gets 401 from then on.` : null}
      </ConfirmModal>
    </Stack>
  );
}
