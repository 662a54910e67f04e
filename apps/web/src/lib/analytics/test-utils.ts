import { ANALYTICS, type AnalyticsEvent, type AnalyticsEventType } from '@offplan/shared';
import { randomUuid } from './ids.ts';

/** A valid event for queue and transport tests. */
export function testEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    insert_id: randomUuid(),
    event_type: 'element_clicked' satisfies AnalyticsEventType,
    time: 1_767_261_600_000,
    version: ANALYTICS.version,
    session_id: 1_767_261_600_000,
    device_id: 'device-1',
    user_id: null,
    event_properties: {},
    user_properties: {},
    ...overrides,
  };
}

export function testEvents(count: number, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent[] {
  return Array.from({ length: count }, (_, index) =>
    testEvent({ time: 1_767_261_600_000 + index, ...overrides }),
  );
}

/** Properties adding up to about `kilobytes` KB (the schema allows 100 values of 1024 characters). */
export function bulkyProperties(kilobytes: number): Record<string, string> {
  const values = Math.min(100, Math.ceil(kilobytes));
  return Object.fromEntries(Array.from({ length: values }, (_, index) => [`p${index}`, 'x'.repeat(1000)]));
}
