import type {
  CodeTokenBody,
  Coins,
  CurrentUser,
  RegisterBody,
  SignInCodeRequestBody,
  SignInCodeSent,
  TokenBody,
  TokenPair,
  UserStatus,
} from '@gurumatch/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const authKeys = {
  all: ['auth'] as const,
  status: (userId: number) => ['auth', 'status', userId] as const,
  me: (userId: number) => ['auth', 'me', userId] as const,
  coins: (userId: number) => ['auth', 'coins', userId] as const,
};

export function fetchUserStatus(): Promise<UserStatus> {
  return apiRequest<UserStatus>('/api/auth/user/status/');
}

export function obtainTokens(body: TokenBody): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/auth/token/', { body, auth: false });
}

/** Mails a one-time sign-in code for this device; answers the same for any e-mail. */
export function requestSignInCode(body: SignInCodeRequestBody): Promise<SignInCodeSent> {
  return apiRequest<SignInCodeSent>('/api/auth/sign-in-code/', { body, auth: false });
}

/** Signs a new device in with the password and the mailed code. */
export function obtainTokensWithCode(body: CodeTokenBody): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/auth/token/code/', { body, auth: false });
}

export function registerAccount(body: RegisterBody): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/auth/register/', { body, auth: false });
}

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
