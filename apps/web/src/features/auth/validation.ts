import { ACCOUNT_FORM_MESSAGES, emailField } from '@offplan/shared';

/** The auth forms' messages: the shared account-form schemas (packages/shared account-forms.ts) word them. */
export const AUTH_VALIDATION = ACCOUNT_FORM_MESSAGES;

export { toE164 } from '@offplan/shared';

/** The message for an email field, or null when it looks like an address (the server has the last word). */
export function emailProblem(value: string): string | null {
  const result = emailField().safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
