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
