import type { AnalyticsEvent } from './analytics.ts';
import { ANALYTICS_EVENT_TYPES, type AnalyticsRemoteConfig } from './analytics-events.ts';
import { ANALYTICS } from './constants.ts';
import { cleanText } from './text-rule.ts';

/**
 * The analytics contract's checks as the web tracker needs them, without Zod: the tracker checks each
 * event before queueing it (the server refuses a batch with one bad event whole) and reads the remote
 * config on every first page, which loads no schema library (decision 044). They read a value as
 * `analyticsEventSchema` and `analyticsRemoteConfigSchema.partial()` (analytics.ts) do: the same
 * rules, the text rule's cleaning, unknown keys refused or dropped alike; analytics-checks.test.ts
 * holds them to the schemas. A rule changed there changes here.
 */
type Checked<T> = { success: true; data: T } | { success: false; error: Error };
const refused = <T>(what: string): Checked<T> => ({ success: false, error: new Error(what) });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** `text().min(min).max(max)`: NUL refused, then the cleaned value held to its length. */
function textOf(value: unknown, max: number, min = 0): string | undefined {
  if (typeof value !== 'string' || value.includes('\u0000')) return undefined;
  const text = cleanText(value);
  return text.length >= min && text.length <= max ? text : undefined;
}

type PropertyScalar = string | number | boolean;
type Properties = AnalyticsEvent['event_properties'];

function scalarOf(value: unknown): PropertyScalar | undefined {
  if (typeof value === 'string') return textOf(value, 1024);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'boolean' ? value : undefined;
}

function propertyOf(value: unknown): Properties[string] | undefined {
  if (value === null) return null;
  if (!Array.isArray(value)) return scalarOf(value);
  if (value.length > 1000) return undefined;
  const items: PropertyScalar[] = [];
  for (const item of value) {
    const read = scalarOf(item);
    if (read === undefined) return undefined;
    items.push(read);
  }
  return items;
}

/** `properties.default({})`: at most 100 keys of 128 characters, each value a property value. */
function propertiesOf(value: unknown): Properties | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) return undefined;
  const properties: Properties = {};
  for (const [key, item] of Object.entries(value)) {
    const name = textOf(key, 128);
    const read = propertyOf(item);
    if (name === undefined || read === undefined) return undefined;
    properties[name] = read;
  }
  return Object.keys(properties).length <= 100 ? properties : undefined;
}

/** `text().min(1).max(128).nullish()`: the value, or null/undefined as given; false when refused. */
function nullishIdOf(value: unknown): string | null | undefined | false {
  if (value === null || value === undefined) return value;
  return textOf(value, 128, 1) ?? false;
}

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const EVENT_KEYS = new Set([
  'insert_id',
  'event_type',
  'time',
  'version',
  'session_id',
  'device_id',
  'user_id',
  'campaign_id',
  'event_properties',
  'user_properties',
]);

function readEvent(value: unknown): AnalyticsEvent | undefined {
  if (!isRecord(value) || Object.keys(value).some((key) => !EVENT_KEYS.has(key))) return undefined;
  const { insert_id, event_type, time, version, session_id } = value;
  if (typeof insert_id !== 'string' || !UUID.test(insert_id)) return undefined;
  if (!(ANALYTICS_EVENT_TYPES as readonly unknown[]).includes(event_type)) return undefined;
  if (!isPositiveInteger(time) || !isPositiveInteger(session_id) || version !== ANALYTICS.version)
    return undefined;
  const device_id = textOf(value.device_id, 128, 1);
  const user_id = nullishIdOf(value.user_id);
  const campaign_id = nullishIdOf(value.campaign_id);
  const event_properties = propertiesOf(value.event_properties);
  const user_properties = propertiesOf(value.user_properties);
  if (device_id === undefined || user_id === false || campaign_id === false) return undefined;
  if (event_properties === undefined || user_properties === undefined) return undefined;
  return {
    insert_id,
    event_type: event_type as AnalyticsEvent['event_type'],
    time,
    version,
    session_id,
    device_id,
    ...('user_id' in value ? { user_id } : {}),
    ...('campaign_id' in value ? { campaign_id } : {}),
    event_properties,
    user_properties,
  };
}

/** `analyticsEventSchema.safeParse`, without Zod. */
export const analyticsEventCheck = {
  safeParse(value: unknown): Checked<AnalyticsEvent> {
    const event = readEvent(value);
    return event ? { success: true, data: event } : refused('not an analytics event the server takes');
  },
};

/** `analyticsRemoteConfigSchema.partial().safeParse`, without Zod: the keys given, each checked. */
export const analyticsRemoteConfigCheck = {
  safeParse(value: unknown): Checked<Partial<AnalyticsRemoteConfig>> {
    if (!isRecord(value)) return refused('not a remote config');
    const config: Partial<AnalyticsRemoteConfig> = {};
    const { autocapture, flushIntervalMs, batchEvents, sessionTimeoutMs } = value;
    if (autocapture !== undefined) {
      if (typeof autocapture !== 'boolean') return refused('autocapture is not a boolean');
      config.autocapture = autocapture;
    }
    for (const [key, number] of [
      ['flushIntervalMs', flushIntervalMs],
      ['batchEvents', batchEvents],
      ['sessionTimeoutMs', sessionTimeoutMs],
    ] as const) {
      if (number === undefined) continue;
      if (!isPositiveInteger(number)) return refused(`${key} is not a positive whole number`);
      config[key] = number;
    }
    return { success: true, data: config };
  },
};
