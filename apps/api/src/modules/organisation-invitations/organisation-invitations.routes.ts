/** Invitations to an organisation, and the admins' list of every pending one (/api/organisation/invitations, /api/admin/pending-invitations). Route contracts: filled in by issue 18's work (decision 030). */
export {};
