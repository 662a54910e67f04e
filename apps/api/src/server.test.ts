import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet, type IncomingMessage, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, type UserProjectsResponse } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURE_HEADERS } from './middlewares/security-headers.ts';
import { checkEnquiryFormToken } from './modules/enquiries/enquiry-form-token.ts';
import { createFreshPostgresDatabase } from './test/test-app.ts';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let child: ChildProcess;
let baseUrl: string;
let output = '';
let cleanup: () => Promise<void>;
let cookie = '';
let listingPath = '';
const AUTH_SECRET = 'server-test-auth-secret-of-forty-characters';
const METRICS_TOKEN = 'server-test-metrics-token';

async function signInDeveloper() {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'developer@demo.offplan.test', password: DEMO_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Starts the real entry point in its own process and waits for its "portal ready" log line. */
beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-server-'));
  const fresh = onPostgres ? await createFreshPostgresDatabase() : undefined;
  cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  };
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AUTH_SECRET,
      METRICS_TOKEN,
      ...(fresh ? { DATABASE_URL: fresh.url, SEED_DEMO: 'true' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('"portal ready"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}, 90_000);

/** A port nobody listens on now, so the server's own base URL (and trusted origin) is known up front. */
function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await cleanup();
});

describe(`the portal process (${onPostgres ? 'PostgreSQL server' : 'embedded PGlite'})`, () => {
  it('migrates, fills demo data, prints the demo accounts and is ready', async () => {
    expect(output).toContain('developer@demo.offplan.test');
    expect(output).toContain(DEMO_PASSWORD);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
  });

  it('keeps idle connections open longer than clients and load balancers (65 s, not 5 s)', async () => {
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${baseUrl}/healthz`, { agent: new Agent({ keepAlive: true }) }, resolve).on('error', reject),
    );
    answer.resume();
    expect(answer.headers['keep-alive']).toBe('timeout=65');
  });

  it('signs in a demo account and shows its projects', async () => {
    cookie = await signInDeveloper();
    const projects = await fetch(`${baseUrl}/api/user-projects`, { headers: { cookie } });
    const { output: state } = (await projects.json()) as UserProjectsResponse;
    expect(state.projectIds.length).toBeGreaterThanOrEqual(5);
    const selling = state.projects.find(
      (project) => project.salesStatus === 'SELLING_NOW' && project.stage !== 'NOT_PROCEEDING',
    );
    listingPath = `/${selling!.prefix}/${selling!.slug}`;
  });
});

describe('the portal process answers from memory before the app (the edge, decision 047)', () => {
  /** The headers two answers must agree on: all but the ones that differ per answer. */
  const comparable = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name)),
    );

  it('/healthz carries the same security headers as an answer of the app (/readyz)', async () => {
    const live = await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'edge-check-0001' } });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    expect(live.headers.get('x-request-id')).toBe('edge-check-0001');
    expect(live.headers.get('content-type')).toBe(ready.headers.get('content-type'));
    for (const [name, value] of [...SECURE_HEADERS, ['content-security-policy', '']]) {
      expect(live.headers.get(name), name).toBe(ready.headers.get(name));
      if (value) expect(live.headers.get(name), name).toBe(value);
    }
    expect(live.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('a cached listing page: the same answer as the app gave, a form token of its own, the visit attribution, a log line', async () => {
    // The first visit renders the page in the app (MISS); the next ones come from the cache.
    const query = '?utm_source=newsletter&utm_campaign=spring%20launch';
    const rendered = await fetch(`${baseUrl}${listingPath}${query}`);
    const cached = await fetch(`${baseUrl}${listingPath}${query}`, {
      headers: { 'x-request-id': 'edge-check-0002', referer: 'https://news.example/today' },
    });
    expect(rendered.headers.get('x-cache')).toBe('MISS');
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(cached.headers.get('x-request-id')).toBe('edge-check-0002');
    expect({ ...comparable(cached), 'x-cache': 'MISS' }).toEqual(comparable(rendered));
    const [renderedBody, cachedBody] = [await rendered.text(), await cached.text()];
    const tokenOf = (body: string) => /name="formToken" value="([^"]+)"/.exec(body)?.[1];
    // Signed with the process's secret, dated now: refused only as too fast, like the app's own.
    expect(checkEnquiryFormToken(AUTH_SECRET, tokenOf(cachedBody))).toBe('too_fast');
    expect(cachedBody).toContain('<input type="hidden" name="utmSource" value="newsletter">');
    expect(cachedBody).toContain('<input type="hidden" name="utmCampaign" value="spring launch">');
    expect(cachedBody).toContain('<input type="hidden" name="referrer" value="https://news.example/today">');
    const withoutFields = (body: string) => body.replace(/<input type="hidden"[^>]*>/g, '');
    expect(withoutFields(cachedBody)).toBe(withoutFields(renderedBody));

    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = output.split('\n').find((entry) => entry.includes('edge-check-0002'));
    expect(JSON.parse(line!)).toMatchObject({
      method: 'GET',
      path: listingPath,
      status: 200,
      msg: 'request',
    });
  });

  it("leaves to the app what only it answers: a sent enquiry's page and HEAD", async () => {
    await fetch(`${baseUrl}${listingPath}`);
    const sent = await fetch(`${baseUrl}${listingPath}?enquiry=sent`);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('cache-control')).toBe('private, no-store');
    expect(await sent.text()).toContain('your enquiry has been sent');
    const head = await fetch(`${baseUrl}${listingPath}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBe('HIT');
  });

  it('counts its answers in the metrics under the routes the app would have answered', async () => {
    const count = async (route: string) => {
      const metrics = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const pattern = new RegExp(
        `^offplan_http_requests_total\\{method="GET",route="${route}",status="200"\\} (\\d+)$`,
        'm',
      );
      return Number(pattern.exec(await metrics.text())?.[1] ?? 0);
    };
    const [pages, probes] = [await count('/:prefix/:slug'), await count('/healthz')];
    await fetch(`${baseUrl}${listingPath}`);
    await fetch(`${baseUrl}/healthz`);
    expect(await count('/:prefix/:slug')).toBe(pages + 1);
    expect(await count('/healthz')).toBe(probes + 1);
  });
});

describe('the portal process, later', () => {
  it('writes one JSON log line per request, with its request id, but none for a passing health check', async () => {
    await fetch(`${baseUrl}/api/site`, { headers: { 'x-request-id': 'log-check-0001' } });
    await fetch(`${baseUrl}/healthz`, { headers: { 'x-request-id': 'log-check-0002' } });
    await fetch(`${baseUrl}/readyz`, { headers: { 'x-request-id': 'log-check-0003' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = output.split('\n').find((entry) => entry.includes('log-check-0001'));
    expect(JSON.parse(line!)).toMatchObject({
      requestId: 'log-check-0001',
      path: '/api/site',
      status: 200,
      msg: 'request',
    });
    // The balancer asks these every couple of seconds: a passing one says nothing worth a line.
    expect(output).not.toContain('log-check-0002');
    expect(output).not.toContain('log-check-0003');
  });

  it('on SIGTERM finishes the request in flight, then exits cleanly within 5 s', async () => {
    // A request whose body is still arriving when the signal comes.
    const { port } = new URL(baseUrl);
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user-update',
      // Signed in, so the handler is past the session check and waiting for the body when the signal comes.
      headers: {
        'content-type': 'application/json',
        'content-length': 40,
        origin: baseUrl,
        cookie: cookie || (await signInDeveloper()),
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      inFlight.on('error', reject);
    });
    const body = JSON.stringify({ first_name: 'Al', last_name: 'Bee' }).padEnd(40, ' ');
    inFlight.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.end(body.slice(10));

    // Answered in full rather than cut off.
    expect(await answered).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(output).toContain('"stopped"');
  });
});
