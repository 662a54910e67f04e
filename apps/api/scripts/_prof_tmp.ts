import path from 'node:path';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { buildDemoRows } from '../src/db/seed/demo-data.ts';

const database = await openDatabase({});
await migrate(database.db as any, { migrationsFolder: path.resolve('apps/api/src/db/migrations') });
const rows = buildDemoRows('x', { projects: 10000 });
const db = database.db;
await db.insert(s.organization).values(rows.organisations);
await db.insert(s.user).values(rows.users);
for (const size of [500, 1000, 1600]) {
  await database.pglite!.exec('delete from project_media; delete from projects;');
  let tb = 0,
    te = 0;
  const t0 = performance.now();
  for (let i = 0; i < rows.projects.length; i += size) {
    const t = performance.now();
    const q = db.insert(s.projects).values(rows.projects.slice(i, i + size));
    const built = q.toSQL();
    tb += performance.now() - t;
    const t2 = performance.now();
    await database.pglite!.query(built.sql, built.params as any[]);
    te += performance.now() - t2;
  }
  console.log(
    'projects size',
    size,
    'build',
    Math.round(tb),
    'exec',
    Math.round(te),
    'total',
    Math.round(performance.now() - t0),
  );
}
{
  let tb = 0,
    te = 0;
  const size = 2000;
  for (let i = 0; i < rows.media.length; i += size) {
    const t = performance.now();
    const built = db
      .insert(s.projectMedia)
      .values(rows.media.slice(i, i + size))
      .toSQL();
    tb += performance.now() - t;
    const t2 = performance.now();
    await database.pglite!.query(built.sql, built.params as any[]);
    te += performance.now() - t2;
  }
  console.log('media', rows.media.length, 'build', Math.round(tb), 'exec', Math.round(te));
}
await database.close();
