import {
  BUYER_TYPE_LABELS,
  FINANCE_STATUS_LABELS,
  type LeadSource,
  type LeadStatus,
  TIMEFRAME_LABELS,
} from '@offplan/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const moneyFormat = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  maximumFractionDigits: 0,
});

/** A response time: "45 s", "12 min", "3 h 20 min", "2 d 4 h". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : moneyFormat.format(value);
}

/** Points with their sign, a true minus for negatives: "+20", "−10". */
export function signedPoints(points: number): string {
  return points < 0 ? `\u2212${Math.abs(points)}` : `+${points}`;
}

/**
 * A lead's phone as an Australian sales person reads it: Australian numbers (+61) in national format
 * ("0412 345 678", "(02) 9876 5432"), other countries' in international format ("+44 20 7946 0958").
 * The server sends E.164; a masked phone ("•••") is shown as sent, never parsed, and anything that is
 * not a valid number is shown as it came rather than guessed at. Dial with the E.164 value (`tel:`).
 */
export function displayPhone(phone: string | null | undefined, masked: boolean): string {
  if (!phone || masked) return phone ?? '';
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.isValid()) return phone;
  return parsed.countryCallingCode === '61' ? parsed.formatNational() : parsed.formatInternational();
}

/** Mantine colours per pipeline stage; the badge always carries the label too (never colour alone). */
export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  NEW: 'blue',
  CONTACTED: 'cyan',
  INSPECTED: 'teal',
  RESERVED: 'grape',
  EXCHANGED: 'green',
  SETTLED: 'lime',
  LOST: 'gray',
};

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  listing: 'Listing page',
  api: 'Lead API',
  import: 'Import',
};

export function sourceLabel(source: string): string {
  return LEAD_SOURCE_LABELS[source as LeadSource] ?? source;
}

export function buyerTypeLabel(type: string | null): string {
  return type ? (BUYER_TYPE_LABELS[type as keyof typeof BUYER_TYPE_LABELS] ?? type) : '—';
}

export function timeframeLabel(value: string | null): string {
  return value ? (TIMEFRAME_LABELS[value as keyof typeof TIMEFRAME_LABELS] ?? value) : '—';
}

export function financeLabel(value: string | null): string {
  return value ? (FINANCE_STATUS_LABELS[value as keyof typeof FINANCE_STATUS_LABELS] ?? value) : '—';
}

/** A score's colour band (shown next to the number, never instead of it). */
export function scoreColor(score: number): string {
  if (score >= 70) return 'green';
  if (score >= 40) return 'yellow';
  return 'gray';
}
