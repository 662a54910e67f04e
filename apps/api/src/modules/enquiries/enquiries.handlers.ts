import { createRouter } from '../../lib/router.ts';

export const enquiriesRouter = createRouter();
