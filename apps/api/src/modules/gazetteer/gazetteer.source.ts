import { AUSTRALIAN_STATES, type AustralianState } from '@offplan/shared';

/**
 * Turns the public Australian postcode list (matthewproctor/australianpostcodes, README.md in this
 * folder) into the rows of `localities.ts`. Pure functions; the command line is
 * apps/api/scripts/build-gazetteer.ts.
 */

export const SOURCE_URL =
  'https://raw.githubusercontent.com/matthewproctor/australianpostcodes/master/australian_postcodes.csv';

export type LocalityRow = [suburb: string, postcode: string, lga: string, lat: number, lng: number];
export type LocalitiesByState = Record<AustralianState, LocalityRow[]>;

/** The order of the states in today's localities.ts. */
export const STATE_ORDER: readonly AustralianState[] = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'ACT', 'TAS', 'NT'];

const LINE_WIDTH = 110; // biome.json formatter.lineWidth

/**
 * CSV (RFC 4180) tolerant of the source's few malformed fields such as `""MOUNT JOHNS""`: a doubled
 * quote right before a delimiter closes the field.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const isEnd = (c: string | undefined) => c === undefined || c === ',' || c === '\n' || c === '\r';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (isEnd(text[i + 1])) quoted = false;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
        if (isEnd(text[i + 1])) quoted = false;
      } else field += '"';
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.length > 1 || row[0] !== '') rows.push(row);
  return rows;
}

/** "MCMAHONS POINT" → "McMahons Point", "O'CONNOR" → "O'Connor"; mixed-case names are kept. */
export function localityName(raw: string): string {
  const name = raw.replace(/"/g, '').replace(/\s+/g, ' ').trim();
  if (/[a-z]/.test(name)) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_m, letter: string) => `Mc${letter.toUpperCase()}`);
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function coordinate(record: Record<string, string>, precise: string, plain: string): number | null {
  for (const key of [precise, plain]) {
    const value = Number(record[key]);
    if (record[key] && Number.isFinite(value) && value !== 0) return round4(value);
  }
  return null;
}

export type BuildOptions = {
  /** suburb|state|postcode keys to leave out: the demo-data suburbs, which the gazetteer adds itself. */
  exclude?: ReadonlySet<string>;
  /** Keep only these normalised suburb|state keys (today's selection). */
  only?: ReadonlySet<string>;
};

export type BuildResult = { localities: LocalitiesByState; kept: number; skipped: Record<string, number> };

export const localityKey = (suburb: string, state: string, postcode?: string) =>
  [suburb.toLowerCase(), state, ...(postcode === undefined ? [] : [postcode])].join('|');

/** Delivery-area localities with a centre and an LGA, one per suburb, state and postcode. */
export function buildLocalities(csv: string, options: BuildOptions = {}): BuildResult {
  const [header, ...records] = parseCsv(csv);
  if (!header) throw new Error('the source file is empty');
  const columns = header.map((name) => name.trim().toLowerCase());
  for (const required of ['postcode', 'locality', 'state', 'lat', 'long', 'lgaregion']) {
    if (!columns.includes(required)) throw new Error(`the source has no "${required}" column`);
  }
  const localities = Object.fromEntries(
    AUSTRALIAN_STATES.map((s) => [s, []]),
  ) as unknown as LocalitiesByState;
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const seen = new Set<string>();
  let kept = 0;
  for (const values of records) {
    const record = Object.fromEntries(columns.map((name, i) => [name, (values[i] ?? '').trim()]));
    const state = record.state?.toUpperCase() as AustralianState;
    const type = (record.type ?? '').toLowerCase();
    const suburb = localityName(record.locality ?? '');
    const postcode = (record.postcode ?? '').padStart(4, '0');
    const lga = record.lgaregion ?? '';
    const lat = coordinate(record, 'lat_precise', 'lat');
    const lng = coordinate(record, 'long_precise', 'long');
    const key = localityKey(suburb, state, postcode);
    if (!AUSTRALIAN_STATES.includes(state)) skip('not a state');
    else if (type !== '' && type !== 'delivery area') skip('not a delivery area');
    else if (!suburb || !/^\d{4}$/.test(postcode)) skip('no locality or postcode');
    else if (lat === null || lng === null) skip('no centre');
    else if (!lga) skip('no LGA');
    else if (seen.has(key)) skip('duplicate');
    else if (options.exclude?.has(key)) skip('demo-data suburb');
    else if (options.only && !options.only.has(localityKey(suburb, state))) skip('not selected');
    else {
      seen.add(key);
      localities[state].push([suburb, postcode, lga, lat, lng]);
      kept++;
    }
  }
  for (const rows of Object.values(localities)) {
    rows.sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
  }
  return { localities, kept, skipped };
}

const literal = (text: string) => (text.includes("'") ? JSON.stringify(text) : `'${text}'`);

const rowParts = (row: LocalityRow) => [
  literal(row[0]),
  literal(row[1]),
  literal(row[2]),
  String(row[3]),
  String(row[4]),
];
const rowLiteral = (row: LocalityRow) => `[${rowParts(row).join(', ')}]`;

function renderRow(row: LocalityRow): string[] {
  const oneLine = `    ${rowLiteral(row)},`;
  if (oneLine.length <= LINE_WIDTH) return [oneLine];
  return ['    [', ...rowParts(row).map((part) => `      ${part},`), '    ],'];
}

/** localities.ts in today's layout (the file Biome formats unchanged). */
export function renderLocalities(localities: LocalitiesByState, source: string): string {
  const lines = [
    "import type { AustralianState } from '@offplan/shared';",
    '',
    '/**',
    ' * Australian localities added to the demo-data suburbs (db/seed/suburbs.ts) to form the bundled',
    ' * gazetteer: suburb, postcode, local government area and an approximate centre (± ~1 km).',
    ` * Generated by apps/api/scripts/build-gazetteer.ts from ${source}`,
    ' * (licence and columns: README.md in this folder); rebuild rather than edit by hand.',
    ' */',
    'type Row = [suburb: string, postcode: string, lga: string, lat: number, lng: number];',
    '',
    'export const EXTRA_LOCALITIES: Record<AustralianState, Row[]> = {',
  ];
  for (const state of STATE_ORDER) {
    const rows = localities[state];
    const hugged = rows[0] && rows.length === 1 ? `  ${state}: [${rowLiteral(rows[0])}],` : '';
    if (rows.length === 0) lines.push(`  ${state}: [],`);
    // Biome keeps a lone row on the state's line when it fits (its "hugging" of a single array element).
    else if (hugged && hugged.length <= LINE_WIDTH) lines.push(hugged);
    else lines.push(`  ${state}: [`, ...rows.flatMap(renderRow), '  ],');
  }
  lines.push('};', '');
  return lines.join('\n');
}
