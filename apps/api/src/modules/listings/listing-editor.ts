import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { userCan } from '../../lib/permissions.ts';
import { findListingAccess } from './listings.repository.ts';

/**
 * Who may read a listing in full and edit it (design §1–§2): platform admins, and approved members
 * (or members of the owning organisation) who hold `projects.edit`. Recommended-only users, other
 * organisations and the rest get 403; a missing project 404. The repository finds, this answers.
 */
export async function requireListingEditor(
  db: Db,
  user: { id: string; role?: string | null; jobRoleId?: number | null },
  projectId: number,
) {
  const access = await findListingAccess(db, user, projectId);
  if (access === 'missing') throw notFound('No such project.');
  if (access === 'not-reader') {
    throw forbidden('Only approved members of this project can open its listing. Request access to edit it.');
  }
  if (!access.viewer.isAdmin && !(await userCan(db, user, 'projects.edit'))) {
    throw forbidden('You do not have permission to edit listings.');
  }
  return access;
}
