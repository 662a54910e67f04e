import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { jobsInTransaction, prepareQueues, startJobQueue } from './queue.ts';

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
