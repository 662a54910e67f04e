import { z } from 'zod';

/**
 * The one text rule of the contract (issue 15, decision 024): every schema that takes text from a
 * person or a client builds on `text()` or `multilineText()`, never on a bare `z.string()`.
 * - NUL (U+0000) is refused with a field message: no database stores it, and a driver that meets
 *   one fails the whole call.
 * - Other C0 and C1 control characters, bidirectional overrides and isolates (which reorder what a
 *   reader sees: "\u202e" makes `gpj.exe` read `exe.jpg`) and zero-width spaces are removed; a
 *   multi-line field keeps its line breaks and tabs.
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

const hasNul = (value: string) => value.includes('\u0000');

/** Removes what the text rule removes from a single-line value (line breaks become spaces). */
export const cleanText = (value: string) => value.replace(/[\r\n\t]+/g, ' ').replace(UNSAFE_SINGLE_LINE, '');

/** Removes what the text rule removes from a multi-line value (line breaks and tabs stay). */
export const cleanMultilineText = (value: string) => value.replace(UNSAFE_MULTI_LINE, '');

/** Whether a value holds any character the text rule refuses or removes (tests and the fuzz check). */
export const hasUnsafeText = (value: string) => hasNul(value) || cleanMultilineText(value) !== value;

/** What `z.string()` takes: the message when the value is missing or not a string. */
type StringParams = Parameters<typeof z.string>[0];

/** Single-line text: names, titles, search words, ids. Chain `.min()`, `.max()`, `.trim()` after it. */
export const text = (params?: StringParams) =>
  z
    .string(params)
    .refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true })
    .overwrite(cleanText);

/** Multi-line text: descriptions, messages, feedback. Keeps line breaks and tabs. */
export const multilineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((value) => !hasNul(value), { message: NUL_MESSAGE, abort: true })
    .overwrite(cleanMultilineText);
