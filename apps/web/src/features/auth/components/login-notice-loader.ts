import { deferredComponent } from '../../../lib/deferred-component.tsx';

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

/**
 * The sign-in form's notice (Mantine's Alert and its icons, login-notice.tsx), loaded only when one is
 * shown (issue 21): most visits to /login show none. The sign-in route waits for it when the address
 * asks for one (after a lost session or a password reset), so it is there at the first paint and the
 * form does not move down when it arrives; the form loads it on the first touch, before a failed
 * sign-in needs it.
 */
export const LoginNotice = deferredComponent(() =>
  import('./login-notice.tsx').then((module) => module.LoginNotice),
);
