import { describe, expect, it } from 'vitest';
import { changeOf, coversWholePeriods, formatChange, formatFigure, periodLabel } from './lib/format.ts';

describe('report formatting', () => {
  it('shows conversion as a percentage and counts whole', () => {
    expect(formatFigure('conversion', 0.0345)).toBe('3.5%');
    expect(formatFigure('pageViews', 12345)).toBe('12,345');
    expect(formatFigure('conversion', null)).toBe('–');
  });

  it('gives the change against the previous period, none when there was nothing before', () => {
    expect(formatChange(changeOf(120, 100)!)).toBe('+20%');
    expect(formatChange(changeOf(90, 100)!)).toBe('-10%');
    expect(changeOf(5, 0)).toBeNull();
  });

  it('labels periods as the axis shows them', () => {
    expect(periodLabel('2026-03-01', 'MONTH')).toBe('Mar 2026');
    expect(periodLabel('2026-03-02', 'WEEK')).toBe('Week of 2 Mar');
    expect(periodLabel('2026-03-05', 'DAY')).toBe('5 Mar');
  });

  it('knows when the first or last period is cut by the range', () => {
    expect(coversWholePeriods('2026-03-01', '2026-04-30', 'MONTH')).toBe(true);
    expect(coversWholePeriods('2026-03-02', '2026-04-30', 'MONTH')).toBe(false);
    // 2 March 2026 is a Monday, 15 March a Sunday.
    expect(coversWholePeriods('2026-03-02', '2026-03-15', 'WEEK')).toBe(true);
    expect(coversWholePeriods('2026-03-02', '2026-03-14', 'WEEK')).toBe(false);
    expect(coversWholePeriods('2026-03-03', '2026-03-04', 'DAY')).toBe(true);
  });
});
