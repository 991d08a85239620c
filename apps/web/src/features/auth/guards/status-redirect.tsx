import { useEffect, type ReactNode } from 'react';

import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths, stepPath } from '../../../lib/paths.ts';
import { Navigate, useLocation } from '../../../lib/router/index.ts';
import { useUserStatus } from '../api.ts';
import { useAuth } from '../auth-provider.tsx';

/** The signed-in user, or a redirect to /login that remembers where they were going. */
export function useSignedInOrLogin(): { element: ReactNode | null; userId: number | null } {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'unknown') return { element: <PageSpinner />, userId: null };
  if (!user) {
    return {
      element: <Navigate to={paths.login} state={{ from: location }} replace />,
      userId: null,
    };
  }
  return { element: null, userId: user.user_id };
}

/**
 * Re-checks the onboarding status. A failed check signs out and goes to /login;
 * a step other than the dashboard sends the user to that step.
 */
export function StatusGate({ userId, children }: { userId: number; children: ReactNode }) {
  const status = useUserStatus(userId);
  const { logout } = useAuth();
  const failed = status.isError;
  useEffect(() => {
    if (failed) logout();
  }, [failed, logout]);
  if (status.isPending || failed) return <PageSpinner />;
  if (status.data.redirect_to !== 'dashboard') {
    return <Navigate to={stepPath(status.data.redirect_to)} replace />;
  }
  return children;
}
