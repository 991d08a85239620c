import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { refreshSession } from '../../lib/api.ts';
import { useNavigate } from '../../lib/router/index.ts';
import { authKeys } from '../auth/api.ts';

import { profileKeys } from './api.ts';

/**
 * After a profile is saved: a new avatar gets a fresh token (its claims carry the
 * avatar), the profile and the onboarding status are asked again, and the user moves on.
 *
 * The status is dropped rather than refetched here: the onboarding guard around
 * /complete-profile sends anyone it sees finished to the dashboard, which would race
 * the move to /profile. The next page's guard asks for the status afresh.
 */
export function useAfterProfileSaved(): (options: {
  userId: number;
  hasNewAvatar: boolean;
  to: string;
}) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ userId, hasNewAvatar, to }) => {
      if (hasNewAvatar) await refreshSession().catch(() => false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me(userId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all, refetchType: 'none' }),
      ]);
      queryClient.removeQueries({ queryKey: authKeys.status(userId), exact: true });
      await navigate(to);
    },
    [queryClient, navigate],
  );
}
