/**
 * The masked phone number sign-in answered with, kept for /login/verify-phone and /login/verify-otp.
 * Session storage: it survives a reload of those pages and stays in this tab only.
 */
const PHONE_HINT_KEY = 'signInPhoneHint';

export function rememberPhoneHint(phoneHint: string | null): void {
  try {
    if (phoneHint) window.sessionStorage.setItem(PHONE_HINT_KEY, phoneHint);
    else window.sessionStorage.removeItem(PHONE_HINT_KEY);
  } catch {
    // Storage refused (private mode, quota): the pages fall back to "your phone".
  }
}

export function readPhoneHint(): string | null {
  try {
    return window.sessionStorage.getItem(PHONE_HINT_KEY);
  } catch {
    return null;
  }
}

export function forgetPhoneHint(): void {
  rememberPhoneHint(null);
}
