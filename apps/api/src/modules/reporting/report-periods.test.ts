import { describe, expect, it } from 'vitest';
import {
  addDays,
  fewestPiecesOf,
  periodIndexOf,
  periodPiecesOf,
  periodStartOf,
  type SketchPiece,
} from './report-periods.ts';

/** Every day a piece covers. */
function daysOf(piece: SketchPiece): string[] {
  const days: string[] = [];
  const last =
    piece.grain === 'day'
      ? piece.starts
      : piece.grain === 'week'
        ? addDays(piece.starts, 6)
        : addDays(`${periodStartOf(addDays(piece.starts, 31), 'MONTH')}`, -1);
  for (let day = piece.starts; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

function everyDay(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

const RANGES = [
  ['2024-11-25', '2026-11-24'], // two years, as the benchmark asks
  ['2025-05-07', '2025-09-18'], // Wednesday to Thursday
  ['2025-03-01', '2025-03-31'], // one whole month
  ['2024-02-26', '2024-03-03'], // one whole week across a leap day
  ['2025-06-30', '2025-07-06'], // a week across a month's end
  ['2025-06-10', '2025-06-10'], // one day
];

describe('sketch pieces (decision 028)', () => {
  it('cover a range exactly: every day once, none outside', () => {
    for (const [startDate, endDate] of RANGES) {
      const expected = everyDay(startDate!, endDate!);
      expect(fewestPiecesOf(startDate!, endDate!).flatMap(daysOf), `${startDate} fewest`).toEqual(expected);
      for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
        expect(
          periodPiecesOf(startDate!, endDate!, period).flatMap(daysOf),
          `${startDate} ${period}`,
        ).toEqual(expected);
      }
    }
  });

  it("keeps each period piece inside one of the report's periods", () => {
    for (const [startDate, endDate] of RANGES) {
      for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
        for (const piece of periodPiecesOf(startDate!, endDate!, period)) {
          const periods = new Set(daysOf(piece).map((day) => periodIndexOf(day, period)));
          expect(periods.size, `${piece.grain} ${piece.starts} by ${period}`).toBe(1);
        }
      }
    }
  });

  it('reads two years as whole months, with weeks and days only at the edges', () => {
    const pieces = fewestPiecesOf('2024-11-25', '2026-11-24');
    expect(pieces.filter((piece) => piece.grain === 'month')).toHaveLength(23);
    expect(pieces.length).toBeLessThanOrEqual(23 + 2 * (4 + 6));
    // 104 whole weeks from a Monday, then the Monday and Tuesday of the 105th.
    const weekly = periodPiecesOf('2024-11-25', '2026-11-24', 'WEEK');
    expect(weekly.filter((piece) => piece.grain === 'week')).toHaveLength(104);
    expect(weekly.slice(-2)).toEqual([
      { grain: 'day', starts: '2026-11-23' },
      { grain: 'day', starts: '2026-11-24' },
    ]);
    // Whole weeks where the range holds them; a week cut by the range is read as its days.
    expect(periodPiecesOf('2025-05-07', '2025-05-20', 'WEEK')).toEqual([
      ...everyDay('2025-05-07', '2025-05-11').map((starts) => ({ grain: 'day', starts })),
      { grain: 'week', starts: '2025-05-12' },
      ...everyDay('2025-05-19', '2025-05-20').map((starts) => ({ grain: 'day', starts })),
    ]);
  });
});
