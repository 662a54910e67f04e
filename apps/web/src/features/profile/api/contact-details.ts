import { API_PATHS } from '@offplan/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClientError, apiRequest } from '../../../lib/api-client.ts';
import { useRefreshSession } from '../hooks/use-refresh-session.ts';

export type ContactDetails = { firstName: string; lastName: string; title: string };

/** Server field names of POST /api/user-update, as the contact form names them. */
export const CONTACT_FIELD_NAMES = {
  first_name: 'firstName',
  last_name: 'lastName',
  title: 'title',
  firstName: 'firstName',
  lastName: 'lastName',
} as const;

/** POST /api/user-update (spec §7): the body names are the spec's. An empty title clears it. */
export async function updateContactDetails(details: ContactDetails): Promise<void> {
  await apiRequest(API_PATHS.userUpdate, {
    method: 'POST',
    body: {
      clear_cookie: 0,
      first_name: details.firstName,
      last_name: details.lastName,
      title: details.title,
    },
    schema: z.object({ success: z.literal(true) }),
  });
}

export function useUpdateContactDetails() {
  const refreshSession = useRefreshSession();
  return useMutation<void, ApiClientError, ContactDetails>({
    mutationFn: updateContactDetails,
    onSuccess: refreshSession,
  });
}
