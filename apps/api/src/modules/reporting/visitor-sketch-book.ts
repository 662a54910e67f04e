import type { VisitorSketchGrain } from '../../db/schema/index.ts';
import { packSketch } from '../../lib/hyperloglog.ts';
import { periodStartOf } from './report-periods.ts';

/** A row of `listing_visitor_sketches`. */
export type VisitorSketchRow = {
  projectId: number;
  grain: VisitorSketchGrain;
  starts: string;
  sketch: Uint8Array;
};

/**
 * Visitor sketches built in memory, as the rollup would leave them after taking the same visitors:
 * each visitor's register and rank merged into the sketch of its day, its ISO week and its month. For
 * the demo data and the report tests, which write rollups without raw events.
 */
export class VisitorSketchBook {
  private readonly sketches = new Map<
    string,
    { row: Omit<VisitorSketchRow, 'sketch'>; ranks: Map<number, number> }
  >();

  add(projectId: number, day: string, register: number, rank: number) {
    const spans: [VisitorSketchGrain, string][] = [
      ['day', day],
      ['week', periodStartOf(day, 'WEEK')],
      ['month', periodStartOf(day, 'MONTH')],
    ];
    for (const [grain, starts] of spans) {
      const key = `${projectId}|${grain}|${starts}`;
      let sketch = this.sketches.get(key);
      if (!sketch) {
        sketch = { row: { projectId, grain, starts }, ranks: new Map() };
        this.sketches.set(key, sketch);
      }
      sketch.ranks.set(register, Math.max(rank, sketch.ranks.get(register) ?? 0));
    }
  }

  rows(): VisitorSketchRow[] {
    return [...this.sketches.values()].map(({ row, ranks }) => ({ ...row, sketch: packSketch(ranks) }));
  }
}
