import { SITE_SETTINGS_CACHE_MS } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_ROLLUP_JOB } from '../src/jobs/listing-rollup.ts';
import { call, enquiryBody, signIn } from './client.ts';
import { FLEET_METRICS_TOKEN, type Fleet, startFleet, waitFor } from './fleet.ts';

/**
 * Issue 20, item 1: three processes of the production build behind HAProxy on one PostgreSQL database,
 * directly and through PgBouncer in transaction mode (item 3). Everything goes through the balancer
 * unless a check must reach one process (then its own address), as a visitor's next request might.
 */

const DEVELOPER = 'developer@demo.offplan.test';
const ADMIN = 'admin@demo.offplan.test';
const MARKETER = 'marketer@demo.offplan.test';

type FleetUnderTest = { fleet: Fleet; developer: string; admin: string; startedAt: number };

const on = (fleet: Fleet, index: number, path: string) => `${fleet.processes[index]!.url}${path}`;
/** Writes go with the site's own origin, as the browser sends them, whichever process they reach. */
const originOf = (fleet: Fleet) => ({ origin: fleet.env.BASE_URL! });

describe.each([
  { mode: 'PostgreSQL directly', pgbouncer: false },
  { mode: 'PgBouncer in transaction mode', pgbouncer: true },
])('a fleet of three processes on $mode', ({ pgbouncer }) => {
  const under = {} as FleetUnderTest;

  beforeAll(async () => {
    under.startedAt = Date.now();
    under.fleet = await startFleet({ processes: 3, pgbouncer });
    under.developer = await signIn(under.fleet.url, DEVELOPER, '127.0.1.1');
    under.admin = await signIn(under.fleet.url, ADMIN, '127.0.1.2');
  });
  afterAll(async () => {
    await under.fleet?.stop();
  });

  it('balances over every process and reports each ready', () => balancesOverEveryProcess(under));
  it('honours a session made on one process on every other, and its sign-out on all', () =>
    sessionsAcrossProcesses(under));
  it('holds rate limits across processes: sign-in tries per account and enquiries per address', () =>
    rateLimitsAcrossProcesses(under));
  it("shows a listing save on every process's public page within a second", () =>
    listingSaveOnEveryProcess(under));
  it('delivers an in-app message and the maintenance switch to every process', () =>
    messageAndMaintenanceReachEveryProcess(under));
  it('serves Prometheus metrics on each process to a caller with the token', () =>
    metricsOnEveryProcess(under));
  it('runs each scheduled job once per period, not once per process', () =>
    scheduledJobsOncePerPeriod(under));
});

