import { DEFAULT_ANALYTICS_CONFIG, REMOTE_CONFIG } from '@offplan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.tsx';
import { fetchRemoteConfig, REMOTE_CONFIG_ERRORS } from './remote-config.ts';

type FetchStub = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** A fetch that never answers, but gives up when its signal aborts (as the browser's does). */
const hangingFetch: FetchStub = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('remote config (spec §7, §8, §9)', () => {
  it('asks with api_key, config_keys and session_id, and uses the answer', async () => {
    const fetchStub = vi.fn<FetchStub>(async () =>
      jsonResponse(200, { ...DEFAULT_ANALYTICS_CONFIG, autocapture: false, batchEvents: 20 }),
    );
    const warn = vi.fn();
    const config = await fetchRemoteConfig({
      fetch: fetchStub,
      sessionId: 1_767_261_600_000,
      logger: { warn },
    });
    expect(config).toEqual({ ...DEFAULT_ANALYTICS_CONFIG, autocapture: false, batchEvents: 20 });
    const [input, init] = fetchStub.mock.calls[0]!;
    const url = new URL(String(input));
    expect(url.pathname).toBe('/api/analytics/config');
    expect(url.searchParams.get('api_key')).toBeTruthy();
    expect(url.searchParams.get('config_keys')).toBe(
      'autocapture,flushIntervalMs,batchEvents,sessionTimeoutMs',
    );
    expect(url.searchParams.get('session_id')).toBe('1767261600000');
    expect(init).toMatchObject({ credentials: 'same-origin' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps local values the answer leaves out', async () => {
    const fetchStub = vi.fn<FetchStub>(async () => jsonResponse(200, { flushIntervalMs: 10_000 }));
    await expect(fetchRemoteConfig({ fetch: fetchStub })).resolves.toEqual({
      ...DEFAULT_ANALYTICS_CONFIG,
      flushIntervalMs: 10_000,
    });
  });

  it('times out after 5 seconds: the local config stands', async () => {
    expect(REMOTE_CONFIG.timeoutMs).toBe(5000);
    const warn = vi.fn();
    const result = fetchRemoteConfig({ fetch: hangingFetch, logger: { warn } });
    await vi.advanceTimersByTimeAsync(4999);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(DEFAULT_ANALYTICS_CONFIG);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'timeout after 5 seconds', expect.any(String));
    expect(REMOTE_CONFIG_ERRORS.timeout).toBe('timeout after 5 seconds');
  });

  it('retries failures after attempt × 1 s, then reports the retry count exceeded', async () => {
    const fetchStub = vi.fn<FetchStub>(async () =>
      jsonResponse(503, { error: { code: 'DOWN', message: 'down' } }),
    );
    const warn = vi.fn();
    const result = fetchRemoteConfig({ fetch: fetchStub, logger: { warn } });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual(DEFAULT_ANALYTICS_CONFIG);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'retry count exceeded', expect.any(String));
  });

  it('recovers when a retry succeeds', async () => {
    const fetchStub = vi
      .fn<FetchStub>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, { ...DEFAULT_ANALYTICS_CONFIG, autocapture: false }));
    const result = fetchRemoteConfig({ fetch: fetchStub });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toMatchObject({ autocapture: false });
  });

  it('counts the time-out over the retries too', async () => {
    const fetchStub = vi
      .fn<FetchStub>()
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockResolvedValueOnce(jsonResponse(500, {}))
      .mockImplementation(hangingFetch);
    const warn = vi.fn();
    const result = fetchRemoteConfig({ fetch: fetchStub, logger: { warn } });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toEqual(DEFAULT_ANALYTICS_CONFIG);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'timeout after 5 seconds', expect.any(String));
  });

  it.each([
    ['a refusal', () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'x' } })],
    ['an unreadable answer', () => new Response('<html>', { status: 200 })],
    ['a wrong shape', () => jsonResponse(200, { batchEvents: 'many' })],
  ])('reports an unexpected error for %s, without retrying', async (_name, answer) => {
    const fetchStub = vi.fn<FetchStub>(async () => answer());
    const warn = vi.fn();
    await expect(fetchRemoteConfig({ fetch: fetchStub, logger: { warn } })).resolves.toEqual(
      DEFAULT_ANALYTICS_CONFIG,
    );
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'Unexpected error occurred', expect.any(String));
  });

  it('logs with console.warn, never console.error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchStub = vi.fn<FetchStub>(async () => jsonResponse(400, {}));
    await fetchRemoteConfig({ fetch: fetchStub });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(console.error).not.toHaveBeenCalled();
  });
});
