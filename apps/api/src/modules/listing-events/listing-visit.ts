import { cleanText, type DeviceClass } from '@offplan/shared';
import { isbot } from 'isbot';

/**
 * What the intake reads from a visit without keeping anything personal (decision 028): whether the
 * caller is a bot, the class of device, the referrer's host and the campaign parameters.
 */

/**
 * A crawler, a monitor or a script, by its user agent (isbot's maintained list). A browser always
 * says who it is, so a request without a user agent is not a visitor either.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

// Tablets first: Android tablets say "Android" without "Mobile"; iPads before iPadOS 13 say "iPad"
// (later ones present themselves as a Mac and count as desktops, as every analytics tool counts them).
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini|Windows Phone/i;

export function deviceClassOf(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Only the host of where the visitor came from (no path or query: they may carry personal data). */
export function referrerHostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * A campaign parameter as stored: the one text rule's cleaning (control characters, bidi overrides;
 * NUL too, which no column may hold), trimmed, absent when empty.
 */
export function campaignValue(value: string | undefined): string | null {
  if (value === undefined) return null;
  const cleaned = cleanText(value.replaceAll('\u0000', '')).trim();
  return cleaned || null;
}
