import type { Unsubscribed } from '@gurumatch/shared/alerts';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const alertKeys = {
  unsubscribe: (token: string) => ['alerts', 'unsubscribe', token] as const,
};

/** Turns off the channel a message's signed link names; no sign-in needed. */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  return apiRequest<Unsubscribed>('/api/alerts/unsubscribe/', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

/** Runs once per link while the page is open (as the e-mail check does): one tap is enough. */
export function useUnsubscribe(token: string) {
  return useQuery({
    queryKey: alertKeys.unsubscribe(token),
    queryFn: () => unsubscribe(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
