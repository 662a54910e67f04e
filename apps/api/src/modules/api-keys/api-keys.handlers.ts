import { createRouter } from '../../lib/router.ts';

/** Organisation API keys (/api/crm/api-keys). (decision 029). */
export const apiKeysRouter = createRouter();
