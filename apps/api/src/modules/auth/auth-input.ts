import { cleanMultilineText, cleanText, NUL_MESSAGE } from '@offplan/shared';

/**
 * Issue 15, finding 1: the one text rule applied to what better-auth receives, since its endpoints
 * do not go through our contract. A NUL anywhere (body, query, path) is refused before any endpoint
 * runs (no database driver accepts one); other control characters, bidi overrides and zero-width
 * spaces are removed from the text values of a JSON body.
 */

/** Compared exactly as typed: cleaning them would quietly change what the person chose. */
const VERBATIM_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);
/**
 * Longest text an auth call takes: an email address (RFC 5321), anything else. Longer values are
 * refused before better-auth uses them as a rate-limit key or an indexed lookup, where PostgreSQL
 * cannot index a value beyond a few kilobytes and would fail the call.
 */
const EMAIL_MAX = 254;
const AUTH_TEXT_MAX = 4000;
const EMAIL_FIELDS = new Set(['email', 'newEmail']);
const tooLong = (max: number) => `must be at most ${max} characters`;

/**
 * Where better-auth sends the browser afterwards: a path of ours or an absolute http(s) address (which
 * better-auth then checks against the trusted origins). Anything else made its redirect throw (500).
 */
const CALLBACK_FIELDS = new Set(['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo']);
const CALLBACK_MESSAGE = 'must be a path starting with / or an http(s) address';
const isCallback = (value: string) =>
  /^\/(?![/\\])/.test(value) || (/^https?:\/\//i.test(value) && URL.canParse(value));
/** The refusal of one text value, if any. */
function problemOf(key: string, value: string): string | undefined {
  if (hasNul(value)) return NUL_MESSAGE;
  const max = EMAIL_FIELDS.has(key) ? EMAIL_MAX : AUTH_TEXT_MAX;
  if (value.length > max) return tooLong(max);
  if (CALLBACK_FIELDS.has(key) && !isCallback(value)) return CALLBACK_MESSAGE;
  return undefined;
}

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
function screenValue(value: unknown, path: string, refusedFields: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const key = path.slice(path.lastIndexOf('.') + 1);
    const problem = problemOf(key, value);
    if (problem) {
      refusedFields[path || 'body'] = problem;
      return value;
    }
    if (VERBATIM_FIELDS.has(key)) return value;
    return MULTILINE_FIELDS.has(key) ? cleanMultilineText(value) : cleanText(value);
  }
  if (Array.isArray(value))
    return value.map((item, index) => screenValue(item, `${path}.${index}`, refusedFields));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const innerPath = path ? `${path}.${key}` : key;
        if (hasNul(key)) refusedFields[cleanText(key.replaceAll('\u0000', '')) || 'body'] = NUL_MESSAGE;
        return [key, screenValue(inner, innerPath, refusedFields)];
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
  const refusedFields: Record<string, string> = {};
  const url = new URL(request.url);
  if (hasNul(safelyDecoded(url.pathname))) refusedFields.path = NUL_MESSAGE;
  for (const [key, value] of url.searchParams) {
    const problem = hasNul(key) ? NUL_MESSAGE : problemOf(key, value);
    if (problem) refusedFields[cleanText(key.replaceAll('\u0000', '')) || 'query'] = problem;
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    return Object.keys(refusedFields).length ? { refused: refusedFields } : { body: null, cleanedBody: null };
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
      if (hasNul(text)) refusedFields.body = NUL_MESSAGE;
    }
    if (body !== null) {
      const cleaned = screenValue(body, '', refusedFields);
      const cleanedText = JSON.stringify(cleaned);
      if (cleanedText !== JSON.stringify(body)) cleanedBody = cleanedText;
      body = cleaned;
    }
  } else if (hasNul(text) || hasNul(safelyDecoded(text))) {
    refusedFields.body = NUL_MESSAGE;
  }
  return Object.keys(refusedFields).length ? { refused: refusedFields } : { body, cleanedBody };
}
