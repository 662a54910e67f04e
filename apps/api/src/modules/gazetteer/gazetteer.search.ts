import { AUSTRALIAN_STATES, type AustralianState, type GazetteerResult } from '@offplan/shared';
import { SUBURBS } from '../../db/seed/suburbs.ts';
import { EXTRA_LOCALITIES } from './localities.ts';

export type GazetteerEntry = {
  suburb: string;
  postcode: string;
  state: AustralianState;
  lga: string | null;
  lat: number | null;
  lng: number | null;
};

type Indexed = GazetteerEntry & { key: string; words: string[] };

/** Lower-case ascii letters, digits and single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bmt\b/g, 'mount')
    .replace(/\bst\b(?=\s+[a-z])/g, 'saint')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function buildIndex(entries: readonly GazetteerEntry[]): Indexed[] {
  const seen = new Set<string>();
  const out: Indexed[] = [];
  for (const entry of entries) {
    const id = `${entry.suburb}|${entry.state}|${entry.postcode}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const key = normalise(entry.suburb).replace(/\bsaint\b/g, 'st');
    out.push({ ...entry, key, words: key.split(' ') });
  }
  return out;
}

const ALL: GazetteerEntry[] = [
  ...SUBURBS.map(({ priceFactor: _p, ...entry }) => entry),
  ...Object.entries(EXTRA_LOCALITIES).flatMap(([state, rows]) =>
    rows.map(([suburb, postcode, lga, lat, lng]) => ({
      suburb,
      postcode,
      state: state as AustralianState,
      lga,
      lat,
      lng,
    })),
  ),
];

const INDEX = buildIndex(ALL);
export const GAZETTEER_SIZE = INDEX.length;

/** Optimal string alignment distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const STATE_WORDS = new Map<string, AustralianState>(
  AUSTRALIAN_STATES.map((state) => [state.toLowerCase(), state]),
);

/** Splits a free-form query ("12 Smith St, Pyrmont NSW 2009") into place words, state and postcode. */
export function parseQuery(query: string) {
  const lastPart = query.includes(',') ? query.slice(query.lastIndexOf(',') + 1) : query;
  let state: AustralianState | undefined;
  let postcode: string | undefined;
  const words: string[] = [];
  for (const word of normalise(lastPart).split(' ')) {
    if (!word) continue;
    if (STATE_WORDS.has(word)) state = STATE_WORDS.get(word);
    else if (/^\d{3,4}$/.test(word)) postcode = word.padStart(4, '0');
    else if (/^\d/.test(word)) continue;
    else words.push(word);
  }
  return { text: words.join(' ').replace(/\bsaint\b/g, 'st'), state, postcode };
}

function score(entry: Indexed, text: string): number | null {
  if (!text) return 10;
  if (entry.key === text) return 0;
  if (entry.key.startsWith(text)) return 1;
  if (entry.words.some((word) => word.startsWith(text))) return 2;
  if (text.length < 3) return null;
  if (entry.key.includes(text)) return 3;
  // Typo tolerance: one edit up to 7 letters, two beyond; against the whole name and its same-length prefix.
  const max = text.length >= 8 ? 2 : 1;
  const whole = editDistance(text, entry.key, max);
  const prefix = editDistance(text, entry.key.slice(0, text.length), max);
  const distance = Math.min(whole, prefix + (prefix < whole ? 0.5 : 0));
  return distance <= max ? 4 + distance : null;
}

export function toResult(entry: GazetteerEntry): GazetteerResult {
  return {
    suburb: entry.suburb,
    postcode: entry.postcode,
    state: entry.state,
    lga: entry.lga,
    lat: entry.lat,
    lng: entry.lng,
    label: `${entry.suburb} ${entry.state} ${entry.postcode}`,
    source: 'gazetteer',
  };
}

/** Prefix and typo-tolerant search of the bundled localities, best first. */
export function searchGazetteer(query: string, limit = 10): GazetteerResult[] {
  const { text, state, postcode } = parseQuery(query);
  if (!text && !postcode) return [];
  const scored: { entry: Indexed; score: number }[] = [];
  for (const entry of INDEX) {
    if (state && entry.state !== state) continue;
    if (postcode && !entry.postcode.startsWith(postcode)) continue;
    const value = score(entry, text);
    if (value !== null) scored.push({ entry, score: value });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      a.entry.suburb.length - b.entry.suburb.length ||
      a.entry.suburb.localeCompare(b.entry.suburb) ||
      a.entry.state.localeCompare(b.entry.state),
  );
  return scored.slice(0, limit).map(({ entry }) => toResult(entry));
}
