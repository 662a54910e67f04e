/**
 * What better-auth's client is built from, loaded together behind one dynamic import (see
 * createClient in auth-client.ts). Named static re-exports let the bundler keep only these three
 * plugins: a destructured `import('better-auth/client/plugins')` kept the whole barrel (one-tap,
 * OAuth pop-ups, every plugin's error codes), about 5 KB compressed on the sign-in page.
 */
export { adminClient, inferAdditionalFields, organizationClient } from 'better-auth/client/plugins';
export { createAuthClient } from 'better-auth/react';
