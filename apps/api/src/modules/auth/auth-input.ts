import { cleanMultilineText, cleanText, NUL_MESSAGE } from '@offplan/shared';

/**
 * Issue 15, finding 1: the one text rule applied to what better-auth receives, since its endpoints
 * do not go through our contract. A NUL anywhere (body, query, path) is refused before any endpoint
 * runs (no database driver accepts one); other control characters, bidi overrides and zero-width
 * spaces are removed from the text values of a JSON body.
 */

/** Compared exactly as typed: cleaning them would quietly change what the person chose. */
const VERBATIM_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);
/** Text that keeps its line breaks (an organisation's "about"). */
const MULTILINE_FIELDS = new Set(['about']);

export type ScreenedAuthInput =
  | { refused: Record<string, string> }
  | { refused?: undefined; body: unknown; cleanedBody: string | null };

const hasNul = (value: string) => value.includes('\u0000');

function safelyDecoded(value: string) {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

/** Walks a JSON value: names every field holding a NUL (key or value) and cleans every other string. */
function screenValue(value: unknown, path: string, nulFields: Record<string, string>): unknown {
  if (typeof value === 'string') {
    if (hasNul(value)) {
      nulFields[path || 'body'] = NUL_MESSAGE;
      return value;
    }
    const key = path.slice(path.lastIndexOf('.') + 1);
    if (VERBATIM_FIELDS.has(key)) return value;
    return MULTILINE_FIELDS.has(key) ? cleanMultilineText(value) : cleanText(value);
  }
  if (Array.isArray(value))
    return value.map((item, index) => screenValue(item, `${path}.${index}`, nulFields));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const innerPath = path ? `${path}.${key}` : key;
        if (hasNul(key)) nulFields[cleanText(key.replaceAll('\u0000', '')) || 'body'] = NUL_MESSAGE;
        return [key, screenValue(inner, innerPath, nulFields)];
      }),
    );
  }
  return value;
}

/**
 * Screens one request to /api/auth/*: `refused` names the fields holding a NUL; otherwise `body` is the
 * parsed JSON body (null when there is none or it is not JSON) and `cleanedBody` the text to send on
 * in its place, or null when nothing changed.
 */
export async function screenAuthInput(request: Request): Promise<ScreenedAuthInput> {
  const nulFields: Record<string, string> = {};
  const url = new URL(request.url);
  if (hasNul(safelyDecoded(url.pathname))) nulFields.path = NUL_MESSAGE;
  for (const [key, value] of url.searchParams) {
    if (hasNul(key) || hasNul(value))
      nulFields[cleanText(key.replaceAll('\u0000', '')) || 'query'] = NUL_MESSAGE;
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    return Object.keys(nulFields).length ? { refused: nulFields } : { body: null, cleanedBody: null };
  }
  const text = await request.clone().text();
  let body: unknown = null;
  let cleanedBody: string | null = null;
  const isJson = request.headers.get('content-type')?.includes('json') ?? false;
  if (text && isJson) {
    try {
      body = JSON.parse(text);
    } catch {
      // Malformed JSON: better-auth refuses it with its own 400 (a NUL in it is refused here all the same).
      if (hasNul(text)) nulFields.body = NUL_MESSAGE;
    }
    if (body !== null) {
      const cleaned = screenValue(body, '', nulFields);
      const cleanedText = JSON.stringify(cleaned);
      if (cleanedText !== JSON.stringify(body)) cleanedBody = cleanedText;
      body = cleaned;
    }
  } else if (hasNul(text) || hasNul(safelyDecoded(text))) {
    nulFields.body = NUL_MESSAGE;
  }
  return Object.keys(nulFields).length ? { refused: nulFields } : { body, cleanedBody };
}
