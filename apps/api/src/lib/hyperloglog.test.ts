import { describe, expect, it } from 'vitest';
import {
  estimateCardinality,
  HLL_REGISTERS,
  packSketch,
  sketchEntries,
  unionEstimate,
  visitorSketchOf,
} from './hyperloglog.ts';

/** The sketch of some visitor ids, as the rollup would merge them (the greatest rank per register). */
function ranksOf(ids: string[]): Map<number, number> {
  const ranks = new Map<number, number>();
  for (const id of ids) {
    const { register, rank } = visitorSketchOf(id);
    ranks.set(register, Math.max(rank, ranks.get(register) ?? 0));
  }
  return ranks;
}

const visitors = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('packed visitor sketches', () => {
  it('pack three bytes per set register, in register order, and unpack to the same registers', () => {
    const ranks = new Map([
      [65_535, 49],
      [0, 1],
      [258, 7],
    ]);
    const packed = packSketch(ranks);
    expect([...packed]).toEqual([0, 0, 1, 1, 2, 7, 255, 255, 49]);
    expect(sketchEntries(packed)).toEqual(new Map([...ranks].sort(([a], [b]) => a - b)));
  });

  it('estimate a union as the greatest rank per register would, counting shared visitors once', () => {
    const a = ranksOf(visitors('shared', 30_000).concat(visitors('only-a', 20_000)));
    const b = ranksOf(visitors('shared', 30_000).concat(visitors('only-b', 50_000)));
    const merged = new Map(a);
    for (const [register, rank] of b) merged.set(register, Math.max(rank, merged.get(register) ?? 0));
    const sum = [...merged.values()].reduce((total, rank) => total + 2 ** -rank, 0);
    const union = unionEstimate([packSketch(a), packSketch(b)]);
    expect(union).toBe(estimateCardinality(merged.size, sum));
    expect(Math.abs(union / 100_000 - 1)).toBeLessThan(0.02);
    // The same sketch twice, or in another order, changes nothing: a union is idempotent.
    expect(unionEstimate([packSketch(b), packSketch(a), packSketch(a)])).toBe(union);
  });

  it('leaves nothing behind between unions', () => {
    const big = packSketch(ranksOf(visitors('big', 200_000)));
    expect(unionEstimate([big])).toBeGreaterThan(190_000);
    expect(unionEstimate([packSketch(ranksOf(['one-visitor']))])).toBe(1);
    expect(unionEstimate([])).toBe(0);
    expect(HLL_REGISTERS).toBe(65_536);
  });
});
