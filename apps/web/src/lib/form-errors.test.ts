import { describe, expect, it } from 'vitest';
import { ApiClientError } from './api-client.ts';
import { fieldErrorsFrom, formErrorOf } from './form-errors.ts';

const names = { currentPassword: 'currentPassword', newPassword: 'newPassword', password: 'newPassword' };
const codes = { INVALID_PASSWORD: 'currentPassword' };

function error(code: string, message: string, fields?: Record<string, string>) {
  return new ApiClientError({ status: 400, code, message, fields });
}

describe('fieldErrorsFrom', () => {
  it('puts a wrong current password next to that field, whatever field the server named', () => {
    const wrong = error('INVALID_PASSWORD', 'Invalid password', { password: 'Invalid password' });
    expect(fieldErrorsFrom(wrong, names, codes)).toEqual({ currentPassword: 'Invalid password' });
    expect(formErrorOf(wrong, names, codes)).toBeNull();
  });

  it("maps the server's field names onto the form's and drops unknown ones", () => {
    const policy = error('PASSWORD_POLICY', 'This password is too common.', {
      newPassword: 'This password is too common.',
      somethingElse: 'x',
    });
    expect(fieldErrorsFrom(policy, names, codes)).toEqual({ newPassword: 'This password is too common.' });
  });

  it('leaves errors that name no field of the form for above the form', () => {
    const forbidden = error('FORBIDDEN', 'Not while acting as this user: only they can change this.');
    expect(fieldErrorsFrom(forbidden, names, codes)).toBeNull();
    expect(formErrorOf(forbidden, names, codes)).toBe(
      'Not while acting as this user: only they can change this.',
    );
    expect(formErrorOf(null, names, codes)).toBeNull();
  });
});
