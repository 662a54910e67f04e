import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { searchAsString, searchEnum, searchInteger, searchOf, searchString } from './search-params.ts';

// Each reader against the zod part it replaced in a route's search schema (decision 044).
const values: unknown[] = [
  undefined,
  null,
  '',
  ' a ',
  'abc',
  '12',
  12,
  0,
  -3,
  1.5,
  true,
  [1],
  { a: 1 },
  'x'.repeat(201),
];

describe('search readers read values as the zod parts they replaced', () => {
  const cases: [string, (value: unknown) => unknown, z.ZodType][] = [
    ['searchString', searchString, z.string().optional().catch(undefined)],
    [
      'searchString trimmed, at most 200',
      (value) => searchString(value, { trim: true, max: 200 }),
      z.string().trim().max(200).optional().catch(undefined),
    ],
    [
      'searchInteger from 1',
      (value) => searchInteger(value, { min: 1 }),
      z.coerce.number().int().min(1).optional().catch(undefined),
    ],
    [
      'searchEnum',
      (value) => searchEnum(['abc', 'def'], value),
      z.enum(['abc', 'def']).optional().catch(undefined),
    ],
    ['searchAsString', searchAsString, z.coerce.string().optional().catch(undefined)],
  ];
  it.each(cases)('%s', (_name, reader, schema) => {
    for (const value of values) {
      // Zod's coercion made numbers of null, '', true and [1]; no address means those as numbers, and
      // searchInteger leaves them out.
      const coercedByZodOnly =
        value === null || value === '' || typeof value === 'boolean' || Array.isArray(value);
      if (_name.startsWith('searchInteger') && coercedByZodOnly) continue;
      expect(reader(value), JSON.stringify(value)).toEqual(schema.parse(value));
    }
  });
});

describe('searchOf', () => {
  it('keeps the keys read, leaves out the missing or unusable ones and drops unknown ones', () => {
    const read = searchOf({ redirect: searchString, reset: searchInteger });
    expect(read({ redirect: '/dashboard', reset: 'x', other: 1 })).toEqual({ redirect: '/dashboard' });
    expect(Object.keys(read({ reset: 1 }))).toEqual(['reset']);
  });
});
