/**
 * `npm run profile:web`: where the browser's main thread spends its time before the first paint of
 * `/login` (signed out) and `/dashboard` (signed in), by package or app folder, and how many classic
 * Zod schemas are built on the way (issue 21, decision 044). measure:web says how long the paint
 * takes; this says what to cut.
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
const SAMPLING_INTERVAL_US = 100;
const ROWS_SHOWN = 14;

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type FunctionCoverage = { functionName: string; ranges: { startOffset: number; count: number }[] };
type ScriptCoverage = { url: string; functions: FunctionCoverage[] };

type LoadProfile = { fcpMs: number; busyMs: Map<string, number>; zodSchemas: number };

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

function busyTimeByGroup(profile: CpuProfile, sources: AssetSources): Map<string, number> {
  const groupByNode = new Map(profile.nodes.map((node) => [node.id, groupOfFrame(node.callFrame, sources)]));
  const busy = new Map<string, number>();
  profile.samples.forEach((nodeId, index) => {
    const group = groupByNode.get(nodeId) ?? '?';
    if (group === '(idle)') return;
    busy.set(group, (busy.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return busy;
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

async function profileLoad(
  browser: Browser,
  url: string,
  sources: AssetSources,
  storageState?: BrowserContextOptions['storageState'],
): Promise<LoadProfile> {
  const context = await browser.newContext(storageState ? { storageState } : {});
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await cdp.send('Profiler.start');
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as {
      result: ScriptCoverage[];
    };
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return { fcpMs, busyMs: busyTimeByGroup(profile, sources), zodSchemas: zodSchemasBuilt(result, sources) };
  } finally {
    await context.close();
  }
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function report(label: string, loads: LoadProfile[]) {
  const groups = new Set(loads.flatMap((load) => [...load.busyMs.keys()]));
  const rows = [...groups]
    .map((group) => [group, middle(loads.map((load) => load.busyMs.get(group) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1]);
  const busy = middle(loads.map((load) => [...load.busyMs.values()].reduce((sum, ms) => sum + ms, 0)));
  console.log(`\n${label}: first contentful paint ${middle(loads.map((load) => load.fcpMs)).toFixed(0)} ms`);
  console.log(`  main thread busy until then (profiled, so slower than unprofiled): ${busy.toFixed(0)} ms`);
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
    const pages: [string, string, BrowserContextOptions['storageState'] | undefined][] = [
      ['/login signed out', '/login', undefined],
      ['/dashboard signed in', '/dashboard', state],
    ];
    console.log(
      `Medians of ${runs} cold loads, ${portal.baseURL} (load average ${os.loadavg()[0]?.toFixed(2)})`,
    );
    for (const [label, pagePath, storageState] of pages) {
      const loads: LoadProfile[] = [];
      for (let run = 0; run < runs; run++)
        loads.push(await profileLoad(browser, `${portal.baseURL}${pagePath}`, sources, storageState));
      report(label, loads);
    }
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(mapsDir, { recursive: true, force: true });
  }
}

await main();
