/**
 * Rebuilds the bundled gazetteer (apps/api/src/modules/gazetteer/localities.ts) from its public
 * source, the Australian postcode list of matthewproctor/australianpostcodes (see README.md there).
 *   npm run gazetteer:build -w @offplan/api                       downloads the source CSV
 *   npm run gazetteer:build -w @offplan/api -- --from file.csv    reads a local copy instead
 * Options: --out <file> (default: the bundled localities.ts), --only-listed (refresh only the
 * localities the current output file lists, instead of every delivery-area locality).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SUBURBS } from '../src/db/seed/suburbs.ts';
import {
  buildLocalities,
  localityKey,
  renderLocalities,
  SOURCE_URL,
} from '../src/modules/gazetteer/gazetteer.source.ts';

const DEFAULT_OUT = fileURLToPath(new URL('../src/modules/gazetteer/localities.ts', import.meta.url));

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    url: { type: 'string', default: SOURCE_URL },
    out: { type: 'string', default: DEFAULT_OUT },
    'only-listed': { type: 'boolean', default: false },
  },
});

async function readSource(): Promise<{ csv: string; source: string }> {
  if (values.from) return { csv: readFileSync(values.from, 'utf8'), source: `a copy of ${SOURCE_URL}` };
  const response = await fetch(values.url);
  if (!response.ok) throw new Error(`GET ${values.url} answered ${response.status}`);
  return { csv: await response.text(), source: values.url };
}

/** The suburb|state keys of the rows the output file lists today. */
function listedLocalities(file: string): Set<string> {
  const keys = new Set<string>();
  const sections = readFileSync(file, 'utf8').split(/^ {2}([A-Z]{2,3}): \[/m);
  for (let i = 1; i < sections.length; i += 2) {
    const state = sections[i] ?? '';
    for (const match of (sections[i + 1] ?? '').matchAll(/\[\s*(?:'([^']*)'|"([^"]*)"),\s*'\d{4}'/g)) {
      keys.add(localityKey(match[1] ?? match[2] ?? '', state));
    }
  }
  return keys;
}

const { csv, source } = await readSource();
const result = buildLocalities(csv, {
  exclude: new Set(SUBURBS.map((s) => localityKey(s.suburb, s.state, s.postcode))),
  only: values['only-listed'] ? listedLocalities(values.out) : undefined,
});
writeFileSync(values.out, renderLocalities(result.localities, source));
console.log(
  `${basename(values.out)}: ${result.kept} localities from ${values.from ?? values.url}; skipped ${JSON.stringify(result.skipped)}`,
);
