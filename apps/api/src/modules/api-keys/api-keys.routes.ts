/** Organisation API keys (/api/crm/api-keys). Route contracts: filled in by issue 18's work (decision 029). */
export {};
