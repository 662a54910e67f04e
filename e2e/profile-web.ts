/**
 * `npm run profile:web`: where the browser's main thread spends its time on a cold load of `/login`
 * (signed out) and `/dashboard` (signed in) until the app has taken the page over (its heading is
 * there for assistive technology: the server's paint is hidden from it, decision 050), by package or
 * app folder; the long tasks on the way and their blocking time after the first paint (what
 * Lighthouse's Total Blocking Time counts); and how many classic Zod schemas are built (issue 21,
 * decisions 044 and 050). measure:web says how long the paint takes; this says what to cut.
 *
 * The processor is slowed down PROFILE_CPU_SLOWDOWN times (4 by default, Lighthouse's mobile setting),
 * so the tasks are about as long as Lighthouse counts them.
 *
 * Runs the production build (`npm run build` first) like measure:web, and builds the web app again
 * with source maps into a temporary folder: the same sources give the same file names, so a sample
 * in `/assets/index-<hash>.js` maps back to its module. PROFILE_PORT picks the port (3391 by
 * default), PROFILE_RUNS the cold loads per page (3).
 *
 * Samples at the top level of a chunk (module evaluation: scope hoisting leaves no function per
 * module) are shown as "top level of <chunk>"; `(program)` is the browser's own work (parsing,
 * compiling, style and layout), `(garbage collector)` V8's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, CDPSession } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import {
  launchMeasuringBrowser,
  repositoryRoot,
  signInDemoDeveloper,
  startMeasuredPortal,
} from './measure-portal.ts';

const port = Number(process.env.PROFILE_PORT ?? 3391);
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const cpuSlowdown = Number(process.env.PROFILE_CPU_SLOWDOWN ?? 4);
/** A task longer than this blocks input; Total Blocking Time sums what each one has over it. */
const LONG_TASK_MS = 50;
const SAMPLING_INTERVAL_US = 100;
const ROWS_SHOWN = 14;

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
type FunctionCoverage = { functionName: string; ranges: { startOffset: number; count: number }[] };
type ScriptCoverage = { url: string; functions: FunctionCoverage[] };

type LongTask = { startMs: number; durationMs: number; busiest?: string };
type LoadProfile = {
  fcpMs: number;
  takenOverMs: number;
  busyMs: Map<string, number>;
  zodSchemas: number;
  longTasks: LongTask[];
};

/** Builds the web app with source maps (same sources, same file names) into a temporary folder. */
function buildSourceMaps(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'offplan-profile-web-'));
  const vite = path.join(repositoryRoot, 'node_modules/.bin/vite');
  const config = path.join(repositoryRoot, 'apps/web/vite.config.ts');
  const build = spawnSync(vite, ['build', '--config', config, '--sourcemap', '--outDir', outDir], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`the source-map build failed (${build.status})`);
  return outDir;
}

/** Maps a position in a served asset back to its source module, through the source-map build. */
class AssetSources {
  private readonly consumers = new Map<string, SourceMapConsumer | null>();
  private readonly lineStarts = new Map<string, number[]>();

  constructor(private readonly mapsDir: string) {}

  private consumer(fileName: string): SourceMapConsumer | null {
    if (!this.consumers.has(fileName)) {
      const mapPath = path.join(this.mapsDir, 'assets', `${fileName}.map`);
      this.consumers.set(
        fileName,
        existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null,
      );
    }
    return this.consumers.get(fileName) ?? null;
  }

  /** The module at a 0-based line and column of an asset, or null when the position is not mapped. */
  source(url: string, line: number, column: number): string | null {
    const fileName = url.split('/assets/')[1];
    if (!fileName) return null;
    const consumer = this.consumer(fileName);
    return consumer?.originalPositionFor({ line: line + 1, column }).source ?? null;
  }

  /** The source position of a 0-based line and column of an asset. */
  original(url: string, line: number, column: number) {
    const fileName = url.split('/assets/')[1];
    return fileName
      ? (this.consumer(fileName)?.originalPositionFor({ line: line + 1, column }) ?? null)
      : null;
  }

  /** The 0-based line and column of a character offset in an asset (coverage gives offsets). */
  position(url: string, offset: number): [number, number] {
    const fileName = url.split('/assets/')[1] ?? '';
    let starts = this.lineStarts.get(fileName);
    if (!starts) {
      const filePath = path.join(this.mapsDir, 'assets', fileName);
      const code = existsSync(filePath) ? readFileSync(filePath, 'utf8') : '';
      starts = [0];
      for (let index = 0; index < code.length; index++) if (code[index] === '\n') starts.push(index + 1);
      this.lineStarts.set(fileName, starts);
    }
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? Number.POSITIVE_INFINITY) <= offset) line++;
    return [line, offset - (starts[line] ?? 0)];
  }
}

