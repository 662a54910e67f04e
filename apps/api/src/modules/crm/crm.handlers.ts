import { createRouter } from '../../lib/router.ts';

/** CRM destinations, the delivery log, resends and test leads (/api/crm/destinations, /api/crm/deliveries, /api/crm/projects). (decision 029). */
export const crmRouter = createRouter();
