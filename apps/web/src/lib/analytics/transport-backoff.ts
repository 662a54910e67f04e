import { ANALYTICS } from '@offplan/shared';

/**
 * When the transport may send again (spec §8): a 429 waits Retry-After (else throttleMs); 408, 5xx and
 * network errors wait retryDelayMs × 2^attempt, and after maxRetries retries this page load gives up
 * (the events stay stored for the next one).
 */
export function createBackoff(options: { now: () => number; logger: Pick<Console, 'warn'> }) {
  const { now, logger } = options;
  let failures = 0;
  let blockedUntil = 0;
  let gaveUp = false;

  return {
    succeeded(): void {
      failures = 0;
    },
    rateLimited(retryAfterMs: number | null | undefined): void {
      blockedUntil = now() + (retryAfterMs ?? ANALYTICS.throttleMs);
    },
    failed(): void {
      failures += 1;
      if (failures > ANALYTICS.maxRetries) {
        gaveUp = true;
        logger.warn('[analytics] sending failed too often; events stay stored for the next page load');
        return;
      }
      blockedUntil = now() + ANALYTICS.retryDelayMs * 2 ** (failures - 1);
    },
    /** The network is back: forget back-offs and the given-up state. */
    reset(): void {
      gaveUp = false;
      failures = 0;
      blockedUntil = 0;
    },
    gaveUp: () => gaveUp,
    /** Milliseconds until sending is allowed again; zero or less when it is allowed now. */
    waitMs: () => blockedUntil - now(),
    status: () => ({ failures, blockedUntil, gaveUp }),
  };
}

export type Backoff = ReturnType<typeof createBackoff>;

/** One pending timer that flushes when it fires; arming it again replaces the earlier one. */
export function createFlushTimer(onFire: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    clear,
    arm(delayMs: number): void {
      clear();
      timer = setTimeout(
        () => {
          timer = null;
          onFire();
        },
        Math.max(0, delayMs),
      );
    },
    armed: () => timer !== null,
  };
}
