import {
  SCHEDULED_TASKS_API_PATHS as PATHS,
  type ScheduledJob,
  type ScheduledJobs,
  type ScheduledTasksOverview,
} from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LEAD_JOBS } from '../leads/lead-jobs.ts';
import { findJob } from './scheduled-tasks.repository.ts';

let t: TestApp;
type Person = { id: string; email: string; cookie: string };
let admin: Person;
let user: Person;
let actingAdmin: Person;

async function person(fields: Parameters<TestApp['createUser']>[0] = {}): Promise<Person> {
  const created = await t.createUser(fields);
  return { ...created, cookie: await t.signIn(created.email) };
}

const get = (path: string, cookie?: string) => t.request(path, cookie ? { cookie } : {});
const post = (path: string, cookie?: string) =>
  t.request(path, { method: 'POST', ...(cookie ? { cookie } : {}) });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** Waits until pg-boss's worker has put the job in `state` (the lead-notify worker polls every second). */
async function until(queue: string, id: string, state: ScheduledJob['state'], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await findJob(t.queue, queue, id);
    if (job?.state === state) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} is ${job?.state}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A job that fails at once, through the dev-only route the e2e test uses. */
async function failedJob() {
  const { queue, id } = await json<{ queue: string; id: string }>(
    await post(PATHS.devFailingJob, admin.cookie),
    201,
  );
  return until(queue, id, 'failed');
}

/** A job that waits an hour before it may run: queued, and cancellable. */
async function deferredJob() {
  const id = await t.queue.send(LEAD_JOBS.rescore, {}, { startAfter: 3600 });
  if (!id) throw new Error('no job');
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person({ role: 'admin' });
  user = await person();
  actingAdmin = await person();
  const [acting] = await t.db.select().from(session).where(eq(session.userId, actingAdmin.id));
  // The admin acting as this user: the session's user is the (non-admin) user.
  await t.db
    .update(session)
    .set({ impersonatedBy: admin.id })
    .where(eq(session.id, acting?.id ?? ''));
});
afterAll(() => t.close());

describe('scheduled tasks: who may call', () => {
  it('answers 401 without a session, 403 to a user and to an admin acting as a user, and changes nothing', async () => {
    const failed = await failedJob();
    const queued = await deferredJob();
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [actingAdmin.cookie, 403],
    ] as const) {
      expect((await get(PATHS.overview, cookie)).status).toBe(status);
      expect((await get(PATHS.jobs(LEAD_JOBS.notify), cookie)).status).toBe(status);
      expect((await post(PATHS.retry(LEAD_JOBS.notify, failed.id), cookie)).status).toBe(status);
      expect((await post(PATHS.cancel(LEAD_JOBS.rescore, queued), cookie)).status).toBe(status);
      expect((await post(PATHS.devFailingJob, cookie)).status).toBe(status);
    }
    expect((await findJob(t.queue, LEAD_JOBS.notify, failed.id))?.state).toBe('failed');
    expect((await findJob(t.queue, LEAD_JOBS.rescore, queued))?.state).toBe('created');
  });
});

