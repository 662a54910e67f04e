/** /export (issue 19): CSV of users, organisations, projects, leads and feedback, streamed. Route contracts. */
export {};
