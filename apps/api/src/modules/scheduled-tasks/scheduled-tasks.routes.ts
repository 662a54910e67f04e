/** The scheduled-tasks page (issue 19): pg-boss's schedules and jobs through its API, with retry and cancel. Route contracts. */
export {};
