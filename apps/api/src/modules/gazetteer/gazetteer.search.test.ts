import { describe, expect, it } from 'vitest';
import { GAZETTEER_SIZE, parseQuery, searchGazetteer } from './gazetteer.search.ts';

describe('bundled gazetteer search', () => {
  it('holds a few hundred real localities', () => {
    expect(GAZETTEER_SIZE).toBeGreaterThan(300);
  });

  it('finds by prefix, with postcode, state, LGA and coordinates', () => {
    const [first] = searchGazetteer('pyrm');
    expect(first).toMatchObject({
      suburb: 'Pyrmont',
      postcode: '2009',
      state: 'NSW',
      lga: 'City of Sydney',
      label: 'Pyrmont NSW 2009',
      source: 'gazetteer',
    });
    expect(first!.lat).toBeCloseTo(-33.87, 1);
  });

  it('tolerates typos', () => {
    expect(searchGazetteer('parramata')[0]?.suburb).toBe('Parramatta');
    expect(searchGazetteer('chatswod')[0]?.suburb).toBe('Chatswood');
    expect(searchGazetteer('fitzory')[0]?.suburb).toBe('Fitzroy');
  });

  it('narrows by state and postcode in a free-form address', () => {
    const results = searchGazetteer('Kingston TAS');
    expect(results[0]).toMatchObject({ suburb: 'Kingston', state: 'TAS' });
    expect(results.every((r) => r.state === 'TAS')).toBe(true);
    expect(searchGazetteer('12 Harris St, Pyrmont NSW 2009')[0]?.suburb).toBe('Pyrmont');
    expect(searchGazetteer('3000')[0]).toMatchObject({ suburb: 'Melbourne', state: 'VIC' });
  });

  it('gives nothing for an empty or meaningless query', () => {
    expect(searchGazetteer('')).toEqual([]);
    expect(searchGazetteer('zzzzqqq')).toEqual([]);
    expect(parseQuery('St Kilda VIC')).toEqual({ text: 'st kilda', state: 'VIC', postcode: undefined });
  });
});
