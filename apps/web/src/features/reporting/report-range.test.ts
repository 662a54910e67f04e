import { describe, expect, it } from 'vitest';
import { sydneyDayOf, sydneyToday } from '../../lib/dates.ts';

describe('reporting days (Sydney)', () => {
  it('counts a moment in its Sydney day, not its UTC date', () => {
    // 16:00 UTC on the 24th is 3 am on the 25th in Sydney (daylight time, UTC+11).
    expect(sydneyDayOf('2026-11-24T16:00:00.000Z')).toBe('2026-11-25');
    expect(sydneyToday(new Date('2026-11-24T16:00:00.000Z'))).toBe('2026-11-25');
    expect(sydneyDayOf('2026-11-24T12:00:00.000Z')).toBe('2026-11-24');
  });
});
