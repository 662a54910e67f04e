import { describe, expect, it } from 'vitest';
import { sydneyToday } from '../../../lib/dates.ts';
import { presetRange, rangeLabel } from './export-range.ts';

describe('export ranges', () => {
  it('turns presets into Sydney calendar days, both ends included', () => {
    expect(presetRange('last7', '2026-03-04')).toEqual({ from: '2026-02-26', to: '2026-03-04' });
    expect(presetRange('last30', '2026-03-04')).toEqual({ from: '2026-02-03', to: '2026-03-04' });
    expect(presetRange('thisMonth', '2026-03-04')).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(presetRange('lastMonth', '2026-03-04')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('thisYear', '2026-03-04')).toEqual({ from: '2026-01-01', to: '2026-03-04' });
    expect(presetRange('all', '2026-03-04')).toEqual({});
  });

  it('says what day it is in Sydney, which is ahead of UTC', () => {
    expect(sydneyToday(new Date('2026-03-04T14:00:00Z'))).toBe('2026-03-05');
  });

  it('labels a range, open or closed', () => {
    expect(rangeLabel({ from: '2026-03-01', to: '2026-03-31' })).toBe('1 Mar 2026 – 31 Mar 2026');
    expect(rangeLabel({ from: '2026-03-01' })).toBe('from 1 Mar 2026');
    expect(rangeLabel({})).toBe('all time');
  });
});
