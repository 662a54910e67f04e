import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@offplan/shared';
import { eq, like } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rateLimit, throttleCounters } from '../src/db/schema/index.ts';
import { parseSettings } from '../src/env.ts';
import { buildApp } from '../src/test/test-app.ts';

/** The demo account the benchmarks call the API as. */
export const BENCH_USER_EMAIL = 'developer@demo.offplan.test';

/**
 * The app as one process composes it over a benchmark database, and the headers of a signed-in demo
 * developer (shared by bench:projects and bench:user-projects).
 */
export async function signedInBenchApp(database: Database, dataDir: string) {
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const { app, deps } = await buildApp(database, settings);
  const stop = () => deps.queue.stop({ graceful: false, timeout: 1000 });
  const headers = { origin: settings.baseUrl, 'content-type': 'application/json' };
  // Runs against one --url database sign in again and again: sign-in limits are not measured here.
  await database.db.delete(throttleCounters).where(eq(throttleCounters.key, `sign-in:${BENCH_USER_EMAIL}`));
  await database.db.delete(rateLimit).where(like(rateLimit.key, '%/sign-in/email'));
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: BENCH_USER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) {
    await stop();
    throw new Error(`sign-in failed: ${signIn.status}`);
  }
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { app, stop, headers: { ...headers, cookie } };
}
