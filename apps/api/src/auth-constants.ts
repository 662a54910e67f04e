/** Where better-auth is mounted, and the header through which the server tells it the client address. */
export const AUTH_BASE_PATH = '/api/auth';
export const CLIENT_IP_HEADER = 'x-offplan-client-ip';
