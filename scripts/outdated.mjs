#!/usr/bin/env node
// `npm run deps:outdated` (issue 20 item 7, decision 041): every direct dependency of the root and of
// each workspace with its wanted range, the installed version, the registry's latest and whether it is
// pinned on purpose. The registry here does not answer `npm audit`, so this list is how dependencies
// are kept current. Pins live in ONE place, the "Pinned dependencies" table of decision 041, which this
// script reads. `npm outdated` answers here too, but it hides packages that are current and its
// "latest" skips versions whose `engines` exclude this Node (pg-boss shows 10.4.2 below the installed
// 12.35.0), so the registry is asked with `npm view`, one package at a time, in parallel and
// time-bounded. Always exits 0: a report, not a gate. `--json` prints the rows as JSON.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PINS_RECORD = 'docs/decisions/041-dependency-pins.md';
const PINS_HEADING = /^##\s+Pinned dependencies\s*$/;
const CONCURRENCY = 8;
const TIMEOUT_MS = 45_000; // drizzle-orm's packument (thousands of versions) took 24 s on a loaded machine here
const DEPENDENCY_KINDS = ['dependencies', 'devDependencies'];
const SILENT_REGISTRY = 'registry did not answer';

/**
 * A registry that lets a question time out before it has answered any is taken as down: the questions
 * not yet asked are skipped, so an unreachable registry costs one timeout, not one per wave of 8.
 */
const registryHealth = { answered: false, timeouts: 0 };

const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** The root (`.`) and every workspace folder the root package.json names. */
function workspaceFolders() {
  return ['.', ...(readJson('package.json').workspaces ?? [])];
}

/** One row per direct dependency and devDependency of one workspace. */
function directDependencies(folder) {
  const manifest = readJson(path.join(folder, 'package.json'));
  return DEPENDENCY_KINDS.flatMap((kind) =>
    Object.entries(manifest[kind] ?? {}).map(([name, wanted]) => ({
      workspace: folder === '.' ? 'root' : folder,
      folder,
      name,
      kind: kind === 'dependencies' ? 'dep' : 'dev',
      wanted,
    })),
  );
}

/**
 * What is installed: node_modules as npm resolves it (the workspace's own folder first, then the
 * hoisted root), else what package-lock.json would install.
 */
function installedVersion(folder, name, lock) {
  for (const base of [folder, '.']) {
    const manifest = path.join(base, 'node_modules', name, 'package.json');
    if (existsSync(path.join(ROOT, manifest))) return readJson(manifest).version;
  }
  const nested = folder === '.' ? undefined : lock.packages?.[`${folder}/node_modules/${name}`];
  return (nested ?? lock.packages?.[`node_modules/${name}`])?.version;
}

/** `| \`@mantine/*\` | **9.6.1** | why |` → its cells without markdown emphasis. */
function tableCells(line) {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim().replace(/`|\*\*/g, ''));
}

/**
 * The pins table of decision 041: the first table under "## Pinned dependencies", columns package,
 * pinned version, why. A package ending in `/*` pins a whole scope.
 */
function readPins() {
  const lines = readFileSync(path.join(ROOT, PINS_RECORD), 'utf8').split('\n');
  const start = lines.findIndex((line) => PINS_HEADING.test(line));
  if (start === -1) throw new Error(`${PINS_RECORD} has no "## Pinned dependencies" section`);
  const pins = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim().startsWith('|')) {
      if (pins.length > 0) break;
      continue;
    }
    const [pkg, version, reason] = tableCells(line);
    if (!pkg || pkg === 'package' || /^-+$/.test(pkg)) continue;
    pins.push({ pkg, version, reason });
  }
  return pins;
}

function pinFor(name, pins) {
  return pins.find((pin) =>
    pin.pkg.endsWith('/*') ? name.startsWith(pin.pkg.slice(0, -1)) : pin.pkg === name,
  );
}

/** `npm view` with a hard time limit; the error says whether the registry was silent or refused. */
function npmView(args) {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['view', ...args, '--json'],
      { cwd: ROOT, timeout: TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error?.killed) return resolve({ problem: SILENT_REGISTRY, silent: true });
        let parsed;
        try {
          parsed = stdout.trim() ? JSON.parse(stdout) : undefined;
        } catch {
          return resolve({ problem: 'registry answered something that is not JSON' });
        }
        if (error || parsed === undefined || parsed.error) {
          const summary = parsed?.error?.summary ?? error?.message.split('\n')[0] ?? 'no answer';
          return resolve({ problem: `registry: ${summary}` });
        }
        resolve({ answer: Array.isArray(parsed) ? parsed : [parsed] });
      },
    );
  });
}

