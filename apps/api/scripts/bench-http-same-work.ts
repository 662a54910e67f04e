/**
 * bench:http's second baseline for signed-in `GET /api/user-projects`: a bare `node:http` server doing
 * the route's own work with the portal's own functions and none of its stack. It checks the session
 * cookie's signature (HMAC-SHA256, as the session reader does), reads the session once and keeps it (as
 * kept sessions do), then asks `getAccountState` and `permissionCheckOf` and sends their JSON: what the
 * portal's answer costs beyond that is the stack's share. Run by bench-http.ts with its own copy of the
 * seeded data folder (the embedded database takes one process):
 *   tsx scripts/bench-http-same-work.ts <data folder> <auth secret>   (prints its port)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { PERMISSIONS } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { session, user } from '../src/db/schema/index.ts';
import { permissionCheckOf } from '../src/lib/permissions.ts';
import { getAccountState } from '../src/modules/account/account.repository.ts';

const [dataDir, secret] = process.argv.slice(2) as [string, string];
const database = await openDatabase({ dataDir });
const { db } = database;

/** The token of a signed session cookie (`token.base64(HMAC)`, URI-encoded), or null. */
function signedToken(cookieHeader: string | undefined): string | null {
  const match = /(?:^|;\s*)[^=;]*session_token=([^;]*)/.exec(cookieHeader ?? '');
  if (!match) return null;
  const cookie = decodeURIComponent(match[1]!);
  const dot = cookie.lastIndexOf('.');
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

type Viewer = { id: string; role: string | null; jobRoleId: number | null; expiresAt: Date };
const viewers = new Map<string, Viewer>();
async function viewerOf(token: string): Promise<Viewer | undefined> {
  let viewer = viewers.get(token);
  if (!viewer) {
    [viewer] = await db
      .select({ id: user.id, role: user.role, jobRoleId: user.jobRoleId, expiresAt: session.expiresAt })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token));
    if (viewer) viewers.set(token, viewer);
  }
  return viewer && viewer.expiresAt.getTime() > Date.now() ? viewer : undefined;
}

const server = createServer(async (request, response) => {
  const token = request.url === '/api/user-projects' ? signedToken(request.headers.cookie) : null;
  const viewer = token ? await viewerOf(token) : undefined;
  if (!viewer) {
    response.writeHead(401).end();
    return;
  }
  const state = await getAccountState(db, viewer.id);
  const { can } = await permissionCheckOf(database, viewer, state.organisation?.role ?? null);
  const body = JSON.stringify({ success: true, output: { ...state, permissions: PERMISSIONS.filter(can) } });
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
process.once('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
