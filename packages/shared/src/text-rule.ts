/**
 * The text rule's cleaning (text.ts builds the schemas on it), apart from Zod: the web app's first
 * page applies it to its address and its analytics without loading a schema library (decision 044).
 */

export const NUL_MESSAGE = 'must not contain a NUL character (U+0000)';

// C0 except tab, line feed and carriage return; DEL and C1; bidi embeddings, overrides and isolates;
// zero-width space, word joiner and the byte-order mark. ZWJ/ZWNJ (U+200C/D) stay: scripts and emoji
// sequences need them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE_SINGLE_LINE = /[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/g;
const UNSAFE_MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/g;

/** Whether a value holds a NUL, which the text rule refuses. */
export const hasNul = (value: string) => value.includes('\u0000');

/** Removes what the text rule removes from a single-line value (line breaks become spaces). */
export const cleanText = (value: string) => value.replace(/[\r\n\t]+/g, ' ').replace(UNSAFE_SINGLE_LINE, '');

/** Removes what the text rule removes from a multi-line value (line breaks and tabs stay). */
export const cleanMultilineText = (value: string) => value.replace(UNSAFE_MULTI_LINE, '');

/** Whether a value holds any character the text rule refuses or removes (tests and the fuzz check). */
export const hasUnsafeText = (value: string) => hasNul(value) || cleanMultilineText(value) !== value;
