import type { SessionUser } from '@offplan/shared';
import { queryOptions } from '@tanstack/react-query';
import { fetchSession } from '../../../lib/auth-client.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in session, or null. Route guards read it with `fetchQuery`, which reuses a fresh
 * answer and asks the server again once it is stale, so guards stay cheap between navigations.
 */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
  });
}

/** "First Last" when the profile has both, else better-auth's `name`, else the email. */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'name' | 'email'>): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.name?.trim() || user.email;
}

/** Up to two initials for the avatar fallback. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]?.[0], words[words.length - 1]?.[0]] : [words[0]?.[0]];
  return letters.join('').toUpperCase();
}
