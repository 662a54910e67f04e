import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changeEmailFormSchema,
  changePasswordFormSchema,
  phoneNumberFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  signInFormSchema,
} from './account-forms.ts';
import { ACCOUNT_FORM_MESSAGES as M, PASSWORD_MESSAGES } from './account-policy.ts';

/** The first message per field, as Mantine's schemaResolver shows them. */
function fieldMessages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('account form schemas', () => {
  it('asks for an email before checking its shape, and for the password', () => {
    expect(fieldMessages(signInFormSchema, { email: '  ', password: '' })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(fieldMessages(signInFormSchema, { email: 'dana@', password: 'x' })).toEqual({
      email: M.emailInvalid,
    });
  });

  it('shows the confirmation mismatch together with a too-short new password', () => {
    expect(
      fieldMessages(resetPasswordFormSchema, { newPassword: 'short', confirmPassword: 'other' }),
    ).toEqual({
      newPassword: PASSWORD_MESSAGES.tooShort,
      confirmPassword: M.passwordsDiffer,
    });
    expect(
      fieldMessages(resetPasswordFormSchema, { newPassword: 'long enough pass', confirmPassword: '' }),
    ).toEqual({ confirmPassword: M.confirmPasswordRequired });
  });

  it('refuses a new password equal to the current one, and a new email equal to the current one', () => {
    const same = 'the same password';
    expect(
      fieldMessages(changePasswordFormSchema, {
        currentPassword: same,
        newPassword: same,
        confirmPassword: same,
        revokeOtherSessions: true,
      }),
    ).toEqual({ newPassword: M.sameAsCurrentPassword });
    expect(
      fieldMessages(changeEmailFormSchema('Dana@Example.com'), {
        password: 'x',
        newEmail: 'dana@example.com',
      }),
    ).toEqual({ newEmail: M.sameAsCurrentEmail });
  });

  it('takes an empty or Australian phone number on registration and refuses others', () => {
    const valid = {
      firstName: 'Dana',
      lastName: 'Lee',
      email: 'dana@example.com',
      phoneNumber: '',
      companyName: 'Harbourline',
      password: 'long enough pass',
      acceptTerms: true,
    };
    expect(fieldMessages(registerFormSchema, valid)).toEqual({});
    expect(fieldMessages(registerFormSchema, { ...valid, phoneNumber: '0412 345 678' })).toEqual({});
    expect(
      fieldMessages(registerFormSchema, { ...valid, phoneNumber: 'call me', acceptTerms: false }),
    ).toEqual({
      phoneNumber: M.phoneInvalid,
      acceptTerms: M.acceptTerms,
    });
  });

  it('checks the mobile number without its separators and the SMS code by its digits', () => {
    expect(
      fieldMessages(phoneNumberFormSchema, { phoneNumber: '+61 (412) 345-678', code: '123456' }),
    ).toEqual({});
    expect(fieldMessages(phoneNumberFormSchema, { phoneNumber: ' ', code: '12345' })).toEqual({
      phoneNumber: M.mobileRequired,
      code: M.smsCodeRequired,
    });
    expect(fieldMessages(phoneNumberFormSchema, { phoneNumber: '0412', code: '123456' })).toEqual({
      phoneNumber: M.mobileInvalid,
    });
  });
});
