import type { TokenPair } from '@gurumatch/shared/schemas/auth';
import { useCallback } from 'react';

import { decodeAccessToken } from '../../lib/auth-session.ts';
import { stepPath } from '../../lib/paths.ts';
import { useNavigate } from '../../lib/router/index.ts';

import { useAuth } from './auth-provider.tsx';
import { authKeys, fetchUserStatus } from './requests.ts';
import { signedInHome } from './signed-in-home.ts';

/**
 * After the server hands out tokens: store them, ask which step the user is on,
 * and go there (or back where they were heading, once onboarding is done). The
 * query cache (where the answer is kept for the next page) loads only now: the
 * sign-in and registration pages do not carry the query library.
 */
export function useAfterSignIn(): (tokens: TokenPair, from?: string) => Promise<void> {
  const { acceptTokens } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (tokens, from) => {
      acceptTokens(tokens);
      const claims = decodeAccessToken(tokens.access);
      const userId = claims?.user_id ?? 0;
      const { getQueryClient } = await import('../../lib/query-client.ts');
      const status = await getQueryClient().query({
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
    [acceptTokens, navigate],
  );
}
