import { describe, expect, it } from 'vitest';
import { exactTime, formatDay, relativeTime } from './dates.ts';

describe('dates', () => {
  it('writes a missing or unreadable date as an em dash', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDay(value)).toBe('—');
      expect(exactTime(value)).toBe('—');
      expect(relativeTime(value)).toBe('—');
    }
  });

  it('writes a day with the month in words', () => {
    expect(formatDay(new Date(2026, 10, 24, 12))).toBe('24 Nov 2026');
  });

  it('says how long ago, in the largest whole unit', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-23T12:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-24T12:00:30Z', now)).toBe('in 30 seconds');
  });
});
