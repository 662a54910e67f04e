import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSettings } from '../env.ts';
import { type EdgeRoute, withEdgeAnswers } from './edge.ts';
import { createMetrics } from './metrics.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server whose app answers 'app' to everything, behind an edge with `routes`; answers its URL. */
async function serverWith(routes: EdgeRoute[], warnings: unknown[] = [], draining = false) {
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  const app: RequestListener = (_request, response) => response.end('app');
  const settings = parseSettings({ AUTH_SECRET: 'e'.repeat(40) });
  const deps = { settings, logger, metrics: createMetrics({ logger }) };
  const server = createServer(withEdgeAnswers(deps, routes, app));
  // As server.ts does while a process drains.
  if (draining)
    server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answer = { route: '/here', status: 200, headers: { 'content-type': 'text/plain' }, body: 'edge' };

describe('withEdgeAnswers', () => {
  it('answers a GET a route knows; the rest, and other methods, go to the app', async () => {
    const url = await serverWith([({ path }) => (path === '/here' ? answer : undefined)]);
    expect(await (await fetch(`${url}/here?x=1`)).text()).toBe('edge');
    expect(await (await fetch(`${url}/elsewhere`)).text()).toBe('app');
    expect(await (await fetch(`${url}/here`, { method: 'POST' })).text()).toBe('app');
  });

  it('hands the path and the query string apart', async () => {
    const seen: { path: string; search: string }[] = [];
    const url = await serverWith([
      ({ path, search }) => {
        seen.push({ path, search });
        return undefined;
      },
    ]);
    await fetch(`${url}/nsw/a-listing?utm_source=x&b=2`);
    expect(seen).toEqual([{ path: '/nsw/a-listing', search: 'utm_source=x&b=2' }]);
  });

  it('leaves the request to the app, and says so, when a route fails', async () => {
    const warnings: { msg?: string }[] = [];
    const url = await serverWith(
      [
        () => {
          throw new Error('broken');
        },
      ],
      warnings,
    );
    expect(await (await fetch(`${url}/here`)).text()).toBe('app');
    expect(warnings.map((warning) => warning.msg)).toContain('edge answer failed; the app answers');
  });

  it("lets an answer's own header win over a security header", async () => {
    const url = await serverWith([
      () => ({ ...answer, headers: { ...answer.headers, 'referrer-policy': 'no-referrer' } }),
    ]);
    const response = await fetch(`${url}/here`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it("sends the length (not chunked), and keeps a draining process's connection: close", async () => {
    const url = await serverWith([() => answer], [], true);
    const response = await fetch(`${url}/here`);
    expect(response.headers.get('content-length')).toBe('4');
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.text()).toBe('edge');
  });
});
