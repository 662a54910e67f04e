import { createRouter } from '../../lib/router.ts';

/** The lead API for CRMs and other lead sources (/api/v1/leads, an organisation API key). (decision 029). */
export const leadApiRouter = createRouter();
