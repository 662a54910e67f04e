/** Manage Roles (/roles): the permission sets of design §1, editable by admins (issue 19). Route contracts. */
export {};
