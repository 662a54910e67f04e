/**
 * The account rules forms check before the server does (design §1, §7), apart from the account
 * schemas (accounts.ts): the sign-in page needs these, and a module the web app imports builds every
 * schema it holds (decision 044).
 */

/** Design §7 password policy: length only (no composition rules); common passwords refused on the server. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Choose one that is harder to guess.',
} as const;

/** The length part of the policy, checked in forms before the server checks it again with the common list. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** Spec §6: where the admin's magic token lives in the browser while acting as a user. */
export const ADMIN_MAGIC_TOKEN_KEY = 'adminMagicToken';
/** Design §1: an impersonation session and its magic token last at most an hour. */
export const IMPERSONATION_MAX_SECONDS = 60 * 60;
/** Design §7: password reset links. */
export const PASSWORD_RESET_TOKEN_SECONDS = 60 * 60;
/** Design §7: two-step sign-in codes. */
export const SIGN_IN_CODE = { digits: 6, minutes: 5, attempts: 3 } as const;

/** The account forms' field messages (account-forms.ts words its schemas with them; the sign-in form shows them). */
export const ACCOUNT_FORM_MESSAGES = {
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  passwordRequired: 'Enter your password',
  currentPasswordRequired: 'Enter your current password',
  confirmPasswordRequired: 'Enter the new password again',
  passwordsDiffer: 'The passwords do not match',
  newPasswordsDiffer: 'The two new passwords do not match',
  sameAsCurrentPassword: 'Choose a password different from your current one',
  newEmailRequired: 'Enter the new email address',
  sameAsCurrentEmail: 'This is already your email address',
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  companyNameRequired: "Enter your organisation's name",
  phoneInvalid: 'Enter a mobile number like 0412 345 678 or +61 412 345 678',
  acceptTerms: 'Accept the terms to continue',
  codeIncomplete: 'Enter the 6-digit code from the text message',
  roleRequired: 'Choose the role that best describes your work',
  mobileRequired: 'Enter your mobile number',
  mobileInvalid: 'Enter a mobile number with its country code, like +61 412 345 678',
  smsCodeRequired: `Enter the ${SIGN_IN_CODE.digits}-digit code from the SMS`,
} as const;
