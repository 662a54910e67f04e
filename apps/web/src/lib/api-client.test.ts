import { apiErrorSchema } from '@offplan/shared';
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

  // Read by hand (every first page can meet a failed call and loads no schema library): as the
  // shared apiErrorSchema reads it, unknown keys dropped (better-fetch adds status and statusText).
  const error = { code: 'FORBIDDEN', message: 'No.' };
  it.each<[string, unknown]>([
    ['the bare shape', { error }],
    ['fields and a request id', { error: { ...error, fields: { a: 'b' }, requestId: 'r1' } }],
    ['better-fetch extras', { error: { ...error, extra: 1 }, status: 403, statusText: 'Forbidden' }],
    ['a field message that is not text', { error: { ...error, fields: { a: 1 } } }],
    ['fields as a list', { error: { ...error, fields: ['a'] } }],
    ['a numeric request id', { error: { ...error, requestId: 7 } }],
    ['no message', { error: { code: 'X' } }],
    ['error as text', { error: 'X' }],
    ['null', null],
  ])('reads %s as apiErrorSchema does', (_name, body) => {
    const parsed = apiErrorSchema.safeParse(body);
    const read = toApiClientError(400, body);
    if (!parsed.success) expect(read.code).toBe(CLIENT_ERROR_CODES.unexpected);
    else
      expect({
        code: read.code,
        message: read.message,
        fields: read.fields,
        requestId: read.requestId,
      }).toEqual({
        fields: undefined,
        requestId: undefined,
        ...parsed.data.error,
      });
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

describe('apiRequest bodies and uploads', () => {
  it('sends a FormData as multipart (no JSON content type) with the extra headers', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { ok: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');

    await apiRequest('/api/upload', {
      method: 'POST',
      body: form,
      headers: { 'x-token': 't1' },
      schema: okSchema,
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ accept: 'application/json', 'x-token': 't1' });
  });

  /** A stand-in XMLHttpRequest: reports half the body sent, then answers `answer`. */
  function stubXhr(answer: { status: number; body: unknown }) {
    const sent: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private request = { method: '', url: '', body: null as unknown, headers: {} as Record<string, string> };
      open(method: string, url: URL | string) {
        this.request.method = method;
        this.request.url = String(url);
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }

  it('reports upload progress through XMLHttpRequest and ends at 100', async () => {
    const sent = stubXhr({ status: 201, body: { ok: true } });
    const progress: number[] = [];
    const form = new FormData();

    await expect(
      apiRequest('/api/upload', {
        method: 'POST',
        body: form,
        onUploadProgress: (percent) => progress.push(percent),
        schema: okSchema,
      }),
    ).resolves.toEqual({ ok: true });

    expect(progress).toEqual([50, 100]);
    expect(sent[0]).toMatchObject({ method: 'POST', body: form, headers: { accept: 'application/json' } });
  });

  it('turns an upload failure into the same ApiClientError and access handling', async () => {
    stubXhr({ status: 401, body: { error: { code: 'SessionRequired', message: 'Sign in.' } } });
    const { sessionRequired } = spyOnAccessHandlers();

    const upload = apiRequest('/api/upload', {
      method: 'POST',
      body: new FormData(),
      onUploadProgress: () => {},
      schema: okSchema,
    });

    await expect(upload).rejects.toMatchObject({ status: 401, code: 'SessionRequired' });
    await expect(upload).rejects.toBeInstanceOf(ApiClientError);
    expect(sessionRequired).toHaveBeenCalledTimes(1);
  });
});
