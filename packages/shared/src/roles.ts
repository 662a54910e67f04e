/** /roles (issue 19): permission sets and their edits. */
export {};
