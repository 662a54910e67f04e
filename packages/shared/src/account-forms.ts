import { z } from 'zod';
import {
  ACCOUNT_FORM_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_CODE,
} from './account-policy.ts';

/**
 * The account forms' checks (design §7: messages next to the field, before any call is made). The web
 * validates each form with one of these schemas (Mantine's schemaResolver); the server has the last word.
 * Their messages live in account-policy.ts (ACCOUNT_FORM_MESSAGES), which the sign-in page reads.
 */

export const CONTACT_NAME_MAX = 100;
const NAME_TOO_LONG = `Use at most ${CONTACT_NAME_MAX} characters`;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const M = ACCOUNT_FORM_MESSAGES;

/**
 * A phone number as the API stores it (E.164), or null when it cannot be one. Australian numbers may
 * be typed the local way (0412 345 678, 04 1234 5678) or with the country code; spaces, dashes, dots
 * and brackets are ignored.
 */
export function toE164(value: string): string | null {
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^0[2-478]\d{8}$/.test(compact)) return `+61${compact.slice(1)}`;
  if (/^61[2-478]\d{8}$/.test(compact)) return `+${compact}`;
  return null;
}

/** An email field: asked for when empty, then checked for the shape of an address. */
export function emailField(required: string = M.emailRequired) {
  return z.string().trim().min(1, required).regex(EMAIL_PATTERN, M.emailInvalid);
}

/** A new password: the length part of the policy (the server adds the common-password list). */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

const filled = (message: string) => z.string().min(1, message);
const name = (required: string) => z.string().trim().min(1, required).max(CONTACT_NAME_MAX, NAME_TOO_LONG);
// Cross-field checks run even while another field is wrong, so every message shows on one submit.
const always = () => true;

/** /login. */
export const signInFormSchema = z.object({ email: emailField(), password: filled(M.passwordRequired) });

/** /forgot-password and the resend-verification form. */
export const emailFormSchema = z.object({ email: emailField() });

/** Confirms a password (two-step sign-in settings). */
export const passwordFormSchema = z.object({ password: filled(M.passwordRequired) });

const confirmPassword = filled(M.confirmPasswordRequired);
const confirmed = (password: string | undefined, confirmation: string | undefined) =>
  !confirmation || confirmation === password;

/** /reset-password: the new password typed twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword })
  .refine((values) => confirmed(values.newPassword, values.confirmPassword), {
    message: M.passwordsDiffer,
    path: ['confirmPassword'],
    when: always,
  });

/** /activate: the invitee's password typed twice. */
export const activateFormSchema = z
  .object({ password: newPasswordField, confirmPassword })
  .refine((values) => confirmed(values.password, values.confirmPassword), {
    message: M.passwordsDiffer,
    path: ['confirmPassword'],
    when: always,
  });

/** /register. */
export const registerFormSchema = z.object({
  firstName: z.string().trim().min(1, M.firstNameRequired),
  lastName: z.string().trim().min(1, M.lastNameRequired),
  email: emailField(),
  phoneNumber: z.string().refine((value) => !value.trim() || toE164(value) !== null, M.phoneInvalid),
  companyName: z.string().trim().min(1, M.companyNameRequired),
  password: newPasswordField,
  acceptTerms: z.boolean().refine((value) => value, M.acceptTerms),
});

/** /role: the Select holds the role id as text. */
export const chooseRoleFormSchema = z.object({ roleId: filled(M.roleRequired) });

/** Profile "Change password". */
export const changePasswordFormSchema = z
  .object({
    currentPassword: filled(M.currentPasswordRequired),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    message: M.sameAsCurrentPassword,
    path: ['newPassword'],
    when: always,
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: M.newPasswordsDiffer,
    path: ['confirmPassword'],
    when: always,
  });

/** Profile "Change email": the new address must differ from the current one. */
export function changeEmailFormSchema(currentEmail: string) {
  return z.object({
    password: filled(M.currentPasswordRequired),
    newEmail: emailField(M.newEmailRequired).refine(
      (email) => email.toLowerCase() !== currentEmail.toLowerCase(),
      M.sameAsCurrentEmail,
    ),
  });
}

/** Profile "Contact details". */
export const contactDetailsFormSchema = z.object({
  firstName: name(M.firstNameRequired),
  lastName: name(M.lastNameRequired),
  title: z.string().trim().max(CONTACT_NAME_MAX, NAME_TOO_LONG),
});

/** A mobile number as typed, without the spaces, brackets, dots and dashes people type in it. */
export function normalisePhoneNumber(value: string): string {
  return value.trim().replace(/[\s().-]/g, '');
}

/**
 * Profile "Mobile phone": the number, then the SMS code sent to it. Each step checks its own field
 * (`form.validateField`), so the code is not asked for before it was sent.
 */
export const phoneNumberFormSchema = z.object({
  phoneNumber: z
    .string()
    .transform(normalisePhoneNumber)
    .pipe(
      z
        .string()
        .min(1, M.mobileRequired)
        .regex(/^\+?\d{8,15}$/, M.mobileInvalid),
    ),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`), M.smsCodeRequired),
});
