/** Field checks the auth forms share (design §7: messages next to the field, before any call is made). */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const AUTH_VALIDATION = {
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter a valid email address, like name@example.com',
  passwordRequired: 'Enter your password',
  confirmPasswordRequired: 'Enter the new password again',
  passwordsDiffer: 'The passwords do not match',
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  companyNameRequired: "Enter your organisation's name",
  phoneInvalid: 'Enter a mobile number like 0412 345 678 or +61 412 345 678',
  acceptTerms: 'Accept the terms to continue',
  codeIncomplete: 'Enter the 6-digit code from the text message',
  roleRequired: 'Choose the role that best describes your work',
} as const;

/** The message for an email field, or null when it looks like an address (the server has the last word). */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return AUTH_VALIDATION.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : AUTH_VALIDATION.emailInvalid;
}

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
