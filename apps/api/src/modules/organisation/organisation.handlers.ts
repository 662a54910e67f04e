import { createRouter } from '../../lib/router.ts';

/** The caller's organisation: details, logo, members and projects (/api/organisation). (decision 030). */
export const organisationRouter = createRouter();
