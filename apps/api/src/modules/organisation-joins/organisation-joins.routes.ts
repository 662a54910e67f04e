/** Join requests made at registration, and admins creating organisations and moving users (/api/organisation/join-requests, /api/admin/organisations). Route contracts: filled in by issue 18's work (decision 030). */
export {};
