/**
 * How the benchmarks time an API call against the bare SQL under it (bench:leads, bench:reporting):
 * both calls of each query, alternating so drift hits both alike, then p50/p95 of each and their ratio.
 */

/** The value at percentile `p` of already sorted samples (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Milliseconds in a column of the printed tables. */
export const ms = (value: number) => value.toFixed(2).padStart(7);

export type Measured = { name: string; api: () => Promise<unknown>; bare: () => Promise<unknown> };

/** Prints one line per query (after `warmup` untimed rounds, `runs` timed ones) and answers the p95s. */
export async function measureApiAgainstSql(
  queries: Measured[],
  { warmup, runs }: { warmup: number; runs: number },
) {
  console.log(
    `   ${'query'.padEnd(44)} ${'API p50'.padStart(7)} ${'p95'.padStart(7)}   ${'SQL p50'.padStart(7)} ${'p95'.padStart(7)}   API/SQL p50  p95`,
  );
  const results: { name: string; apiP95: number; bareP95: number }[] = [];
  for (const query of queries) {
    const api: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      for (const [call, samples] of [
        [query.api, api],
        [query.bare, bare],
      ] as const) {
        const started = performance.now();
        await call();
        if (i >= warmup) samples.push(performance.now() - started);
      }
    }
    api.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const [a50, a95, b50, b95] = [
      percentile(api, 50),
      percentile(api, 95),
      percentile(bare, 50),
      percentile(bare, 95),
    ];
    console.log(
      `   ${query.name.padEnd(44)} ${ms(a50)} ${ms(a95)}   ${ms(b50)} ${ms(b95)}   ${(a50 / b50).toFixed(2).padStart(7)}x ${(a95 / b95).toFixed(2).padStart(5)}x`,
    );
    results.push({ name: query.name, apiP95: a95, bareP95: b95 });
  }
  return results;
}
