/** A property value as the event schema allows it. */
export type AnalyticsPropertyValue = string | number | boolean | null | Array<string | number | boolean>;
export type AnalyticsProperties = Record<string, AnalyticsPropertyValue | undefined>;

/** Schema limits (packages/shared analytics.ts): longer keys and values would fail the whole batch. */
const LIMITS = { keys: 100, keyLength: 128, stringLength: 1024, arrayLength: 1000 } as const;

/** Properties cut to what the event schema accepts: long strings capped, odd values dropped. */
export function sanitizeProperties(
  properties: AnalyticsProperties | undefined,
): Record<string, Exclude<AnalyticsPropertyValue, undefined>> {
  const clean: Record<string, Exclude<AnalyticsPropertyValue, undefined>> = {};
  let count = 0;
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (count >= LIMITS.keys) break;
    if (key.length > LIMITS.keyLength || value === undefined) continue;
    const item = sanitizeValue(value);
    if (item === undefined) continue;
    clean[key] = item;
    count += 1;
  }
  return clean;
}

function sanitizeScalar(value: unknown): string | number | boolean | null | undefined {
  if (typeof value === 'string') return value.slice(0, LIMITS.stringLength);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  return undefined;
}

function sanitizeValue(value: unknown): AnalyticsPropertyValue | undefined {
  if (!Array.isArray(value)) return sanitizeScalar(value);
  return value
    .slice(0, LIMITS.arrayLength)
    .map(sanitizeScalar)
    .filter((item): item is string | number | boolean => item !== undefined && item !== null);
}
