import { ANALYTICS, ANALYTICS_MAX_EVENTS_PER_BATCH, type AnalyticsEvent, API_PATHS } from '@offplan/shared';
import type { EventQueue } from './event-queue.ts';
import { type Backoff, createBackoff, createFlushTimer } from './transport-backoff.ts';
import { batchBody, byteLength, exitBatch, idsOf, nextBatch, pendingBytes } from './transport-batches.ts';

// Batch sizing lives in transport-batches.ts; eventBytes stays importable from here, where callers look.
export { eventBytes } from './transport-batches.ts';

export const ANALYTICS_BATCH_ENDPOINT = API_PATHS.analyticsBatch;

/** What one send answered: the HTTP status (0 when the network failed) and Retry-After, if any. */
export type SendResult = { status: number; retryAfterMs?: number | null };
export type SendBatch = (
  events: readonly AnalyticsEvent[],
  options: { keepalive: boolean },
) => Promise<SendResult>;
/** `navigator.sendBeacon` in the browser: true when the browser took the data to send. */
export type SendBeacon = (url: string, data: Blob) => boolean;

/** Spec §8 status mapping, as the transport acts on it. */
export type SendOutcome = 'success' | 'rate_limited' | 'payload_too_large' | 'timeout' | 'invalid' | 'failed';

export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 429) return 'rate_limited';
  if (status === 413) return 'payload_too_large';
  if (status === 408) return 'timeout';
  if (status >= 400 && status < 500) return 'invalid';
  // 5xx, and 0 for a network error: worth retrying.
  return 'failed';
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * POST /api/analytics/batch with the session cookie (the server takes user_id from it, never from the
 * body). Network failures answer status 0 rather than throwing.
 */
export function createFetchSender(
  options: { endpoint?: string; fetch?: typeof fetch; now?: () => number } = {},
): SendBatch {
  const endpoint = options.endpoint ?? ANALYTICS_BATCH_ENDPOINT;
  const now = options.now ?? Date.now;
  return async (events, { keepalive }) => {
    const body = batchBody(events);
    try {
      // Not apiRequest: the last batch needs keepalive (it outlives the page), the sender reads
      // Retry-After, and a failure must answer status 0 instead of throwing or redirecting to sign-in.
      const fetchImpl = options.fetch ?? fetch;
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        credentials: 'same-origin',
        // Browsers refuse keepalive bodies over 64 KB.
        keepalive: keepalive && byteLength(body) <= ANALYTICS.chunkBytes,
      });
      return {
        status: response.status,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
      };
    } catch {
      return { status: 0 };
    }
  };
}

export type TransportConfig = { batchEvents: number; flushIntervalMs: number };

export type TransportOptions = {
  queue: EventQueue;
  send: SendBatch;
  /** For the last events when the page goes away; fetch with keepalive when absent or refused. */
  sendBeacon?: SendBeacon | null;
  endpoint?: string;
  config: () => TransportConfig;
  now?: () => number;
  logger?: Pick<Console, 'warn'>;
};

function clampBatch(size: number): number {
  return Math.max(1, Math.min(Math.floor(size), ANALYTICS_MAX_EVENTS_PER_BATCH));
}

type Settling = {
  queue: EventQueue;
  backoff: Backoff;
  logger: Pick<Console, 'warn'>;
  /** A 413 answered a batch of several events: the next ones hold at most this many. */
  limitBatch: (size: number) => void;
};

/** Acts on one answer (spec §8); true to go on with the next batch now. */
function settle(
  batch: AnalyticsEvent[],
  result: SendResult,
  { queue, backoff, logger, limitBatch }: Settling,
) {
  switch (outcomeOf(result.status)) {
    case 'success':
      queue.remove(idsOf(batch));
      backoff.succeeded();
      return true;
    case 'rate_limited':
      backoff.rateLimited(result.retryAfterMs);
      return false;
    case 'payload_too_large':
      if (batch.length === 1) {
        logger.warn('[analytics] an event too large to send was dropped');
        queue.remove(idsOf(batch));
      } else {
        limitBatch(Math.max(1, Math.floor(batch.length / 2)));
      }
      return true;
    case 'invalid':
      logger.warn(`[analytics] ${batch.length} invalid event(s) dropped (HTTP ${result.status})`);
      queue.remove(idsOf(batch));
      return true;
    case 'timeout':
    case 'failed':
      backoff.failed();
      return false;
  }
}

/**
 * What the transport does next with the events waiting: nothing waiting clears the timer; a back-off
 * arms it for the rest of the wait; a full batch (events or bytes) flushes now; else the flush interval
 * is armed, unless a timer already runs.
 */
function nextStep(state: {
  queue: EventQueue;
  backoff: Backoff;
  batchLimit: number;
  timerArmed: boolean;
  config: TransportConfig;
}): 'flush' | 'clear-timer' | 'keep-timer' | { armMs: number } {
  const { queue, backoff } = state;
  if (queue.size() === 0) return 'clear-timer';
  const wait = backoff.waitMs();
  if (wait > 0) return { armMs: wait };
  if (queue.size() >= state.batchLimit || pendingBytes(queue) >= ANALYTICS.batchBytes) return 'flush';
  return state.timerArmed ? 'keep-timer' : { armMs: state.config.flushIntervalMs };
}

