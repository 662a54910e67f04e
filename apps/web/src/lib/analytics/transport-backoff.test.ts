import { ANALYTICS } from '@offplan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBackoff, createFlushTimer } from './transport-backoff.ts';

function backoffAt(start = 1_000_000) {
  let clock = start;
  const logger = { warn: vi.fn() };
  const backoff = createBackoff({ now: () => clock, logger });
  return { backoff, logger, advance: (ms: number) => (clock += ms) };
}

describe('back-off (spec §8)', () => {
  it('waits Retry-After after a 429, else the throttle', () => {
    const { backoff } = backoffAt();
    backoff.rateLimited(7000);
    expect(backoff.waitMs()).toBe(7000);
    backoff.rateLimited(null);
    expect(backoff.waitMs()).toBe(ANALYTICS.throttleMs);
  });

  it('doubles the wait with each failure and starts again after a success', () => {
    const { backoff } = backoffAt();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      backoff.failed();
      waits.push(backoff.waitMs());
    }
    expect(waits).toEqual([1, 2, 4].map((factor) => factor * ANALYTICS.retryDelayMs));
    backoff.succeeded();
    backoff.failed();
    expect(backoff.waitMs()).toBe(ANALYTICS.retryDelayMs);
  });

  it('gives up after maxRetries retries, with one warning, until reset', () => {
    const { backoff, logger } = backoffAt();
    for (let attempt = 0; attempt < ANALYTICS.maxRetries; attempt += 1) backoff.failed();
    expect(backoff.gaveUp()).toBe(false);
    backoff.failed();
    expect(backoff.gaveUp()).toBe(true);
    expect(logger.warn).toHaveBeenCalledOnce();

    backoff.reset();
    expect(backoff.status()).toEqual({ failures: 0, blockedUntil: 0, gaveUp: false });
    expect(backoff.waitMs()).toBeLessThanOrEqual(0);
  });

  it('allows sending again once the wait has passed', () => {
    const { backoff, advance } = backoffAt();
    backoff.failed();
    advance(ANALYTICS.retryDelayMs - 1);
    expect(backoff.waitMs()).toBeGreaterThan(0);
    advance(1);
    expect(backoff.waitMs()).toBe(0);
  });
});

describe('flush timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the delay; arming again replaces the earlier timer', () => {
    const onFire = vi.fn();
    const timer = createFlushTimer(onFire);
    timer.arm(1000);
    vi.advanceTimersByTime(500);
    timer.arm(1000);
    vi.advanceTimersByTime(999);
    expect(onFire).not.toHaveBeenCalled();
    expect(timer.armed()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(onFire).toHaveBeenCalledOnce();
    expect(timer.armed()).toBe(false);
  });

  it('never fires once cleared', () => {
    const onFire = vi.fn();
    const timer = createFlushTimer(onFire);
    timer.arm(10);
    timer.clear();
    vi.advanceTimersByTime(100);
    expect(onFire).not.toHaveBeenCalled();
    expect(timer.armed()).toBe(false);
  });
});
