import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/render.tsx';
import {
  ApiClientError,
  apiRequest,
  CLIENT_ERROR_CODES,
  setEmailNotVerifiedHandler,
  setSessionRequiredHandler,
  toApiClientError,
} from './api-client.ts';

const okSchema = z.object({ ok: z.literal(true) });

afterEach(() => {
  vi.unstubAllGlobals();
  // The handlers are module state: leave the defaults for the next test file and test.
  setSessionRequiredHandler(null);
  setEmailNotVerifiedHandler(null);
});

/** Installs spies for both access handlers. */
function spyOnAccessHandlers() {
  const sessionRequired = vi.fn();
  const emailNotVerified = vi.fn();
  setSessionRequiredHandler(sessionRequired);
  setEmailNotVerifiedHandler(emailNotVerified);
  return { sessionRequired, emailNotVerified };
}

describe('toApiClientError', () => {
  it("reads the API's error shape", () => {
    const error = toApiClientError(422, {
      error: { code: 'VALIDATION_FAILED', message: 'Check the form.', fields: { email: 'Taken' } },
    });
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Check the form.' });
    expect(error.fields).toEqual({ email: 'Taken' });
  });

  it('falls back to a generic message for bodies it does not know', () => {
    const error = toApiClientError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe(CLIENT_ERROR_CODES.unexpected);
    expect(error.message).toMatch(/something went wrong/i);
  });
});

describe('apiRequest', () => {
  it('returns the validated answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ok: true })),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).resolves.toEqual({ ok: true });
  });

  it('throws ApiClientError with the status, code and message of a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Admins only.' } })),
    );
    const error = await apiRequest('/api/thing', { schema: okSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Admins only.' });
  });

  it('reports a lost session to the handler before throwing (spec §8)', async () => {
    const handlers = spyOnAccessHandlers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: { code: 'SessionRequired', message: 'Sign in.' } })),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).rejects.toMatchObject({
      code: 'SessionRequired',
    });
    expect(handlers.sessionRequired).toHaveBeenCalledOnce();
    expect(handlers.emailNotVerified).not.toHaveBeenCalled();
  });

  it('reports an unverified email to its handler before throwing (spec §4)', async () => {
    const handlers = spyOnAccessHandlers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, {
          error: { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address to continue.' },
        }),
      ),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).rejects.toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(handlers.emailNotVerified).toHaveBeenCalledOnce();
    expect(handlers.emailNotVerified.mock.calls[0]?.[0]).toBeInstanceOf(ApiClientError);
    expect(handlers.sessionRequired).not.toHaveBeenCalled();
  });

  it('by default loads sign-in with error=SessionRequired and the page, or /verify-email', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      origin: 'http://localhost:3000',
      pathname: '/dashboard',
      search: '?sort=title',
      assign,
    });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(jsonResponse(401, { error: { code: 'SessionRequired', message: 'Sign in.' } }))
        .mockResolvedValueOnce(
          jsonResponse(403, { error: { code: 'EMAIL_NOT_VERIFIED', message: 'Verify.' } }),
        ),
    );
    await apiRequest('/api/thing', { schema: okSchema }).catch(() => undefined);
    await apiRequest('/api/thing', { schema: okSchema }).catch(() => undefined);
    expect(assign.mock.calls).toEqual([
      ['/login?error=SessionRequired&redirect=%2Fdashboard%3Fsort%3Dtitle'],
      ['/verify-email?error=EMAIL_NOT_VERIFIED'],
    ]);
  });

  it('reports other refusals to neither handler', async () => {
    const handlers = spyOnAccessHandlers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'Admins only.' } })),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(handlers.sessionRequired).not.toHaveBeenCalled();
    expect(handlers.emailNotVerified).not.toHaveBeenCalled();
  });

  it('turns an unreachable server into a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
    });
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { ok: 'yes' })),
    );
    await expect(apiRequest('/api/thing', { schema: okSchema })).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.invalidResponse,
    });
  });

  it('sends JSON bodies and query parameters', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { ok: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/thing', {
      method: 'POST',
      body: { a: 1 },
      query: { page: 2, skip: undefined },
      schema: okSchema,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://localhost:3000/api/thing?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
  });
});