/**
 * Sends batch after batch of the events waiting when a flush began (later ones wait for their own
 * trigger), while the transport runs and no back-off is in force; stops at an answer that says wait.
 */
function createBatchSender(options: {
  queue: EventQueue;
  send: SendBatch;
  backoff: Backoff;
  settling: Settling;
  running: () => boolean;
  batchLimit: () => number;
}) {
  const { queue, send, backoff, settling } = options;
  /** The batch on the wire with keepalive: the page-hide beacon leaves it to that request. */
  let sending: ReadonlySet<string> = new Set();

  return {
    async drain(keepalive: boolean): Promise<void> {
      const flushing = new Set(idsOf(queue.pending()));
      while (options.running() && !backoff.gaveUp() && backoff.waitMs() <= 0) {
        const batch = nextBatch(queue, flushing, options.batchLimit());
        if (batch.length === 0) return;
        // A plain request dies with the page; only a keepalive one may carry its batch past page-hide.
        if (keepalive) sending = new Set(idsOf(batch));
        let result: SendResult;
        try {
          result = await send(batch, { keepalive });
        } finally {
          sending = new Set();
        }
        if (!settle(batch, result, settling)) return;
      }
    },
    onTheWire: () => sending,
  };
}

/**
 * The page is going away: hand the oldest waiting events (up to 64 KB) to the browser's beacon, else to
 * a keepalive request. They stay stored: if the beacon is lost the next page load sends them again, and
 * the server ignores a copy it already has (insert_id). The batch already on the wire is left to its own
 * request.
 */
function handOverOnExit(
  options: Pick<TransportOptions, 'queue' | 'send' | 'sendBeacon'> & { endpoint: string },
  onTheWire: ReadonlySet<string>,
): void {
  const batch = exitBatch(options.queue, onTheWire);
  if (batch.length === 0) return;
  let handed = false;
  try {
    const blob = new Blob([batchBody(batch)], { type: 'application/json' });
    handed = options.sendBeacon?.(options.endpoint, blob) ?? false;
  } catch {
    handed = false;
  }
  if (!handed) void options.send(batch, { keepalive: true });
}

/**
 * Batching and delivery (spec §8, §9): a flush at `batchEvents` events or 450 KB waiting, else
 * `flushIntervalMs` after the first waiting event; one batch in flight at a time.
 *
 * - 2xx: the batch leaves the queue.
 * - 429: nothing sent; wait Retry-After, else 30 s (throttleMs).
 * - 413: the batch size halves and the batch is tried again; a single event still too large is dropped.
 * - other 4xx: the batch is invalid and dropped (retrying cannot help).
 * - 408, 5xx and network errors: retried after retryDelayMs × 2^attempt (1 s, 2 s, 4 s…); after
 *   maxRetries (12) retries this page load stops trying and the events stay stored for the next one.
 */
export function createTransport(options: TransportOptions) {
  const { queue, send, config } = options;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? console;
  const endpoint = options.endpoint ?? ANALYTICS_BATCH_ENDPOINT;
  const backoff = createBackoff({ now, logger });
  const timer = createFlushTimer(() => void flush());
  const settling: Settling = { queue, backoff, logger, limitBatch: (size) => (batchLimit = size) };

  let running = false;
  let batchLimit = clampBatch(config().batchEvents);
  let inFlight: Promise<void> | null = null;
  const sender = createBatchSender({
    queue,
    send,
    backoff,
    settling,
    running: () => running,
    batchLimit: () => batchLimit,
  });

  /**
   * Sends everything waiting now, batch by batch, unless a back-off or rate limit is in force.
   * `keepalive` lets the requests outlive the page (the tab was hidden and may be closed).
   */
  function flush(flushOptions: { keepalive?: boolean } = {}): Promise<void> {
    if (inFlight) return inFlight;
    timer.clear();
    inFlight = sender
      .drain(flushOptions.keepalive ?? false)
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        schedule();
      });
    return inFlight;
  }

  /** Called after each new event (and after each flush): flush now, or arm the timer. */
  function schedule(): void {
    if (!running || backoff.gaveUp() || inFlight) return;
    const step = nextStep({ queue, backoff, batchLimit, timerArmed: timer.armed(), config: config() });
    if (step === 'flush') void flush();
    else if (step === 'clear-timer') timer.clear();
    else if (step !== 'keep-timer') timer.arm(step.armMs);
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      schedule();
    },
    stop(): void {
      running = false;
      timer.clear();
    },
    schedule,
    flush,
    sendOnExit(): void {
      if (!running || queue.size() === 0) return;
      handOverOnExit({ queue, send, sendBeacon: options.sendBeacon, endpoint }, sender.onTheWire());
    },
    /** The network is back (`online`): forget back-offs and the given-up state, and try again. */
    resume(): void {
      backoff.reset();
      schedule();
    },
    /** New remote config: batch size and flush interval apply from the next flush. */
    configChanged(): void {
      batchLimit = clampBatch(config().batchEvents);
      if (timer.armed() && backoff.waitMs() <= 0) {
        timer.clear();
        schedule();
      }
    },
    /** For tests and diagnostics. */
    status() {
      const { failures, blockedUntil, gaveUp } = backoff.status();
      return { batchLimit, failures, blockedUntil, gaveUp, running, timerArmed: timer.armed() };
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;
