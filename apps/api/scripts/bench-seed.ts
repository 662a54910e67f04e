/**
 * Times the demo-data seeding on a fresh in-memory PGlite.
 *   npx tsx apps/api/scripts/bench-seed.ts --projects 100000 [--runs 3] [--steps]
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { DEFAULT_DEMO_PROJECTS, seedDemoData } from '../src/db/seed/demo-data.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: String(DEFAULT_DEMO_PROJECTS) },
    runs: { type: 'string', default: '3' },
    steps: { type: 'boolean', default: false },
  },
});
const projects = Number(values.projects);
const runs = Number(values.runs);
if (!Number.isInteger(projects) || projects < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: bench-seed.ts [--projects N] [--runs N] [--steps]');
  process.exit(2);
}

const format = (n: number) => Math.round(n).toLocaleString('en-AU');

const results: { ms: number; rowsPerSecond: number }[] = [];
for (let run = 1; run <= runs; run++) {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const started = performance.now();
    const summary = await seedDemoData(database.db, {
      projects,
      onStep: values.steps
        ? (step, rows, stepMs) =>
            console.log(
              `  ${step.padEnd(24)} ${format(rows).padStart(9)} rows ${format(stepMs).padStart(7)} ms`,
            )
        : undefined,
    });
    const ms = performance.now() - started;
    if (summary.skipped) throw new Error('the fresh database was not seeded');
    const rowsPerSecond = summary.rows / (ms / 1000);
    results.push({ ms, rowsPerSecond });
    console.log(
      `run ${run}: ${format(ms)} ms for ${format(summary.projects)} projects, ${format(summary.rows)} rows (${format(rowsPerSecond)} rows/s)`,
    );
  } finally {
    await database.close();
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log(
  `median of ${runs}: ${format(median(results.map((r) => r.ms)))} ms, ${format(median(results.map((r) => r.rowsPerSecond)))} rows/s`,
);
