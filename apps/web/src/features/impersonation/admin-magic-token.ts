import { ADMIN_MAGIC_TOKEN_KEY } from '@offplan/shared';

/*
 * Spec §6: while an admin acts as a user, the admin's magic token waits in this tab's session storage
 * (ADMIN_MAGIC_TOKEN_KEY). Storage can be unavailable (privacy modes, blocked by policy); then there is
 * simply no token, never an exception.
 */

export function readAdminMagicToken(): string | null {
  try {
    return window.sessionStorage.getItem(ADMIN_MAGIC_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** Whether this tab can keep a token at all: checked before an impersonation starts, never after. */
export function canStoreAdminMagicToken(): boolean {
  try {
    const probe = `${ADMIN_MAGIC_TOKEN_KEY}:probe`;
    window.sessionStorage.setItem(probe, '1');
    window.sessionStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function storeAdminMagicToken(token: string): void {
  window.sessionStorage.setItem(ADMIN_MAGIC_TOKEN_KEY, token);
}

export function removeAdminMagicToken(): void {
  try {
    window.sessionStorage.removeItem(ADMIN_MAGIC_TOKEN_KEY);
  } catch {
    // Nothing stored where nothing can be stored.
  }
}

/** Spec §2 user menu: 'Return to Admin' shows when an admin magic token is stored and the current user is not an admin. */
export function showsReturnToAdmin(input: { isAdmin: boolean; hasToken: boolean }): boolean {
  return input.hasToken && !input.isAdmin;
}

/** Spec §2 "Other routes": where 'Return to Admin' sends the browser with the token. */
export function connectPathFor(token: string): string {
  return `/connect?${new URLSearchParams({ token, returnToUsers: 'true' })}`;
}
