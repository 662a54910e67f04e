import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../lib/context.ts';
import { contentSecurityPolicy, SECURE_HEADERS, securityHeaders } from './security-headers.ts';

describe('content security policy', () => {
  it('lets images come only from this site unless an object-storage origin is given', () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob:;");
    expect(contentSecurityPolicy(['https://media.example.com'])).toContain(
      "img-src 'self' data: blob: https://media.example.com;",
    );
  });
});

/** The headers of an answer without the ones every answer has anyway. */
const headersOf = (response: Response) => {
  const {
    date,
    connection,
    'keep-alive': _,
    'content-length': __,
    ...rest
  } = Object.fromEntries(response.headers);
  return rest;
};

describe('security headers', () => {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders());
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/api/docs', (c) => c.html('<p>docs</p>'));
  app.get('/own-referrer', (c) => c.body('', 200, { 'referrer-policy': 'no-referrer' }));
  app.get('/streamed', () => new Response(new Blob(['x']).stream(), { headers: { 'x-own': '1' } }));

  let server: ServerType;
  let baseUrl: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('are the ones hono/secure-headers sends with the portal’s options', async () => {
    const reference = new Hono();
    reference.use(
      '*',
      secureHeaders({
        crossOriginEmbedderPolicy: false,
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
      }),
    );
    reference.get('/', (c) => c.body(null, 204));
    const { headers } = await reference.request('/');
    expect(Object.fromEntries(headers)).toEqual(Object.fromEntries(SECURE_HEADERS));
  });

  for (const [name, request] of [
    ['over HTTP', (path: string) => fetch(`${baseUrl}${path}`)],
    ['in process', (path: string) => app.request(path)],
  ] as const) {
    it(`go on every answer, the API reference with its own policy (${name})`, async () => {
      const health = headersOf(await request('/healthz'));
      expect(health).toEqual({
        ...Object.fromEntries(SECURE_HEADERS),
        'content-security-policy': contentSecurityPolicy(),
        'content-type': 'application/json',
      });
      const docs = await request('/api/docs');
      expect(docs.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline';");
      expect(docs.headers.get('x-frame-options')).toBe('DENY');
      const streamed = await request('/streamed');
      expect(streamed.headers.get('x-own')).toBe('1');
      expect(streamed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await streamed.text()).toBe('x');
    });

    it(`leave an answer's own value of one of them (${name})`, async () => {
      const answer = await request('/own-referrer');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    });
  }
});
