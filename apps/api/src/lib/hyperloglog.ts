import { createHash } from 'node:crypto';

/**
 * HyperLogLog (Flajolet et al.) for unique visitors (decision 028). A visitor id becomes one register
 * out of 2^16 and a rank (the position of the first 1 bit in the rest of its hash); a set of visitors
 * is, per register, the greatest rank seen. Sets merge by taking the greatest rank per register, so
 * the visitors of any range of days are counted once, however many days they came back. Standard
 * error 1.04 / √2^16 ≈ 0.4%.
 *
 * The rollup stores (register, rank) rows; SQL merges them (`max(rank) group by register`) and sums
 * what the estimate needs (`count(*)`, `sum(power(2, -rank))`), and `estimateCardinality` finishes here.
 */
export const HLL_PRECISION = 16;
export const HLL_REGISTERS = 1 << HLL_PRECISION;

const RANK_BITS = 64 - HLL_PRECISION;

/** The register and rank of one visitor id: SHA-256 of it, its first 64 bits. */
export function visitorSketchOf(visitorId: string): { register: number; rank: number } {
  const hash = createHash('sha256').update(visitorId).digest().readBigUInt64BE(0);
  const register = Number(hash >> BigInt(RANK_BITS));
  const rest = hash & ((1n << BigInt(RANK_BITS)) - 1n);
  // Rank: leading zeros of the remaining bits, plus one (RANK_BITS + 1 when they are all zero).
  const rank = rest === 0n ? RANK_BITS + 1 : RANK_BITS - rest.toString(2).length + 1;
  return { register, rank };
}

const ALPHA = 0.7213 / (1 + 1.079 / HLL_REGISTERS);

/**
 * The estimated number of distinct visitors of a merged sketch, from how many registers are set and
 * the sum of 2^-rank over those registers. Small sets use linear counting (from the empty registers),
 * which is more exact there; 64-bit hashes need no large-range correction.
 */
export function estimateCardinality(setRegisters: number, sumOfInversePowers: number): number {
  if (setRegisters === 0) return 0;
  const empty = HLL_REGISTERS - setRegisters;
  // Empty registers count 2^-0 = 1 each.
  const raw = (ALPHA * HLL_REGISTERS * HLL_REGISTERS) / (sumOfInversePowers + empty);
  if (raw <= 2.5 * HLL_REGISTERS && empty > 0) {
    return Math.round(HLL_REGISTERS * Math.log(HLL_REGISTERS / empty));
  }
  return Math.round(raw);
}