/** A module path reduced to what a reader acts on: the npm package, or the app's folder. */
function groupOf(source: string): string {
  const inPackage = source.split('node_modules/').pop() ?? source;
  if (inPackage !== source) {
    const parts = inPackage.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? inPackage);
  }
  const shared = source.match(/packages\/shared\/src\/([^/]+)/);
  if (shared) return `@offplan/shared ${shared[1]}`;
  const web = source.match(/(?:^|\/)src\/((?:features|routes|lib|components|stores)\/[^/]+|[^/]+)/);
  return web ? `web ${web[1]}` : source;
}

function groupOfFrame(frame: CallFrame, sources: AssetSources): string {
  // V8's own entries already read '(program)', '(idle)', '(garbage collector)'; DOM calls are named.
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName})`;
  if (!frame.url.includes('/assets/')) return frame.url.split('/').pop() ?? frame.url;
  if (frame.lineNumber === 0 && frame.columnNumber === 0 && !frame.functionName) {
    return `top level of ${frame.url.split('/assets/')[1]?.replace(/-[\w-]{8}\.js$/, '.js')}`;
  }
  const source = sources.source(frame.url, frame.lineNumber, frame.columnNumber);
  // What no module owns: the bundler's runtime and Vite's preload helper.
  return source ? groupOf(source) : 'bundler runtime (no source)';
}

/**
 * Busy time by group, of the whole profile or of the samples within [fromMs, toMs) of the page's
 * clock; `pageMsAt` turns a sample's time (µs since the profile started) into the page's milliseconds.
 */
function busyTimeByGroup(
  profile: CpuProfile,
  sources: AssetSources,
  window?: { fromMs: number; toMs: number; pageMsAt: (profileUs: number) => number },
): Map<string, number> {
  const groupByNode = new Map(profile.nodes.map((node) => [node.id, groupOfFrame(node.callFrame, sources)]));
  const busy = new Map<string, number>();
  let elapsedUs = 0;
  profile.samples.forEach((nodeId, index) => {
    elapsedUs += profile.timeDeltas[index] ?? 0;
    const group = groupByNode.get(nodeId) ?? '?';
    if (group === '(idle)') return;
    if (window) {
      const at = window.pageMsAt(elapsedUs);
      if (at < window.fromMs || at >= window.toMs) return;
    }
    busy.set(group, (busy.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return busy;
}

/** The three groups that took most of a window, as "group ms". */
function busiest(busy: Map<string, number>): string {
  return [...busy]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([group, ms]) => `${group} ${ms.toFixed(0)}`)
    .join(', ');
}

/**
 * Classic Zod runs `_ensureDefaultLocale` once for every schema it builds. The build renames it, so
 * it is found by its line in Zod's own file.
 */
const ZOD_CLASSIC_SCHEMAS = 'zod/v4/classic/schemas.js';
const ensureDefaultLocaleLine =
  readFileSync(path.join(repositoryRoot, 'node_modules', ZOD_CLASSIC_SCHEMAS), 'utf8')
    .split('\n')
    .findIndex((line) => line.startsWith('function _ensureDefaultLocale(')) + 1;

function zodSchemasBuilt(coverage: ScriptCoverage[], sources: AssetSources): number {
  let built = 0;
  for (const script of coverage) {
    if (!script.url.includes('/assets/')) continue;
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (!range?.count) continue;
      const [line, column] = sources.position(script.url, range.startOffset);
      const original = sources.original(script.url, line, column);
      if (original?.source?.endsWith(ZOD_CLASSIC_SCHEMAS) && original.line === ensureDefaultLocaleLine)
        built += range.count;
    }
  }
  return built;
}

/** Every long task of the page so far (the browser keeps them from the start of the load). */
function longTasksSoFar(): Promise<LongTask[]> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(list.getEntries().map((task) => ({ startMs: task.startTime, durationMs: task.duration })));
    });
    observer.observe({ type: 'longtask', buffered: true });
    // No long task at all: the observer is never called.
    setTimeout(() => resolve([]), 500);
  });
}

async function profileLoad(
  browser: Browser,
  url: string,
  heading: string,
  sources: AssetSources,
  storageState?: BrowserContextOptions['storageState'],
): Promise<LoadProfile> {
  const context = await browser.newContext(storageState ? { storageState } : {});
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await cdp.send('Profiler.start');
    // The wall-clock moment the profile starts (to within the call's few milliseconds): a sample's
    // time since then, less the page's own start, is its time on the page's clock.
    const profileStartedAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.goto(url);
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ timeout: 60_000 });
    const takenOverMs = await page.evaluate(() => performance.now());
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as {
      result: ScriptCoverage[];
    };
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const pageStartedAt = await page.evaluate(() => performance.timeOrigin);
    const pageMsAt = (profileUs: number) => profileStartedAt + profileUs / 1000 - pageStartedAt;
    const longTasks = (await page.evaluate(longTasksSoFar))
      .filter((task) => task.startMs < takenOverMs)
      .map((task) => ({
        ...task,
        busiest: busiest(
          busyTimeByGroup(profile, sources, {
            fromMs: task.startMs,
            toMs: task.startMs + task.durationMs,
            pageMsAt,
          }),
        ),
      }));
    return {
      fcpMs,
      takenOverMs,
      busyMs: busyTimeByGroup(profile, sources),
      zodSchemas: zodSchemasBuilt(result, sources),
      longTasks,
    };
  } finally {
    await context.close();
  }
}

/** The long tasks (start+duration, ms) of the load whose blocking time is the median. */
function describeTasks(loads: LoadProfile[]): string {
  const byTotal = [...loads].sort(
    (a, b) =>
      a.longTasks.reduce((sum, task) => sum + task.durationMs, 0) -
      b.longTasks.reduce((sum, task) => sum + task.durationMs, 0),
  );
  const tasks = byTotal[Math.floor(byTotal.length / 2)]?.longTasks ?? [];
  return (
    tasks
      .map((task) => `\n    ${task.startMs.toFixed(0)}+${task.durationMs.toFixed(0)} ms (${task.busiest})`)
      .join('') || 'none'
  );
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(label: string, loads: LoadProfile[]) {
  const groups = new Set(loads.flatMap((load) => [...load.busyMs.keys()]));
  const rows = [...groups]
    .map((group) => [group, middle(loads.map((load) => load.busyMs.get(group) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1]);
  const busy = middle(loads.map((load) => [...load.busyMs.values()].reduce((sum, ms) => sum + ms, 0)));
  const blockingMs = (load: LoadProfile) =>
    load.longTasks
      .filter((task) => task.startMs >= load.fcpMs)
      .reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0);
  console.log(
    `\n${label}: first contentful paint ${middle(loads.map((load) => load.fcpMs)).toFixed(0)} ms, ` +
      `taken over by the app at ${middle(loads.map((load) => load.takenOverMs)).toFixed(0)} ms`,
  );
  console.log(`  main thread busy until then (profiled, so slower than unprofiled): ${busy.toFixed(0)} ms`);
  console.log(
    `  blocking time of long tasks after the first paint: ${middle(loads.map(blockingMs)).toFixed(0)} ms; ` +
      `long tasks of the middle load: ${describeTasks(loads)}`,
  );
  console.log(`  classic Zod schemas built: ${middle(loads.map((load) => load.zodSchemas))}`);
  for (const [group, ms] of rows.slice(0, ROWS_SHOWN))
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${group}`);
}

async function main() {
  const mapsDir = buildSourceMaps();
  const portal = await startMeasuredPortal(port);
  const browser = await launchMeasuringBrowser();
  try {
    const sources = new AssetSources(mapsDir);
    const { state } = await signInDemoDeveloper(browser, portal.baseURL);
    const pages: [string, string, string, BrowserContextOptions['storageState'] | undefined][] = [
      ['/login signed out', '/login', 'Sign in', undefined],
      ['/dashboard signed in', '/dashboard', 'Dashboard', state],
    ];
    console.log(
      `Medians of ${runs} cold loads, processor ${cpuSlowdown}× slower, ${portal.baseURL} ` +
        `(load average ${os.loadavg()[0]?.toFixed(2)})`,
    );
    for (const [label, pagePath, heading, storageState] of pages) {
      const loads: LoadProfile[] = [];
      for (let run = 0; run < runs; run++)
        loads.push(
          await profileLoad(browser, `${portal.baseURL}${pagePath}`, heading, sources, storageState),
        );
      report(label, loads);
    }
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(mapsDir, { recursive: true, force: true });
  }
}

await main();
