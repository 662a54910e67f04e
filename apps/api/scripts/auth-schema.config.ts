// Used only by `npx @better-auth/cli@1.4.22 generate` to write db/schema/auth.ts.
import { drizzle } from 'drizzle-orm/node-postgres';
import { createAuth } from '../src/auth.ts';
import { createLogger } from '../src/lib/logger.ts';

export const auth = createAuth({
  db: drizzle.mock() as never,
  baseUrl: 'http://localhost',
  secret: 'x'.repeat(32),
  productName: 'Offplan',
  emailFrom: 'Offplan Portal <no-reply@localhost>',
  trustedOrigins: [],
  logger: createLogger('warn'),
  outbox: { send: async () => '' },
});
