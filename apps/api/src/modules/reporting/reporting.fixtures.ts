import type { ListingEventKind } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import { listingMetricDays } from '../../db/schema/index.ts';
import { visitorSketchOf } from '../../lib/hyperloglog.ts';
import type { TestApp } from '../../test/test-app.ts';

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

  /** The visitors of a day, kept as the rollup keeps them: per register, the greatest rank. */
  async function visitors(projectId: number, day: string, visitorIds: string[]) {
    for (const id of visitorIds) {
      const { register, rank } = visitorSketchOf(id);
      await t.db.execute(sql`
        insert into listing_visitor_days (project_id, day, register, rank)
        values (${projectId}, ${day}, ${register}, ${rank})
        on conflict (project_id, day, register) do update set rank = greatest(listing_visitor_days.rank, excluded.rank)`);
    }
  }

  return { events, visitors };
}
