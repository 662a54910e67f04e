import { createRouter } from '../../lib/router.ts';

/** The scheduled-tasks page (issue 19): pg-boss's schedules and jobs through its API, with retry and cancel. */
export const scheduledTasksRouter = createRouter();
