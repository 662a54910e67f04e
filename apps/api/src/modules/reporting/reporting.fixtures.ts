import type { ListingEventKind } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { listingMetricDays } from '../../db/schema/index.ts';
import { visitorSketchOf } from '../../lib/hyperloglog.ts';
import type { TestApp } from '../../test/test-app.ts';
import { VisitorSketchBook } from './visitor-sketch-book.ts';

/**
 * Rollup rows for the report tests, written as the rollup job leaves them (the job has its own tests):
 * counts per project, day and kind, and visitor sketches (register, greatest rank) from visitor ids.
 */
export function reportingFixtures(t: TestApp) {
  async function events(projectId: number, day: string, counts: Partial<Record<ListingEventKind, number>>) {
    const rows = Object.entries(counts).map(([kind, count]) => ({
      projectId,
      day,
      kind: kind as ListingEventKind,
      count: count ?? 0,
    }));
    await t.db
      .insert(listingMetricDays)
      .values(rows)
      .onConflictDoUpdate({
        target: [listingMetricDays.projectId, listingMetricDays.day, listingMetricDays.kind],
        set: { count: sql`${listingMetricDays.count} + excluded.count` },
      });
  }

  /**
   * The visitors of a day, kept as the rollup keeps them: merged (the greatest rank per register) into
   * the stored sketches of the day, its week and its month.
   */
  async function visitors(projectId: number, day: string, visitorIds: string[]) {
    const book = new VisitorSketchBook();
    for (const id of visitorIds) {
      const { register, rank } = visitorSketchOf(id);
      book.add(projectId, day, register, rank);
    }
    for (const row of book.rows()) {
      const hex = Buffer.from(row.sketch).toString('hex');
      await t.db.execute(sql`
        insert into listing_visitor_sketches as stored (project_id, grain, starts, sketch)
        values (${row.projectId}, ${row.grain}, ${row.starts}, decode(${hex}, 'hex'))
        on conflict (project_id, grain, starts) do update set sketch = (
          select string_agg(visitor_sketch_entry(register, rank), ''::bytea order by register)
          from (
            select register, max(rank) as rank
            from (
              select * from visitor_sketch_entries(stored.sketch)
              union all select * from visitor_sketch_entries(excluded.sketch)
            ) as entries
            group by register
          ) as merged
        )`);
    }
  }

  return { events, visitors };
}
