import { createRouter } from '../../lib/router.ts';

export const leadsRouter = createRouter();
