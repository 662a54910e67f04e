import { z } from 'zod';
import { cleanMultilineText, cleanText, hasNul, NUL_MESSAGE } from './text-rule.ts';

/**
 * The one text rule of the contract (issue 15, decision 024): every schema that takes text from a
 * person or a client builds on `text()` or `multilineText()`, never on a bare `z.string()`.
 * - NUL (U+0000) is refused with a field message: no database stores it, and a driver that meets
 *   one fails the whole call.
 * - Other C0 and C1 control characters, bidirectional overrides and isolates (which reorder what a
 *   reader sees: "\u202e" makes `gpj.exe` read `exe.jpg`) and zero-width spaces are removed; a
 *   multi-line field keeps its line breaks and tabs.
 * The cleaning itself is text-rule.ts, which needs no Zod.
 */

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
