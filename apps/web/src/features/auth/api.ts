import type { Coins, CurrentUser } from '@gurumatch/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

import { authKeys, fetchUserStatus } from './requests.ts';

export {
  authKeys,
  fetchUserStatus,
  obtainTokens,
  obtainTokensWithCode,
  registerAccount,
  requestSignInCode,
} from './requests.ts';

export function useUserStatus(userId: number | null, { enabled = true } = {}) {
  return useQuery({
    queryKey: authKeys.status(userId ?? 0),
    queryFn: fetchUserStatus,
    enabled: enabled && userId !== null,
    staleTime: 0,
    retry: false,
  });
}

export function useCurrentUser(userId: number | null) {
  return useQuery({
    queryKey: authKeys.me(userId ?? 0),
    queryFn: () => apiRequest<CurrentUser>('/api/auth/user/me/'),
    enabled: userId !== null,
  });
}

/**
 * A teacher's coin balance (screens show 0 until it first arrives; failures are only logged).
 * The one place the balance is kept: spends, purchases and refunds write or refresh this key.
 * Coins also change on the server (the 7-day refund, an administrator's refund), so the
 * balance is asked for again whenever a screen showing it opens or the tab comes back.
 */
export function useCoins(userId: number | null, isTeacher: boolean) {
  return useQuery({
    staleTime: 0,
    refetchOnWindowFocus: true,
    queryKey: authKeys.coins(userId ?? 0),
    queryFn: async () => {
      try {
        return await apiRequest<Coins>('/api/auth/user/coins');
      } catch (error) {
        // a failed refresh keeps the balance last shown rather than dropping to 0
        console.error('Failed to load coins', error);
        throw error;
      }
    },
    enabled: userId !== null && isTeacher,
  });
}
