import { createRouter } from '../../lib/router.ts';

/** Invitations to an organisation, and the admins' list of every pending one (/api/organisation/invitations, /api/admin/pending-invitations). (decision 030). */
export const organisationInvitationsRouter = createRouter();
