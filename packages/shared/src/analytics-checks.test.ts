import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, analyticsRemoteConfigSchema } from './analytics.ts';
import { analyticsEventCheck, analyticsRemoteConfigCheck } from './analytics-checks.ts';

const event = {
  insert_id: '3b241101-e2bb-4255-8caf-4136c566a962',
  event_type: 'page_viewed',
  time: 1_764_300_000_000,
  version: 'next',
  session_id: 1_764_300_000_000,
  device_id: 'device-1',
  user_id: 'user-1',
  campaign_id: null,
  event_properties: { path: '/login', count: 2, on: true, none: null, list: ['a', 1, false] },
  user_properties: { role: 'developer' },
};

const events: [string, unknown][] = [
  ['a full event', event],
  ['an event without optional fields', { ...event, user_id: undefined, campaign_id: undefined }],
  [
    'an event without properties (defaults)',
    { ...event, event_properties: undefined, user_properties: undefined },
  ],
  [
    'text cleaned by the text rule',
    { ...event, device_id: 'dev\u202eice', event_properties: { 'k\u200bey': 'va\u0007lue' } },
  ],
  ['a NUL in a value', { ...event, event_properties: { key: 'a\u0000b' } }],
  ['a NUL in a key', { ...event, user_properties: { 'a\u0000': 1 } }],
  ['an unknown key', { ...event, extra: 1 }],
  ['an id that is not a UUID', { ...event, insert_id: 'not-a-uuid' }],
  ['an unknown event type', { ...event, event_type: 'clicked' }],
  ['another version', { ...event, version: 'old' }],
  ['a fractional time', { ...event, time: 1.5 }],
  ['a session id of zero', { ...event, session_id: 0 }],
  ['an empty device id', { ...event, device_id: '' }],
  ['a device id of 129 characters', { ...event, device_id: 'd'.repeat(129) }],
  ['a campaign id of 128 characters', { ...event, campaign_id: 'c'.repeat(128) }],
  ['an empty user id', { ...event, user_id: '' }],
  ['a value of 1025 characters', { ...event, event_properties: { key: 'v'.repeat(1025) } }],
  ['a key of 129 characters', { ...event, event_properties: { ['k'.repeat(129)]: 1 } }],
  [
    '101 properties',
    { ...event, event_properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])) },
  ],
  [
    '100 properties',
    { ...event, event_properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])) },
  ],
  ['an infinite number', { ...event, event_properties: { key: Number.POSITIVE_INFINITY } }],
  ['a nested object', { ...event, event_properties: { key: { a: 1 } } }],
  ['a null in a list', { ...event, event_properties: { key: [null] } }],
  ['a list of 1001 items', { ...event, event_properties: { key: Array.from({ length: 1001 }, () => 1) } }],
  ['properties as a list', { ...event, event_properties: [1] }],
  ['null', null],
  ['a string', 'event'],
];

describe('analyticsEventCheck (the tracker, without Zod)', () => {
  it.each(events)('reads %s as analyticsEventSchema does', (_name, value) => {
    const byHand = analyticsEventCheck.safeParse(value);
    const bySchema = analyticsEventSchema.safeParse(value);
    expect(byHand.success).toBe(bySchema.success);
    if (byHand.success && bySchema.success) expect(byHand.data).toEqual(bySchema.data);
  });
});

const configs: [string, unknown][] = [
  ['a full config', { autocapture: false, flushIntervalMs: 1000, batchEvents: 5, sessionTimeoutMs: 60_000 }],
  ['a part of it', { autocapture: true }],
  ['nothing', {}],
  ['unknown keys', { batchEvents: 3, other: 'x' }],
  ['autocapture as a string', { autocapture: 'true' }],
  ['a zero interval', { flushIntervalMs: 0 }],
  ['a fractional batch size', { batchEvents: 1.5 }],
  ['a number as a string', { sessionTimeoutMs: '1000' }],
  ['null', null],
  ['a list', [1]],
];

describe('analyticsRemoteConfigCheck (the tracker, without Zod)', () => {
  it.each(configs)('reads %s as the partial schema does', (_name, value) => {
    const byHand = analyticsRemoteConfigCheck.safeParse(value);
    const bySchema = analyticsRemoteConfigSchema.partial().safeParse(value);
    expect(byHand.success).toBe(bySchema.success);
    if (byHand.success && bySchema.success) expect(byHand.data).toEqual(bySchema.data);
  });
});
