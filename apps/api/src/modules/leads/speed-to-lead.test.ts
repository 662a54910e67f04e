import { describe, expect, it } from 'vitest';
import { responseDeadline } from './speed-to-lead.ts';

const target = { minutes: 15, businessHoursOnly: true };

describe('responseDeadline', () => {
  it('counts 15 minutes straight on during business hours (Sydney, Tuesday 10:00 AEDT)', () => {
    const received = new Date('2026-11-24T10:00:00+11:00');
    expect(responseDeadline(received, target, 'NSW').toISOString()).toBe('2026-11-23T23:15:00.000Z');
  });

  it('starts the clock at 9:00 for an enquiry before opening (Perth, 07:30 AWST)', () => {
    const received = new Date('2026-11-24T07:30:00+08:00');
    expect(responseDeadline(received, target, 'WA').toISOString()).toBe('2026-11-24T01:15:00.000Z');
  });

  it('carries what is left at closing to the next business day (Brisbane, 16:50 → 9:05 next day)', () => {
    const received = new Date('2026-11-24T16:50:00+10:00');
    expect(responseDeadline(received, target, 'QLD').toISOString()).toBe('2026-11-24T23:05:00.000Z');
  });

  it('skips Sunday: Saturday 17:30 in Melbourne is due Monday 9:15', () => {
    const received = new Date('2026-11-28T17:30:00+11:00');
    expect(responseDeadline(received, target, 'VIC').toISOString()).toBe('2026-11-29T22:15:00.000Z');
  });

  it('crosses the daylight-saving change (Adelaide, first Sunday of October)', () => {
    // Saturday 3 Oct 2026 18:00 ACST (+9:30); clocks go forward on Sunday 4 Oct; Monday is +10:30.
    const received = new Date('2026-10-03T18:00:00+09:30');
    expect(responseDeadline(received, target, 'SA').toISOString()).toBe('2026-10-04T22:45:00.000Z');
  });

  it('counts around the clock when the organisation turns business hours off', () => {
    const received = new Date('2026-11-29T03:00:00+11:00');
    expect(responseDeadline(received, { minutes: 15, businessHoursOnly: false }, 'NSW').toISOString()).toBe(
      '2026-11-28T16:15:00.000Z',
    );
  });
});
