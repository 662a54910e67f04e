import { createRouter } from '../../lib/router.ts';

/** Join requests made at registration, and admins creating organisations and moving users (/api/organisation/join-requests, /api/admin/organisations). (decision 030). */
export const organisationJoinsRouter = createRouter();