/**
 * One registry question per package and range: the versions the range allows, the `latest` tag and
 * every published version in npm's semver order (so "newer" needs no version parsing here).
 */
async function registryFacts(name, wanted, attempt = 1) {
  if (!registryHealth.answered && registryHealth.timeouts > 0) return { problem: SILENT_REGISTRY };
  const { answer, problem, silent } = await npmView([
    `${name}@${wanted}`,
    'version',
    'versions',
    'dist-tags.latest',
  ]);
  if (silent) registryHealth.timeouts += 1;
  // A registry that answers the others but let this one time out (seen here on a busy machine) gets
  // one more try; a silent registry does not.
  if (silent && registryHealth.answered && attempt === 1) return registryFacts(name, wanted, 2);
  if (problem) return { problem };
  registryHealth.answered = true;
  const [first] = answer;
  return {
    inRange: answer.map((entry) => entry.version),
    latest: first['dist-tags.latest'],
    published: first.versions ?? [],
  };
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the order. */
async function mapPooled(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Status current, outdated (with its change: minor/patch or major), pinned or unchecked, and the table's words. */
function classify(row, facts, pin) {
  if (pin) {
    const held = row.installed === pin.version || row.installed?.startsWith(`${pin.version}.`);
    const drift = held ? '' : ` (record pins ${pin.version})`;
    return { status: 'pinned', note: `pinned: ${pin.reason}${drift}` };
  }
  if (facts.problem) return { status: 'unchecked', note: facts.problem };
  if (!row.installed) return { status: 'unchecked', note: 'not installed: run npm ci' };
  if (row.installed === facts.latest) return { status: 'current', note: 'current' };
  const order = (version) => facts.published.indexOf(version);
  if (order(facts.latest) < order(row.installed)) {
    return { status: 'current', note: 'current (ahead of the latest tag)' };
  }
  const where = facts.inRange.includes(facts.latest) ? 'within' : 'outside';
  const change = where === 'within' ? 'minor/patch' : 'major';
  return { status: 'outdated', change, note: `outdated: ${change}, latest ${where} ${row.wanted}` };
}

function printTable(rows) {
  const columns = ['workspace', 'name', 'kind', 'wanted', 'installed', 'latest', 'note'];
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '-')));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((line) => (index === columns.length - 1 ? 0 : line[index].length))),
  );
  const format = (line) => line.map((cell, index) => cell.padEnd(widths[index])).join('  ');
  console.log(format(columns));
  for (const line of cells) console.log(format(line));
}

async function main() {
  const lock = readJson('package-lock.json');
  const pins = readPins();
  const rows = workspaceFolders()
    .flatMap(directDependencies)
    .map((row) => ({ ...row, installed: installedVersion(row.folder, row.name, lock) }));
  const questions = [...new Set(rows.map((row) => `${row.name}\u0000${row.wanted}`))];
  const answers = await mapPooled(questions, CONCURRENCY, (key) => registryFacts(...key.split('\u0000')));
  const factsFor = new Map(questions.map((key, index) => [key, answers[index]]));
  for (const row of rows) {
    const facts = factsFor.get(`${row.name}\u0000${row.wanted}`);
    Object.assign(row, { latest: facts.latest }, classify(row, facts, pinFor(row.name, pins)));
  }
  const count = (status) => rows.filter((row) => row.status === status).length;
  const unchecked = count('unchecked');
  const summary = `${count('outdated')} outdated, ${count('pinned')} pinned, ${count('current')} current${
    unchecked ? `, ${unchecked} not checked` : ''
  }`;
  const listed = new Set(rows.map((row) => row.name));
  const unusedPins = pins.filter((pin) => ![...listed].some((name) => pinFor(name, [pin])));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ rows, unusedPins, summary }, null, 2));
    return;
  }
  printTable(rows);
  for (const pin of unusedPins) console.log(`pin for ${pin.pkg} ${pin.version}: no workspace lists it`);
  console.log(summary);
}

main().catch((error) => {
  // A report, not a gate (decision 041): say what went wrong and still exit 0.
  console.error(`deps:outdated could not finish: ${error.message}`);
});
