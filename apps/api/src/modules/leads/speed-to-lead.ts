import type { AustralianState } from '@offplan/shared';

/** Each state's time zone: a project's business hours are those of the state it is in. */
export const STATE_TIME_ZONES: Record<AustralianState, string> = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  NT: 'Australia/Darwin',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  VIC: 'Australia/Melbourne',
  WA: 'Australia/Perth',
};

/**
 * Business hours (decision 027): Monday to Saturday, 9:00 to 17:00 local time, when display suites
 * and sales teams work. Public holidays are not known here and count as business days.
 */
export const BUSINESS_HOURS = { openHour: 9, closeHour: 17, days: [1, 2, 3, 4, 5, 6] } as const;

const MINUTE = 60_000;

/** One formatter per zone: building an Intl.DateTimeFormat costs ~0.1 ms, more than the formatting. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A zone's offset from UTC at an instant, read from the formatter (a few microseconds each). */
function formattedOffset(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return (
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant
  );
}

const DAY = 24 * 60 * MINUTE;
/**
 * Offsets change only on a quarter hour of UTC (Adelaide's daylight saving starts at 16:30 UTC) and at
 * most once in a UTC day (true of every Australian zone): a day whose two ends have the same offset
 * has it throughout. Local times are then plain arithmetic; a deadline reads a dozen of them and the
 * demo data computes 3,000 deadlines.
 */
const OFFSET_SLOT_MS = 15 * MINUTE;
const offsetsByZone = new Map<string, { dayStarts: Map<number, number>; slots: Map<number, number> }>();

function cachedOffset(cache: Map<number, number>, key: number, instant: number, timeZone: string) {
  let offset = cache.get(key);
  if (offset === undefined) {
    if (cache.size > 100_000) cache.clear();
    offset = formattedOffset(instant, timeZone);
    cache.set(key, offset);
  }
  return offset;
}

function offsetAt(instant: number, timeZone: string) {
  let zone = offsetsByZone.get(timeZone);
  if (!zone) {
    zone = { dayStarts: new Map(), slots: new Map() };
    offsetsByZone.set(timeZone, zone);
  }
  const day = Math.floor(instant / DAY);
  const start = cachedOffset(zone.dayStarts, day, day * DAY, timeZone);
  if (start === cachedOffset(zone.dayStarts, day + 1, (day + 1) * DAY, timeZone)) return start;
  const slot = Math.floor(instant / OFFSET_SLOT_MS);
  return cachedOffset(zone.slots, slot, slot * OFFSET_SLOT_MS, timeZone);
}

function localParts(instant: number, timeZone: string) {
  const local = new Date(instant + offsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
  };
}

/**
 * The instant at a wall-clock time in a zone. The offset is read twice: at the naive guess, then at
 * the first answer, which is right when a daylight-saving change falls between the two.
 */
function instantAt(timeZone: string, year: number, month: number, day: number, hour: number) {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** Opening and closing of the business day containing `instant`, or null when that day is closed. */
function businessDay(instant: number, timeZone: string) {
  const local = localParts(instant, timeZone);
  if (!(BUSINESS_HOURS.days as readonly number[]).includes(local.weekday)) return { local, hours: null };
  return {
    local,
    hours: {
      open: instantAt(timeZone, local.year, local.month, local.day, BUSINESS_HOURS.openHour),
      close: instantAt(timeZone, local.year, local.month, local.day, BUSINESS_HOURS.closeHour),
    },
  };
}

/** The start of the next local day after `instant` (noon of the next day less 12 hours is DST-proof). */
function nextLocalDay(instant: number, timeZone: string) {
  const local = localParts(instant, timeZone);
  const noonTomorrow = instantAt(timeZone, local.year, local.month, local.day + 1, 12);
  const tomorrow = localParts(noonTomorrow, timeZone);
  return instantAt(timeZone, tomorrow.year, tomorrow.month, tomorrow.day, 0);
}

/**
 * When a lead that arrived at `receivedAt` must have been answered: `minutes` later, counting only
 * business hours in the project's state when `businessHoursOnly` (an enquiry on Sunday night is due
 * Monday 9:15 with a 15-minute target).
 */
export function responseDeadline(
  receivedAt: Date,
  target: { minutes: number; businessHoursOnly: boolean },
  state: AustralianState,
): Date {
  if (!target.businessHoursOnly) return new Date(receivedAt.getTime() + target.minutes * MINUTE);
  const timeZone = STATE_TIME_ZONES[state];
  let cursor = receivedAt.getTime();
  let remaining = target.minutes * MINUTE;
  // At most one iteration per calendar day; a week's target spans under 30 of them.
  for (let guard = 0; guard < 400; guard += 1) {
    const { hours } = businessDay(cursor, timeZone);
    if (hours && cursor < hours.close) {
      const start = Math.max(cursor, hours.open);
      if (start + remaining <= hours.close) return new Date(start + remaining);
      remaining -= hours.close - start;
    }
    cursor = nextLocalDay(cursor, timeZone);
  }
  return new Date(cursor + remaining);
}
