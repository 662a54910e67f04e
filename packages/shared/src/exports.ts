/** /export (issue 19): datasets, filters and progress. */
export {};
