import { createRouter } from '../../lib/router.ts';

/** Manage Roles (/roles): the permission sets of design §1, editable by admins (issue 19). */
export const rolesRouter = createRouter();
