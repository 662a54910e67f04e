import { describe, expect, it } from 'vitest';
import { AUTH_VALIDATION, emailProblem, toE164 } from './validation.ts';

describe('emailProblem', () => {
  it('asks for an address when empty and for a valid one when malformed', () => {
    expect(emailProblem('  ')).toBe(AUTH_VALIDATION.emailRequired);
    expect(emailProblem('dana@')).toBe(AUTH_VALIDATION.emailInvalid);
    expect(emailProblem(' dana@harbourline.example ')).toBeNull();
  });
});

describe('toE164', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['04-1234-5678', '+61412345678'],
    ['(02) 9876 5432', '+61298765432'],
    ['+61 412 345 678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['+64 21 123 4567', '+64211234567'],
  ])('reads %s as %s', (typed, stored) => {
    expect(toE164(typed)).toBe(stored);
  });

  it.each(['0412', '12345678901234567', 'call me', '+0412345678'])('refuses %s', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});
