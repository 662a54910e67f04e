import { describe, expect, it } from 'vitest';
import { notificationRetractedEventCheck } from './notification-rules.ts';
import { notificationRetractedEventSchema } from './notifications.ts';

const values: [string, unknown][] = [
  ['an event', { messageId: 'm-1' }],
  ['an empty id', { messageId: '' }],
  ['other keys beside the id', { messageId: 'm-1', retractedAt: '2026-11-28T10:00:00.000Z' }],
  ['a numeric id', { messageId: 12 }],
  ['a null id', { messageId: null }],
  ['no id', {}],
  ['an id inherited, not its own', Object.create({ messageId: 'm-1' })],
  ['a list', ['m-1']],
  ['null', null],
  ['a string', 'm-1'],
  ['a number', 1],
];

describe('notificationRetractedEventCheck (the bell, without Zod)', () => {
  it.each(values)('reads %s as notificationRetractedEventSchema does', (_name, value) => {
    const byHand = notificationRetractedEventCheck.safeParse(value);
    const bySchema = notificationRetractedEventSchema.safeParse(value);
    expect(byHand.success).toBe(bySchema.success);
    if (byHand.success && bySchema.success) expect(byHand.data).toEqual(bySchema.data);
  });
});
