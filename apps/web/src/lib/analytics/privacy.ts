/**
 * What the tracker must never capture (spec §5): text resembling a card number or a national-ID-style
 * number, and secrets carried in URLs. Every captured string passes through here.
 */

/** Digits joined by at most one space or dash between them: "4111 1111-1111 1111", "123 456 789". */
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;

const CARD_DIGITS = { min: 13, max: 19 } as const;
const ID_RUN_DIGITS = { min: 8, max: 9 } as const;
/** Grouped national-ID shapes: a US SSN 123-45-6789, an Australian TFN 123 456 789. */
const ID_GROUP_SHAPES = ['3,2,4', '3,3,3'];

/** The Luhn checksum every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Whether a run of digit groups holds a card number: 13 to 19 digits in consecutive groups (so a card
 * followed by an expiry year is still found) that pass the Luhn check.
 */
function holdsCardNumber(groups: string[]): boolean {
  for (let start = 0; start < groups.length; start += 1) {
    let digits = '';
    for (let end = start; end < groups.length; end += 1) {
      digits += groups[end];
      if (digits.length > CARD_DIGITS.max) break;
      if (digits.length >= CARD_DIGITS.min && passesLuhn(digits)) return true;
    }
  }
  return false;
}

/** 8–9 digits in one run, or consecutive groups shaped like an SSN or a TFN. */
function holdsNationalId(groups: string[]): boolean {
  if (groups.some((group) => group.length >= ID_RUN_DIGITS.min && group.length <= ID_RUN_DIGITS.max)) {
    return true;
  }
  const lengths = groups.map((group) => group.length);
  for (let start = 0; start + 3 <= lengths.length; start += 1) {
    if (ID_GROUP_SHAPES.includes(lengths.slice(start, start + 3).join(','))) return true;
  }
  return false;
}

/** Spec §5: text resembling a card number or a national-ID-style number is not captured at all. */
export function isSensitiveText(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const groups = match[0].split(/[ -]/);
    if (holdsCardNumber(groups) || holdsNationalId(groups)) return true;
  }
  return false;
}

/** Whitespace collapsed and trimmed, then capped at `maxLength` characters. */
export function capText(text: string, maxLength: number): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, maxLength);
}

/**
 * A captured string, or null when it must not be captured: empty after trimming, or resembling a
 * card or ID number. The check reads the whole text before the cap, so a number cut by it still counts.
 */
export function safeText(text: string | null | undefined, maxLength: number): string | null {
  if (text == null) return null;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (!collapsed || isSensitiveText(collapsed)) return null;
  return collapsed.slice(0, maxLength);
}

export const REDACTED_SEGMENT = ':redacted';

/**
 * Whether a path segment looks like a secret: a reset token or an emailed link's code sits in the path
 * (/forgot-password/{token}). Random ids are long and mix digits or capitals into letters; route names
 * ("listing-performance") do not.
 */
function looksLikeSecret(segment: string): boolean {
  if (segment.includes('@')) return true;
  if (segment.length >= 40) return true;
  return segment.length >= 16 && /^[\w.~+=%-]+$/.test(segment) && /[\dA-Z]/.test(segment);
}

/** A pathname with secret-looking or number-bearing segments replaced by ':redacted'. */
export function redactPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape: judge the raw text.
      }
      return decoded && (looksLikeSecret(decoded) || isSensitiveText(decoded)) ? REDACTED_SEGMENT : segment;
    })
    .join('/');
}

/**
 * A link target safe to capture: the path only (query strings and fragments may carry tokens), with the
 * origin kept for links that leave the portal. mailto: and tel: links name a person: only the scheme.
 */
export function safeHref(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:' || url.protocol === 'sms:') return url.protocol;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = redactPath(url.pathname);
  return url.origin === new URL(base).origin ? path : `${url.origin}${path}`;
}
