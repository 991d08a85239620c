import type {
  CodeTokenBody,
  RegisterBody,
  SignInCodeRequestBody,
  SignInCodeSent,
  TokenBody,
  TokenPair,
  UserStatus,
} from '@gurumatch/shared/schemas/auth';

import { apiRequest } from '../../lib/api.ts';

/**
 * The calls of signing in and registering, and the keys of the user's cached
 * answers: nothing here loads the query library, so the sign-in and
 * registration pages do without it.
 */
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
