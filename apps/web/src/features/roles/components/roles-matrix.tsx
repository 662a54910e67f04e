import { Badge, Button, Checkbox, Code, Stack, Table, Text } from '@mantine/core';
import {
  PERMISSION_SET_KIND_LABELS,
  PERMISSION_SET_KINDS,
  type Permission,
  type PermissionSetView,
  ROLES_MANAGE_PERMISSION,
} from '@offplan/shared';
import { formatDay } from '../../../lib/dates.ts';
import { draftOf, type RoleEdits } from '../lib/role-draft.ts';

type MatrixProps = {
  permissions: readonly { name: Permission; description: string }[];
  sets: readonly PermissionSetView[];
  edits: RoleEdits;
  /** The set being saved or reset, if any. */
  busyKey: string | null;
  onToggle: (set: PermissionSetView, permission: Permission) => void;
  onSave: (set: PermissionSetView) => void;
  onReset: (set: PermissionSetView) => void;
};

/** The one cell an admin may not untick: without it nobody could manage roles again (the API refuses it too). */
const isLockCell = (set: PermissionSetView, permission: Permission) =>
  set.key === 'platform_admin' && permission === ROLES_MANAGE_PERMISSION;

function SetHeader({ set, dirty }: { set: PermissionSetView; dirty: boolean }) {
  return (
    <Table.Th scope="col" ta="center" miw={108}>
      <Stack gap={4} align="center">
        <Text size="sm" fw={600}>
          {set.label}
          {set.note ? <span aria-hidden="true"> †</span> : null}
        </Text>
        {dirty ? (
          <Badge color="yellow" variant="filled" c="black" size="sm">
            Unsaved
          </Badge>
        ) : set.edited ? (
          <Badge color="blue" variant="light" size="sm">
            Edited
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="sm">
            Default
          </Badge>
        )}
      </Stack>
    </Table.Th>
  );
}

function SetActions({
  set,
  dirty,
  busy,
  onSave,
  onReset,
}: {
  set: PermissionSetView;
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  onReset: () => void;
}) {
  return (
    <Table.Td ta="center">
      <Stack gap={6} align="center">
        <Button size="xs" disabled={!dirty} loading={busy} onClick={onSave} aria-label={`Save ${set.label}`}>
          Save
        </Button>
        <Button
          size="xs"
          variant="subtle"
          disabled={!set.edited || busy}
          onClick={onReset}
          aria-label={`Reset to default: ${set.label}`}
        >
          Reset to default
        </Button>
        {set.updatedAt ? (
          <Text size="xs" c="dimmed">
            {formatDay(set.updatedAt)}
            {set.updatedBy ? ` by ${set.updatedBy.name}` : ''}
          </Text>
        ) : null}
      </Stack>
    </Table.Td>
  );
}

/**
 * The /roles matrix: permissions as rows (each with what it allows), the sets as columns grouped by
 * kind, a checkbox per cell; under each column its save and reset (design §1, decision 032).
 */
export function RolesMatrix({ permissions, sets, edits, busyKey, onToggle, onSave, onReset }: MatrixProps) {
  const groups = PERMISSION_SET_KINDS.map((kind) => ({
    kind,
    sets: sets.filter((set) => set.kind === kind),
  })).filter((group) => group.sets.length > 0);
  const ordered = groups.flatMap((group) => group.sets);
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table aria-label="Permission sets" withColumnBorders verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2} scope="col" miw={280}>
              Permission
            </Table.Th>
            {groups.map((group) => (
              <Table.Th key={group.kind} colSpan={group.sets.length} scope="colgroup" ta="center">
                {PERMISSION_SET_KIND_LABELS[group.kind]}
              </Table.Th>
            ))}
          </Table.Tr>
          <Table.Tr>
            {ordered.map((set) => (
              <SetHeader key={set.key} set={set} dirty={edits[set.key] !== undefined} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {permissions.map((permission) => (
            <Table.Tr key={permission.name}>
              <Table.Th scope="row" fw={400}>
                <Code>{permission.name}</Code>
                <Text size="xs" c="dimmed" mt={2}>
                  {permission.description}
                </Text>
              </Table.Th>
              {ordered.map((set) => {
                const held = draftOf(set, edits).includes(permission.name);
                const locked = isLockCell(set, permission.name) && held;
                return (
                  <Table.Td key={set.key} ta="center">
                    <Checkbox
                      styles={{ body: { justifyContent: 'center' } }}
                      checked={held}
                      disabled={locked || busyKey === set.key}
                      title={
                        locked
                          ? 'Platform admins keep this: without it no one could manage roles.'
                          : undefined
                      }
                      aria-label={`${set.label}: ${permission.name}`}
                      onChange={() => onToggle(set, permission.name)}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Changes</Table.Th>
            {ordered.map((set) => (
              <SetActions
                key={set.key}
                set={set}
                dirty={edits[set.key] !== undefined}
                busy={busyKey === set.key}
                onSave={() => onSave(set)}
                onReset={() => onReset(set)}
              />
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
