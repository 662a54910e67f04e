import { createRouter } from '../../lib/router.ts';

export const leadScoringRouter = createRouter();
