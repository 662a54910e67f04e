import { createRouter } from '../../lib/router.ts';

/** /export (issue 19): CSV of users, organisations, projects, leads and feedback, streamed. */
export const exportsRouter = createRouter();
