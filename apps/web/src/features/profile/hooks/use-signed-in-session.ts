import { type AuthSession, ERROR_CODES, MESSAGES } from '@offplan/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ApiClientError } from '../../../lib/api-client.ts';
import { sessionQueryOptions } from '../../auth/index.ts';

/**
 * The session of the signed-in user, fresh after each change the profile makes. The main layout has
 * checked it already; if it has gone since, the page's error boundary sends the user to sign in.
 */
export function useSignedInSession(): AuthSession {
  const { data } = useSuspenseQuery(sessionQueryOptions());
  if (!data) {
    throw new ApiClientError({
      status: 401,
      code: ERROR_CODES.sessionRequired,
      message: MESSAGES.sessionRequired,
    });
  }
  return data;
}
