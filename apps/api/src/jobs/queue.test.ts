import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { jobsInTransaction, prepareQueues, startJobQueue, workEach } from './queue.ts';

it('a job sent inside a transaction is stored only when the transaction commits', async () => {
  const database = await openTestDatabase();
  const queue = await startJobQueue(database, { logger: pino({ level: 'silent' }) });
  try {
    await prepareQueues(queue, ['transactional-send']);
    await database.db
      .transaction(async (tx) => {
        await queue.send('transactional-send', { attempt: 'rolled back' }, jobsInTransaction(tx));
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.send('transactional-send', { attempt: 'committed' }, jobsInTransaction(tx));
    });
    const jobs = await queue.fetch('transactional-send', { batchSize: 10 });
    expect(jobs.map((job) => job.data)).toEqual([{ attempt: 'committed' }]);
  } finally {
    await queue.stop({ graceful: false });
    await database.close();
  }
}, 60_000);

it('works a backlog at once and retries only the job that failed', async () => {
  const database = await openTestDatabase();
  const queue = await startJobQueue(database, { logger: pino({ level: 'silent' }) });
  try {
    await prepareQueues(queue, ['each-job']);
    const backlog = Array.from({ length: 40 }, (_, n) => ({ n }));
    const ids = await Promise.all(
      backlog.map((data) => queue.send('each-job', data, { retryLimit: 1, retryDelay: 1 })),
    );
    const runs: number[] = [];
    const started = Date.now();
    await workEach<{ n: number }>(queue, 'each-job', async ({ n }) => {
      runs.push(n);
      if (n === 7 && runs.filter((run) => run === 7).length === 1) throw new Error('job 7 fails once');
    });
    const states = async () =>
      Promise.all(ids.map(async (id) => (await queue.getJobById('each-job', id!))?.state));
    while ((await states()).some((state) => state !== 'completed') && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await states()).toEqual(ids.map(() => 'completed'));
    // One job a poll (a second each) would take 40 s; in batches that follow each other at once, a few.
    const drainedIn = Date.now() - started;
    expect(drainedIn).toBeLessThan(15_000);
    // The failed job ran again; the nine of its batch did not.
    expect(runs.filter((n) => n === 7)).toHaveLength(2);
    expect(runs).toHaveLength(41);
  } finally {
    await queue.stop({ graceful: false });
    await database.close();
  }
}, 60_000);
