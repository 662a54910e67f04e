/** The caller's organisation: details, logo, members and projects (/api/organisation). Route contracts: filled in by issue 18's work (decision 030). */
export {};
