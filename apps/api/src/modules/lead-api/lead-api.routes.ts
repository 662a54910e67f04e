/** The lead API for CRMs and other lead sources (/api/v1/leads, an organisation API key). Route contracts: filled in by issue 18's work (decision 029). */
export {};
