import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { composeApp } from '../compose.ts';
import { parseSettings } from '../env.ts';
import { CRM_JOBS } from '../modules/crm/crm-jobs.ts';
import { LEAD_JOBS } from '../modules/leads/lead-jobs.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { LISTING_ROLLUP_JOB } from './listing-rollup.ts';

it('with workersLater, makes the queues intake sends to before listening and leaves workers and schedules for later', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'offplan-workers-'));
  const database = await openTestDatabase();
  const settings = parseSettings({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { deps, close, startWorkers } = await composeApp(settings, database, {
    serveWeb: false,
    workersLater: true,
  });
  try {
    const queueNames = (await deps.queue.getQueues()).map((queue) => queue.name);
    expect(queueNames).toEqual(expect.arrayContaining([LEAD_JOBS.notify, CRM_JOBS.fanOut]));
    expect(await deps.queue.getSchedules()).toEqual([]);

    await startWorkers();
    const schedules = (await deps.queue.getSchedules()).map((schedule) => schedule.name);
    expect(schedules).toEqual(expect.arrayContaining([LISTING_ROLLUP_JOB, LEAD_JOBS.digest]));
    // Registered workers take jobs: a rollup sent now is worked.
    const id = await deps.queue.send(LISTING_ROLLUP_JOB, {});
    await expect
      .poll(async () => (await deps.queue.getJobById(LISTING_ROLLUP_JOB, id!))?.state, { timeout: 20_000 })
      .toBe('completed');
  } finally {
    await close({ graceful: false });
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
