import {
  type AnalyticsRemoteConfig,
  API_PATHS,
  analyticsRemoteConfigCheck,
  DEFAULT_ANALYTICS_CONFIG,
  REMOTE_CONFIG,
} from '@offplan/shared';

export const REMOTE_CONFIG_ENDPOINT = API_PATHS.analyticsConfig;

/** The portal's own key: first party, not a secret (the server answers every key alike for now). */
export const ANALYTICS_API_KEY = 'offplan-portal';

/**
 * Spec §9 gives the back-off unit (attempt × 1 s) but not the count: three tries fit in the 5 s
 * time-out (tries at 0 s, 1 s and 3 s).
 */
export const REMOTE_CONFIG_MAX_ATTEMPTS = 3;

/** Spec §8 remote-config errors, logged as they are when the local config stands. */
export const REMOTE_CONFIG_ERRORS = {
  timeout: `timeout after ${REMOTE_CONFIG.timeoutMs / 1000} seconds`,
  retriesExceeded: 'retry count exceeded',
  unexpected: 'Unexpected error occurred',
} as const;

export type RemoteConfigOptions = {
  sessionId?: number | null;
  apiKey?: string;
  endpoint?: string;
  fetch?: typeof fetch;
  maxAttempts?: number;
  logger?: Pick<Console, 'warn'>;
};

/** Answers worth another try: the server or the network may recover within the time-out. */
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * GET /api/analytics/config (spec §7) with `api_key`, `config_keys` and `session_id`. The whole fetch,
 * retries included, has 5 s (spec §9); a failed try is repeated after attempt × 1 s. Never rejects: on
 * any failure the local config stands and the spec §8 message goes to console.warn.
 */
export async function fetchRemoteConfig(options: RemoteConfigOptions = {}): Promise<AnalyticsRemoteConfig> {
  const logger = options.logger ?? console;
  const maxAttempts = options.maxAttempts ?? REMOTE_CONFIG_MAX_ATTEMPTS;
  const url = new URL(options.endpoint ?? REMOTE_CONFIG_ENDPOINT, window.location.origin);
  url.searchParams.set('api_key', options.apiKey ?? ANALYTICS_API_KEY);
  url.searchParams.set('config_keys', Object.keys(DEFAULT_ANALYTICS_CONFIG).join(','));
  if (options.sessionId) url.searchParams.set('session_id', String(options.sessionId));

  const controller = new AbortController();
  const { signal } = controller;
  const deadline = setTimeout(() => controller.abort(), REMOTE_CONFIG.timeoutMs);
  const fallBack = (message: string) => {
    logger.warn('[analytics] remote config:', message, '(the local config stands)');
    return DEFAULT_ANALYTICS_CONFIG;
  };

  try {
    for (let attempt = 1; ; attempt += 1) {
      let status = 0;
      try {
        // Not apiRequest: analytics must never send the user to sign-in, and every failure here
        // (status, time-out) is a spec §8 warning with the local config kept, not an ApiClientError.
        const fetchImpl = options.fetch ?? fetch;
        const response = await fetchImpl(url, {
          signal,
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        status = response.status;
        if (response.ok) {
          const parsed = analyticsRemoteConfigCheck.safeParse(await response.json());
          if (!parsed.success) return fallBack(REMOTE_CONFIG_ERRORS.unexpected);
          return { ...DEFAULT_ANALYTICS_CONFIG, ...stripUndefined(parsed.data) };
        }
      } catch {
        if (signal.aborted) return fallBack(REMOTE_CONFIG_ERRORS.timeout);
        // An unreadable body after a 2xx is not worth retrying; a network failure (status 0) is.
        if (status !== 0) return fallBack(REMOTE_CONFIG_ERRORS.unexpected);
      }
      if (!retryable(status)) return fallBack(REMOTE_CONFIG_ERRORS.unexpected);
      if (attempt >= maxAttempts) return fallBack(REMOTE_CONFIG_ERRORS.retriesExceeded);
      await sleep(attempt * REMOTE_CONFIG.retryBackoffUnitMs, signal);
      if (signal.aborted) return fallBack(REMOTE_CONFIG_ERRORS.timeout);
    }
  } finally {
    clearTimeout(deadline);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
