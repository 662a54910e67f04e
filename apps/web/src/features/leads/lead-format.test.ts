import { describe, expect, it } from 'vitest';
import { displayPhone } from './lib/lead-format.ts';

describe('displayPhone', () => {
  it.each([
    ['+61412345678', '0412 345 678'],
    ['+61298765432', '(02) 9876 5432'],
    ['+61731234567', '(07) 3123 4567'],
    ['+611300123456', '1300 123 456'],
  ])('shows the Australian %s in national format', (phone, shown) => {
    expect(displayPhone(phone, false)).toBe(shown);
  });

  it.each([
    ['+442079460958', '+44 20 7946 0958'],
    ['+64211234567', '+64 21 123 4567'],
    ['+14155552671', '+1 415 555 2671'],
  ])('shows the foreign %s in international format', (phone, shown) => {
    expect(displayPhone(phone, false)).toBe(shown);
  });

  it('shows a masked phone exactly as the server sent it', () => {
    expect(displayPhone('•••', true)).toBe('•••');
    // Even one that would parse: a masked value is never reformatted.
    expect(displayPhone('+61412345678', true)).toBe('+61412345678');
  });

  it('shows what it cannot read as it came, and nothing for no phone', () => {
    expect(displayPhone('+6189162123', false)).toBe('+6189162123');
    expect(displayPhone('not a phone', false)).toBe('not a phone');
    expect(displayPhone('', false)).toBe('');
    expect(displayPhone(null, false)).toBe('');
  });
});
