import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from '../../auth/index.ts';

/** After a profile change: read the session again so the header, menu and forms show the new facts. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey }), [queryClient]);
}
