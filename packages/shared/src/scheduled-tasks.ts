/** The scheduled-tasks page (issue 19). */
export {};
