import { PERMISSIONS, type Permission, type PermissionSetView } from '@offplan/shared';

/** Unsaved changes per set: the set's permissions as ticked, for the sets that differ from what is saved. */
export type RoleEdits = Partial<Record<string, Permission[]>>;

/** The set's permissions as the matrix shows them: ticked but unsaved, else saved. */
export const draftOf = (set: PermissionSetView, edits: RoleEdits): Permission[] =>
  edits[set.key] ?? set.permissions;

const sameMembers = (a: readonly Permission[], b: readonly Permission[]) =>
  a.length === b.length && a.every((permission) => b.includes(permission));

/** Ticks or unticks one cell; a set ticked back to what is saved has no unsaved change left. */
export function toggled(set: PermissionSetView, edits: RoleEdits, permission: Permission): RoleEdits {
  const current = draftOf(set, edits);
  const next = current.includes(permission)
    ? current.filter((held) => held !== permission)
    : PERMISSIONS.filter((candidate) => candidate === permission || current.includes(candidate));
  const { [set.key]: _previous, ...others } = edits;
  return sameMembers(next, set.permissions) ? others : { ...others, [set.key]: next };
}

export const withoutEdit = (edits: RoleEdits, key: string): RoleEdits => {
  const { [key]: _dropped, ...others } = edits;
  return others;
};

/** What saving would take away from everyone who holds the set (the confirmation lists these). */
export const removedBy = (set: PermissionSetView, draft: readonly Permission[]): Permission[] =>
  set.permissions.filter((permission) => !draft.includes(permission));

/** What resetting would take away: held now, not in the starting set. */
export const removedByReset = (set: PermissionSetView): Permission[] =>
  set.permissions.filter((permission) => !set.defaultPermissions.includes(permission));
