import { UNREAD_BADGE_REFRESH_MS } from '@gurumatch/shared/constants';
import type { UnreadCount } from '@gurumatch/shared/schemas/chat';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from './api.ts';

/** Query key of the unread count: the chat screens refresh it after reading. */
export const UNREAD_COUNT_KEY = ['chat', 'unread'] as const;

/** Messages from others not read yet, refreshed every 30 s (the dashboards' badge). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: () => apiRequest<UnreadCount>('/api/chat/messages-list/unread_count/'),
    enabled,
    refetchInterval: UNREAD_BADGE_REFRESH_MS,
  });
}