describe('GET /api/admin/scheduled-tasks', () => {
  it('lists every queue with its counts and the recurring schedules with cron, time zone and next run', async () => {
    const overview = await json<ScheduledTasksOverview>(await get(PATHS.overview, admin.cookie));
    const names = overview.queues.map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining([LEAD_JOBS.notify, LEAD_JOBS.digest, 'deliver-outbox']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const notify = overview.queues.find((queue) => queue.name === LEAD_JOBS.notify);
    // pg-boss's own counts (its monitor refreshes them every minute).
    expect(notify).toMatchObject({
      policy: 'standard',
      ready: expect.any(Number),
      deferred: expect.any(Number),
      active: expect.any(Number),
      failed: expect.any(Number),
      total: expect.any(Number),
    });

    const digest = overview.schedules.find((schedule) => schedule.queue === LEAD_JOBS.digest);
    expect(digest).toMatchObject({ cron: '0 7 * * *', timeZone: 'Australia/Sydney' });
    const next = new Date(digest?.nextRunAt ?? 0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    // 7 in the morning in Sydney, whatever the season.
    const sydneyHour = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).format(next);
    expect(sydneyHour).toBe('07:00');
    const rollup = overview.schedules.find((schedule) => schedule.cron === '* * * * *');
    expect(new Date(rollup?.nextRunAt ?? 0).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });
});

describe('GET /api/admin/scheduled-tasks/queues/{name}/jobs', () => {
  it('answers the failed jobs with their error and attempts, and the recent ones in any state', async () => {
    const failed = await failedJob();
    const queued = await deferredJob();
    const answer = await json<ScheduledJobs>(await get(PATHS.jobs(LEAD_JOBS.notify), admin.cookie));
    expect(answer.view).toBe('failed');
    expect(answer.queue.name).toBe(LEAD_JOBS.notify);
    expect(answer.jobs.every((job) => job.state === 'failed')).toBe(true);
    const listed = answer.jobs.find((job) => job.id === failed.id);
    expect(listed).toMatchObject({ retryCount: 0, retryLimit: 0, data: '{"leadId":"not-a-lead"}' });
    expect(listed?.error).toMatch(/not-a-lead|invalid input/i);
    expect(listed?.startedAt && listed.completedAt && listed.createdAt).toBeTruthy();

    const recent = await json<ScheduledJobs>(
      await get(`${PATHS.jobs(LEAD_JOBS.rescore)}?view=recent`, admin.cookie),
    );
    expect(recent.jobs.find((job) => job.id === queued)).toMatchObject({ state: 'created', error: null });
  });

  it('answers 404 for a queue that does not exist and 400 for a malformed name or view', async () => {
    expect((await get(PATHS.jobs('no-such-queue'), admin.cookie)).status).toBe(404);
    expect((await get(PATHS.jobs('bad name!'), admin.cookie)).status).toBe(400);
    expect((await get(`${PATHS.jobs(LEAD_JOBS.notify)}?view=everything`, admin.cookie)).status).toBe(400);
  });
});

describe('POST …/jobs/{id}/retry', () => {
  it('runs a failed job again with one more attempt, audited; it is not failed any more, so a second retry is 409', async () => {
    const failed = await failedJob();
    const answer = await json<{ job: ScheduledJob }>(
      await post(PATHS.retry(LEAD_JOBS.notify, failed.id), admin.cookie),
    );
    expect(answer.job).toMatchObject({ id: failed.id, retryLimit: 1 });
    expect(['retry', 'active', 'failed']).toContain(answer.job.state);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scheduled_task.retry'), eq(auditLog.targetId, failed.id)));
    expect(row).toMatchObject({
      actorUserId: admin.id,
      data: expect.objectContaining({ queue: LEAD_JOBS.notify }),
    });

    // The worker takes it again (a second attempt) and fails it the same way.
    const again = await until(LEAD_JOBS.notify, failed.id, 'failed');
    expect(again).toMatchObject({ retryCount: 1, retryLimit: 1 });
    const cancelled = await deferredJob();
    await post(PATHS.cancel(LEAD_JOBS.rescore, cancelled), admin.cookie);
    const refused = await post(PATHS.retry(LEAD_JOBS.rescore, cancelled), admin.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/cancelled/);
  });

  it('answers 404 for an unknown queue or job and 400 for a malformed id, changing nothing', async () => {
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'scheduled_task.retry'));
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(PATHS.retry('no-such-queue', unknown), admin.cookie)).status).toBe(404);
    expect((await post(PATHS.retry(LEAD_JOBS.notify, unknown), admin.cookie)).status).toBe(404);
    expect((await post(PATHS.cancel(LEAD_JOBS.notify, unknown), admin.cookie)).status).toBe(404);
    const malformed = await post(PATHS.retry(LEAD_JOBS.notify, 'not-an-id'), admin.cookie);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { fields: object } }).error.fields).toHaveProperty('id');
    const after = await t.db.select().from(auditLog).where(eq(auditLog.action, 'scheduled_task.retry'));
    expect(after).toHaveLength(audits.length);
  });
});

describe('POST …/jobs/{id}/cancel', () => {
  it('cancels a queued job, audited; cancelling it again, or a failed job, is 409', async () => {
    const queued = await deferredJob();
    const answer = await json<{ job: ScheduledJob }>(
      await post(PATHS.cancel(LEAD_JOBS.rescore, queued), admin.cookie),
    );
    expect(answer.job).toMatchObject({ id: queued, state: 'cancelled' });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scheduled_task.cancel'), eq(auditLog.targetId, queued)));
    expect(row?.actorUserId).toBe(admin.id);
    expect((await post(PATHS.cancel(LEAD_JOBS.rescore, queued), admin.cookie)).status).toBe(409);
    const failed = await failedJob();
    expect((await post(PATHS.cancel(LEAD_JOBS.notify, failed.id), admin.cookie)).status).toBe(409);
    expect((await findJob(t.queue, LEAD_JOBS.notify, failed.id))?.state).toBe('failed');
  });
});
