import { API_PATHS, impersonationStartSchema } from '@offplan/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/impersonation/start: the answer's cookie makes this browser the user (at most an
 * hour); the magic token is what brings the admin back.
 */
export function startImpersonation(userId: string) {
  return apiRequest(API_PATHS.auth.impersonationStart, {
    method: 'POST',
    body: { userId },
    schema: impersonationStartSchema,
  });
}

/**
 * POST /api/auth/sign-out before returning to the admin (spec §6). Never fails: /connect restores the
 * admin's own session whether or not the user's session could be ended here.
 */
export async function signOutImpersonatedUser(): Promise<void> {
  await apiRequest(API_PATHS.auth.signOut, { method: 'POST', body: {}, schema: z.unknown() }).catch(
    () => undefined,
  );
}
