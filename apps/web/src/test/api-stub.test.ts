import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, ok, stubApi } from './api-stub.ts';
import { sessionOf } from './factories.ts';

afterEach(() => vi.unstubAllGlobals());

async function call(path: string, init?: RequestInit) {
  const response = await fetch(new URL(path, 'http://localhost:3000'), init);
  return { status: response.status, body: await response.json() };
}

describe('stubApi', () => {
  it("answers the frame's calls for a signed-out visitor on the default tenant", async () => {
    stubApi();
    expect(await call('/api/site')).toMatchObject({ status: 200, body: { tenant: 'offplan' } });
    expect(await call('/api/auth/get-session')).toEqual({ status: 200, body: null });
    expect(await call('/api/notifications/dana%40example.com')).toEqual({
      status: 200,
      body: { notifications: [] },
    });
  });

  it("lets a test's routes override the frame and add their own; anything else is a 404", async () => {
    const session = sessionOf({ role: 'admin' });
    stubApi({
      'GET /api/auth/get-session': ok(session),
      'POST /api/feedback': ({ body }) => ({ status: 201, body: { echoed: body } }),
      'DELETE /api/account/sessions/*': apiError(403, 'FORBIDDEN', 'No.'),
    });
    expect((await call('/api/auth/get-session')).body).toEqual(session);
    expect(await call('/api/feedback', { method: 'POST', body: JSON.stringify({ message: 'Hi' }) })).toEqual({
      status: 201,
      body: { echoed: { message: 'Hi' } },
    });
    expect((await call('/api/account/sessions/s2', { method: 'DELETE' })).status).toBe(403);
    expect((await call('/api/unknown')).status).toBe(404);
  });

  it('records each call with its method, path, headers and parsed body', async () => {
    const calls = stubApi();
    await call('/api/notifications/token', {
      method: 'POST',
      headers: { 'X-Notification-Token': 't1' },
      body: JSON.stringify({ email: 'dana@example.com' }),
    });
    expect(callsTo(calls, 'POST', '/api/notifications/token')).toEqual([
      expect.objectContaining({
        headers: { 'x-notification-token': 't1' },
        body: { email: 'dana@example.com' },
      }),
    ]);
  });
});
