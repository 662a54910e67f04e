import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /healthz answers while the process is up', async () => {
    const response = await t.client.healthz.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers and migrations are current', async () => {
    const response = await t.client.readyz.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', migrations: 'current' },
    });
  });

  it('GET /readyz answers 503 in the error shape when a migration is missing', async () => {
    // Pretend the newest migration was never applied.
    await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1`);
    try {
      const response = await t.client.readyz.$get();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: { code: 'NOT_READY', message: expect.any(String) },
      });
    } finally {
      await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1`);
    }
  });

  it('GET /readyz answers 503 while the process drains for shutdown', async () => {
    const { buildApp } = await import('../../test/test-app.ts');
    const { app, deps } = await buildApp(t.database, t.settings);
    onTestFinished(() => deps.queue.stop({ graceful: false, timeout: 1000 }));
    deps.lifecycle.draining = true;
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_READY' } });
  });

  it('sends security headers and a content security policy', async () => {
    const response = await t.request('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('echoes a request id on every answer', async () => {
    const mine = await t.request('/healthz', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-12345678');
    const generated = await t.request('/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document listing the routes', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/api/user-projects', '/api/user-update', '/api/site']),
    );
  });

  it('includes better-auth endpoints under /api/auth', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-out']),
    );
  });

  it('serves a readable reference page whose script comes from the portal itself', async () => {
    const response = await t.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('/api/openapi.json');
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toEqual(['/api/docs/scalar.js']);
    const bundle = await t.request('/api/docs/scalar.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: expect.stringContaining('/api/no-such-thing') },
    });
  });
});
