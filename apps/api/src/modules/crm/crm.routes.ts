/** CRM destinations, the delivery log, resends and test leads (/api/crm/destinations, /api/crm/deliveries, /api/crm/projects). Route contracts: filled in by issue 18's work (decision 029). */
export {};
