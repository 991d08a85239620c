import type { TokenPair } from '@gurumatch/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { decodeAccessToken } from '../../lib/auth-session.ts';
import { stepPath } from '../../lib/paths.ts';
import { useNavigate } from '../../lib/router/index.ts';

import { authKeys, fetchUserStatus } from './api.ts';
import { useAuth } from './auth-provider.tsx';
import { signedInHome } from './signed-in-home.ts';

/**
 * After the server hands out tokens: store them, ask which step the user is on,
 * and go there (or back where they were heading, once onboarding is done).
 */
export function useAfterSignIn(): (tokens: TokenPair, from?: string) => Promise<void> {
  const { acceptTokens } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (tokens, from) => {
      acceptTokens(tokens);
      const claims = decodeAccessToken(tokens.access);
      const userId = claims?.user_id ?? 0;
      const status = await queryClient.query({
        queryKey: authKeys.status(userId),
        queryFn: fetchUserStatus,
        staleTime: 0,
      });
      const target =
        status.redirect_to === 'dashboard'
          ? signedInHome(claims?.role, from)
          : stepPath(status.redirect_to);
      await navigate(target, { replace: true });
    },
    [acceptTokens, navigate, queryClient],
  );
}
