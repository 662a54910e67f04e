import { expect, test } from './fixtures.ts';

test('/healthz and /readyz answer 200', async ({ request }) => {
  for (const path of ['/healthz', '/readyz']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
  }
});

test('/api/openapi.json is the OpenAPI document', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const document = await response.json();
  expect(document).toHaveProperty('openapi');
  expect(document.openapi).toMatch(/^3\./);
});

test('an unknown API path answers 404 in the one error shape', async ({ request }) => {
  const response = await request.get('/api/xyz');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  });
});

test('client routes fall back to the web app; hashed assets are cached for a year and sent compressed', async ({
  request,
}) => {
  const page = await request.get('/dashboard/anything?x=1');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'index.html links a hashed script').toBeTruthy();

  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');

  const gzipOnly = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
});

test('demo images are served by the portal itself', async ({ request }) => {
  const image = await request.get('/media/demo/1.svg');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/svg+xml');
});

test('the web app page itself is revalidated on every visit', async ({ request }) => {
  for (const path of ['/', '/index.html']) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    expect(page.headers()['content-type'], path).toContain('text/html');
    expect(page.headers()['cache-control'], path).toBe('no-cache');
  }
});

test('a missing asset answers 404, not the web app', async ({ request }) => {
  for (const path of ['/assets/missing-123.js', '/robots-missing.txt', '/media/demo/missing.svg']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'] ?? '', path).not.toContain('text/html');
  }
});

test('a compressed asset keeps its JavaScript type and tells caches it varies by Accept-Encoding', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'index.html links a hashed script').toBeTruthy();

  const brotli = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers()['content-type']).toContain('javascript');
  expect(brotli.headers().vary).toContain('Accept-Encoding');

  const preferred = await request.get(script!, { headers: { 'accept-encoding': 'gzip;q=1.0, br;q=0.9' } });
  expect(preferred.headers()['content-encoding']).toBe('gzip');

  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['content-type']).toContain('javascript');
  expect(plain.headers().vary).toContain('Accept-Encoding');
});
