import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export { migrationsAreCurrent } from '../../db/migrate.ts';

export async function pingDatabase(database: Database) {
  await database.db.execute(sql`select 1`);
}
