import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectConfigurations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ENQUIRY_TOKEN_FIELD } from '../enquiries/enquiry-form-token.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';

/**
 * A cache HIT of the public listing page is written by @hono/node-server's direct path (no streamed
 * undici Response: the middlewares add their headers to the answer's own headers). These tests send
 * real HTTP requests through `serve`, as production does, and compare a HIT with the MISS before it
 * header by header and byte by byte.
 */

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ TENANT_HOSTS: 'ibn.localhost=ibn' });
  f = projectFixtures(t);
  server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** One request over a real socket; the answer's headers as Node parsed them and its raw bytes. */
function send(method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that differ on every answer by design: the clock, the request id and the cache's verdict. */
function comparable({ headers }: Answer) {
  const { date, 'x-request-id': requestId, 'x-cache': cache, ...rest } = headers;
  expect(date).toBeTruthy();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(cache === 'HIT' || cache === 'MISS').toBe(true);
  return rest;
}

/** The page with its per-answer form token (issue time and signature, fixed length) masked. */
const tokenValue = new RegExp(`(name="${ENQUIRY_TOKEN_FIELD}" value=")[0-9]+\\.[A-Za-z0-9_-]+"`);
const maskedBody = ({ body }: Answer) => body.toString('utf8').replace(tokenValue, '$1…"');

async function sellingListing() {
  const slug = `elm-${Math.random().toString(36).slice(2, 8)}`;
  const id = await f.project('The Elm', { slug, salesStatus: 'SELLING_NOW', stage: 'COMMENCED' });
  await t.db
    .insert(projectConfigurations)
    .values({ projectId: id, name: '1 bedroom', bedrooms: 1, bathrooms: 1, priceFrom: 650000 });
  return `/nsw/${slug}`;
}

const TENANT_HOSTS = { offplan: `127.0.0.1`, ibn: 'ibn.localhost' } as const;

describe('a cached public listing page (HIT) answers exactly as the rendered one (MISS)', () => {
  for (const [tenant, host] of Object.entries(TENANT_HOSTS)) {
    it(`GET, ${tenant} host: same status, headers and bytes (the form token aside)`, async () => {
      const path = await sellingListing();
      const miss = await send('GET', path, { host });
      const hit = await send('GET', path, { host });
      const again = await send('GET', path, { host });
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(again.headers['x-cache']).toBe('HIT');
      expect(hit.status).toBe(200);
      expect(hit.status).toBe(miss.status);
      expect(comparable(hit)).toEqual(comparable(miss));
      expect(comparable(again)).toEqual(comparable(hit));
      // Every header the stack adds is there (not only the page's own).
      expect(comparable(hit)).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-length': String(hit.body.length),
      });
      expect(hit.body.length).toBe(miss.body.length);
      expect(maskedBody(hit)).toContain(`name="${ENQUIRY_TOKEN_FIELD}" value="…"`);
      expect(maskedBody(hit)).toBe(maskedBody(miss));
      // Each answer still gets a form token of its own.
      expect(hit.body.toString('utf8').match(tokenValue)?.[0]).toBeTruthy();
    });

    it(`HEAD, ${tenant} host: same status and headers, no body`, async () => {
      const path = await sellingListing();
      const miss = await send('HEAD', path, { host });
      const hit = await send('HEAD', path, { host });
      expect(miss.headers['x-cache']).toBe('MISS');
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.status).toBe(200);
      expect(hit.status).toBe(miss.status);
      expect(comparable(hit)).toEqual(comparable(miss));
      expect(hit.body.length).toBe(0);
      expect(miss.body.length).toBe(0);
    });
  }

  it('a page cached under one tenant host answers another host the same way', async () => {
    const path = await sellingListing();
    const miss = await send('GET', path, { host: TENANT_HOSTS.ibn });
    const hit = await send('GET', path, { host: TENANT_HOSTS.offplan });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(maskedBody(hit)).toBe(maskedBody(miss));
  });

  it('a conditional request is not answered 304 (the page carries no validator): HIT equals MISS', async () => {
    const path = await sellingListing();
    const miss = await send('GET', path, {
      'if-none-match': '*',
      'if-modified-since': new Date().toUTCString(),
    });
    const hit = await send('GET', path, {
      'if-none-match': '*',
      'if-modified-since': new Date().toUTCString(),
    });
    expect(miss.headers.etag).toBeUndefined();
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.status).toBe(200);
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(maskedBody(hit)).toBe(maskedBody(miss));
  });
});
