import type { Db } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import {
  newTransactionId,
  type RollupRun,
  rollUpEvents,
} from '../modules/listing-events/listing-rollup.repository.ts';
import type { JobQueue } from './queue.ts';

/** Decision 028: the job that adds finished listing events to the day rollups reports read. */
export const LISTING_ROLLUP_JOB = 'listing-rollup';

/** At most one rollup is asked for per this many seconds (per process, and across them: a singleton). */
export const ROLLUP_REQUEST_SECONDS = 10;

/**
 * One rollup run: every listing event whose transaction has finished since the last run is added to
 * `listing_metric_days` and `listing_visitor_sketches`, exactly once, whichever process runs it. The job,
 * the demo data and the benchmark call this.
 */
export function rollUpListingEvents(db: Db): Promise<RollupRun> {
  return rollUpEvents(db);
}

/**
 * Rolls up until every event committed before the call is in the rollups, for callers that need them
 * now (tests, the demo data, the benchmark). One run is not always enough: a run stops at the oldest
 * transaction still open anywhere on the server (other databases' too), so it runs again, after a
 * short pause, until that transaction has finished; `timeoutMs` bounds the wait. Answers the events added.
 */
export async function rollUpListingEventsNow(db: Db, timeoutMs = 30_000): Promise<number> {
  const committedBelow = BigInt(await newTransactionId(db));
  const deadline = Date.now() + timeoutMs;
  let events = 0;
  for (;;) {
    const run = await rollUpListingEvents(db);
    events += run.events;
    if (BigInt(run.rolledBelow) > committedBelow) return events;
    if (Date.now() > deadline) throw new Error('listing rollup held back by a transaction still open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** When this process last asked for a rollup, per queue (a test may run two apps in one process). */
const lastRequested = new WeakMap<JobQueue, number>();

/**
 * Asks for a rollup after events were stored: at most one send per ROLLUP_REQUEST_SECONDS in this
 * process (so the intake costs no extra statement per batch), and a pg-boss singleton across processes.
 * The job starts ROLLUP_REQUEST_SECONDS later, so it also takes the batches this process stores in the
 * meantime without asking again: reports are a few seconds behind, the minute schedule a backstop.
 */
export async function requestListingRollup(queue: JobQueue, logger: Logger) {
  const now = Date.now();
  if (now - (lastRequested.get(queue) ?? 0) < ROLLUP_REQUEST_SECONDS * 1000) return;
  lastRequested.set(queue, now);
  try {
    await queue.send(LISTING_ROLLUP_JOB, null, {
      singletonSeconds: ROLLUP_REQUEST_SECONDS,
      startAfter: ROLLUP_REQUEST_SECONDS,
    });
  } catch (error) {
    // The events are stored; the minute schedule rolls them up if this send failed.
    logger.warn({ err: error }, 'listing rollup request failed');
  }
}

/** Works the rollup job and schedules it every minute (one run across all processes). */
export async function workListingRollup(queue: JobQueue, options: { db: Db; logger: Logger }) {
  const { db, logger } = options;
  await queue.createQueue(LISTING_ROLLUP_JOB);
  await queue.work(LISTING_ROLLUP_JOB, async () => {
    const run = await rollUpListingEvents(db);
    if (run.events) logger.debug({ events: run.events, rolledBelow: run.rolledBelow }, 'listing rollup');
  });
  await queue.schedule(LISTING_ROLLUP_JOB, '* * * * *');
}