async function balancesOverEveryProcess({ fleet }: FleetUnderTest) {
  for (const process of fleet.processes) expect((await call(`${process.url}/readyz`)).status).toBe(200);
  const answers = await Promise.all(Array.from({ length: 6 }, () => call(`${fleet.url}/readyz`)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
}

async function sessionsAcrossProcesses({ fleet }: FleetUnderTest) {
  const cookie = await signIn(fleet.processes[0]!.url, MARKETER, '127.0.2.1', fleet.url);
  for (const index of [0, 1, 2]) {
    expect((await call(on(fleet, index, '/api/user-projects'), { cookie })).status).toBe(200);
  }
  const signOut = await call(on(fleet, 1, '/api/auth/sign-out'), {
    method: 'POST',
    body: {},
    cookie,
    headers: originOf(fleet),
  });
  expect(signOut.status).toBe(200);
  // Each process heard the sign-out (LISTEN on the direct connection): refused at once, not after a cache expires.
  for (const index of [0, 1, 2]) {
    expect((await call(on(fleet, index, '/api/user-projects'), { cookie })).status).toBe(401);
  }
}

async function rateLimitsAcrossProcesses({ fleet }: FleetUnderTest) {
  // Five wrong passwords spread over the three processes use up the account's minute (SIGN_IN_LIMIT 5).
  const account = 'unverified@demo.offplan.test';
  const tries = [0, 1, 2, 0, 1].map((index) =>
    call(on(fleet, index, '/api/auth/sign-in/email'), {
      body: { email: account, password: 'not-the-password' },
      headers: { ...originOf(fleet), 'x-forwarded-for': `10.9.${index}.1` },
    }),
  );
  for (const answer of await Promise.all(tries)) expect(answer.status).toBe(401);
  const sixth = await call(on(fleet, 2, '/api/auth/sign-in/email'), {
    body: { email: account, password: 'not-the-password' },
    headers: { ...originOf(fleet), 'x-forwarded-for': '10.9.2.2' },
  });
  expect(sixth.status).toBe(429);

  // Ten enquiries from one address through the balancer (round robin: every process takes some).
  const projectId = await enquirableProjectId(fleet);
  const from = '127.0.3.1';
  for (let n = 1; n <= 10; n += 1) {
    const answer = await call(`${fleet.url}/api/enquiries`, {
      body: enquiryBody(projectId, `limit-${n}-${Date.now()}@example.com`, n),
      from,
    });
    expect(answer.status, answer.text).toBe(201);
  }
  const eleventh = await call(`${fleet.url}/api/enquiries`, {
    body: enquiryBody(projectId, `limit-11-${Date.now()}@example.com`, 11),
    from,
  });
  expect(eleventh.status).toBe(429);
}

async function listingSaveOnEveryProcess({ fleet, developer }: FleetUnderTest) {
  const [project] = (
    await fleet.sql.query<{ id: number; prefix: string; slug: string }>(
      `select p.id, p.prefix, p.slug from projects p
         join project_members m on m.project_id = p.id
         join "user" u on u.id = m.user_id
        where u.email = $1 and p.sales_status <> 'HIDDEN' and p.stage <> 'NOT_PROCEEDING'
        order by p.id limit 1`,
      [DEVELOPER],
    )
  ).rows;
  expect(project).toBeDefined();
  const page = `/${project!.prefix}/${project!.slug}`;
  // Every process caches the page first, so the check is about the purge reaching them.
  for (const index of [0, 1, 2]) expect((await call(on(fleet, index, page))).status).toBe(200);
  const marker = `Fleet description ${Date.now()}`;
  const saved = await call(`${fleet.url}/api/listings/${project!.id}`, {
    method: 'PATCH',
    body: { description: marker },
    cookie: developer,
    headers: originOf(fleet),
  });
  expect(saved.status, saved.text).toBe(200);
  const savedAt = Date.now();
  const seenAfter = await Promise.all(
    [0, 1, 2].map(async (index) => {
      await waitFor(
        `process ${index} to show the saved listing`,
        async () => (await call(on(fleet, index, page))).text.includes(marker),
        1000,
        20,
      );
      return Date.now() - savedAt;
    }),
  );
  for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(1000);
}

async function messageAndMaintenanceReachEveryProcess({ fleet, developer, admin }: FleetUnderTest) {
  const title = `Fleet announcement ${Date.now()}`;
  const sent = await call(`${fleet.url}/api/admin/messages`, {
    body: { audience: 'user', userEmail: DEVELOPER, title, body: 'Sent through the balancer.' },
    cookie: admin,
    headers: originOf(fleet),
  });
  expect(sent.status, sent.text).toBe(201);
  for (const index of [0, 1, 2]) expect(await messageTitles(fleet, index, developer)).toContain(title);

  const switched = await call(`${fleet.url}/api/site/settings`, {
    method: 'PUT',
    body: { maintenanceMode: true },
    cookie: admin,
    headers: originOf(fleet),
  });
  expect(switched.status, switched.text).toBe(200);
  // A process that read the settings just before the switch keeps its copy for SITE_SETTINGS_CACHE_MS
  // after that read: the promise is "within that time", so the wait is that and a margin for the read.
  const switchReachesEveryProcessMs = SITE_SETTINGS_CACHE_MS + 1000;
  try {
    for (const index of [0, 1, 2]) {
      await waitFor(
        `process ${index} in maintenance`,
        async () =>
          (await call(on(fleet, index, '/api/user-projects'), { cookie: developer })).status === 503,
        switchReachesEveryProcessMs,
      );
    }
  } finally {
    const off = await call(`${fleet.url}/api/site/settings`, {
      method: 'PUT',
      body: { maintenanceMode: false },
      cookie: admin,
      headers: originOf(fleet),
    });
    expect(off.status).toBe(200);
  }
  for (const index of [0, 1, 2]) {
    await waitFor(
      `process ${index} out of maintenance`,
      async () => (await call(on(fleet, index, '/api/user-projects'), { cookie: developer })).status === 200,
      switchReachesEveryProcessMs,
    );
  }
}

async function metricsOnEveryProcess({ fleet }: FleetUnderTest) {
  for (const index of [0, 1, 2]) {
    expect((await call(on(fleet, index, '/metrics'))).status).toBe(401);
    const metrics = await call(on(fleet, index, '/metrics'), {
      headers: { authorization: `Bearer ${FLEET_METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('offplan_http_requests_total');
  }
}

async function scheduledJobsOncePerPeriod({ fleet, startedAt }: FleetUnderTest) {
  // The listing rollup is scheduled every minute by every process: wait for a minute that began after
  // all three were up (each one's pg-boss offers that minute's job), then count per minute.
  const minute = 60_000;
  const firstFullMinute = (Math.floor(startedAt / minute) + 1) * minute;
  const seen = async () =>
    (await rollupsPerMinute(fleet)).some((row) => new Date(row.minute).getTime() >= firstFullMinute);
  await waitFor('a listing rollup in a minute when all three processes were up', seen, 120_000, 1000);
  const perMinute = await rollupsPerMinute(fleet);
  for (const row of perMinute) expect(row.jobs, `listing rollups at ${row.minute}`).toBe(1);
}

async function enquirableProjectId(fleet: Fleet) {
  const { rows } = await fleet.sql.query<{ id: number }>(
    `select id from projects where sales_status not in ('HIDDEN', 'SOLD_OUT') and stage <> 'NOT_PROCEEDING'
      order by id limit 1`,
  );
  if (!rows[0]) throw new Error('no listed project takes enquiries in the demo data');
  return rows[0].id;
}

async function messageTitles(fleet: Fleet, index: number, cookie: string) {
  const base = fleet.processes[index]!.url;
  const headers = { origin: fleet.env.BASE_URL! };
  const { token } = (
    await call(`${base}/api/notifications/token`, { body: { data: { email: DEVELOPER } }, cookie, headers })
  ).json<{ token: string }>();
  const listed = await call(`${base}/api/notifications/${encodeURIComponent(DEVELOPER)}`, {
    cookie,
    headers: { 'x-notification-token': token },
  });
  expect(listed.status, listed.text).toBe(200);
  return listed
    .json<{ notifications: { customPayload: { title: string } }[] }>()
    .notifications.map((notification) => notification.customPayload.title);
}

/** Listing rollup jobs per minute they were made for, over every minute with one. */
async function rollupsPerMinute(fleet: Fleet) {
  const { rows } = await fleet.sql.query<{ minute: string; jobs: number }>(
    `select date_trunc('minute', coalesce(singleton_on, created_on)) as minute, count(*)::int as jobs
       from pgboss.job where name = $1 group by 1 order by 1`,
    [LISTING_ROLLUP_JOB],
  );
  return rows;
}
