import { Code, List, Paper, Stack, Text } from '@mantine/core';
import type { Permission, PermissionSetView } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { notifications } from '../../../lib/toasts.ts';
import { rolesQueryOptions, useResetRole, useSaveRole } from '../api/roles.ts';
import {
  draftOf,
  type RoleEdits,
  removedBy,
  removedByReset,
  toggled,
  withoutEdit,
} from '../lib/role-draft.ts';
import { RolesMatrix } from './roles-matrix.tsx';

/** A change waiting for the admin's confirmation: it takes permissions away from people. */
type PendingChange = { set: PermissionSetView; removed: Permission[]; permissions: Permission[] | null };

const whoHolds = (set: PermissionSetView) =>
  set.kind === 'platform'
    ? 'every platform admin'
    : set.kind === 'organisation'
      ? `everyone whose organisation role is ${set.label}`
      : `everyone whose job role is ${set.label}`;

/** /roles, Manage Roles (design §1, issue 19 item 2): the permission sets, edited per set. */
export function RolesPage() {
  const { data } = useSuspenseQuery(rolesQueryOptions());
  const [edits, setEdits] = useState<RoleEdits>({});
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRole();
  const reset = useResetRole();
  const busy = save.isPending ? save.variables?.key : reset.isPending ? reset.variables?.key : null;

  const run = ({ set, permissions }: Pick<PendingChange, 'set' | 'permissions'>) => {
    setFailure(null);
    const done = () => {
      setPending(null);
      setEdits((current) => withoutEdit(current, set.key));
      notifications.show({
        color: 'green',
        title: permissions ? `${set.label} saved` : `${set.label} reset to default`,
        message: `Applies from the next request of ${whoHolds(set)}.`,
      });
    };
    const failed = (error: Error) => {
      setPending(null);
      setFailure(`${set.label} was not changed: ${error.message}`);
    };
    if (permissions) save.mutate({ key: set.key, permissions }, { onSuccess: done, onError: failed });
    else reset.mutate({ key: set.key }, { onSuccess: done, onError: failed });
  };
  const ask = (change: PendingChange) => (change.removed.length > 0 ? setPending(change) : run(change));
  const unsaved = data.sets.filter((set) => edits[set.key] !== undefined).length;
  const notes = data.sets.filter((set) => set.note);

  return (
    <Stack gap="lg">
      {/* The frame's header already titles the page 'Manage Roles' (the navigation's label). */}
      <Stack gap={2}>
        <Text size="sm" c="dimmed" maw={900}>
          A platform admin holds the platform admin set. Anyone else holds their organisation role's set (the
          member set without an organisation), narrowed by their job role's set. Changes apply on each
          person's next request, on every server.
        </Text>
      </Stack>
      <FormError message={failure} />
      {unsaved > 0 ? (
        <Text size="sm" fw={600} role="status">
          {unsaved === 1 ? 'One set has' : `${unsaved} sets have`} unsaved changes: save each set to apply it.
        </Text>
      ) : null}
      <Paper withBorder>
        <RolesMatrix
          permissions={data.permissions}
          sets={data.sets}
          edits={edits}
          busyKey={busy ?? null}
          onToggle={(set, permission) => setEdits((current) => toggled(set, current, permission))}
          onSave={(set) => {
            const permissions = draftOf(set, edits);
            ask({ set, permissions, removed: removedBy(set, permissions) });
          }}
          onReset={(set) => ask({ set, permissions: null, removed: removedByReset(set) })}
        />
      </Paper>
      {notes.length > 0 ? (
        <List size="sm" spacing={4} listStyleType="none">
          {notes.map((set) => (
            <List.Item key={set.key}>
              <Text span size="sm">
                † <strong>{set.label}</strong>: {set.note}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
      <ConfirmModal
        opened={pending !== null}
        title={pending ? `Take permissions away from ${pending.set.label}?` : ''}
        confirmLabel={pending?.permissions ? 'Save' : 'Reset to default'}
        danger
        loading={save.isPending || reset.isPending}
        onConfirm={() => pending && run(pending)}
        onClose={() => setPending(null)}
      >
        {pending ? (
          <Stack gap="xs">
            <Text size="sm">
              From their next request, {whoHolds(pending.set)} loses{' '}
              {pending.removed.map((name, index) => (
                <span key={name}>
                  {index > 0 ? ', ' : ''}
                  <Code>{name}</Code>
                </span>
              ))}
              .
            </Text>
            <Text size="sm" c="dimmed">
              Calls that need them are refused until the set is changed back.
            </Text>
          </Stack>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
