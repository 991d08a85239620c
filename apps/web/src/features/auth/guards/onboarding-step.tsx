import { useEffect } from 'react';

import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths, stepPath } from '../../../lib/paths.ts';
import { Navigate, Outlet, useLocation, useNavigation } from '../../../lib/router/index.ts';
import { useUserStatus } from '../api.ts';
import { useAuth } from '../auth-provider.tsx';

import { useSignedInOrLogin } from './status-redirect.tsx';

/**
 * Onboarding steps: the status decides. A step other than this page sends the
 * user there; this page's own step (or the dashboard, on /dashboard) shows it;
 * anything else goes to the dashboard.
 */
export function OnboardingStep() {
  const { element, userId } = useSignedInOrLogin();
  if (userId === null) return element;
  return <StepCheck userId={userId} />;
}

function StepCheck({ userId }: { userId: number }) {
  const { pathname } = useLocation();
  const { logout } = useAuth();
  // While the app is on its way to another page (a saved profile goes on to
  // /profile), this guard neither asks for the status nor redirects: the next
  // page's guard decides, and a redirect from here would cut the move short.
  const isMoving = useNavigation().state !== 'idle';
  const status = useUserStatus(userId, { enabled: !isMoving });
  const failed = status.isError;
  useEffect(() => {
    if (failed) logout();
  }, [failed, logout]);
  if (status.isPending || failed) return <PageSpinner />;
  const current = pathname.replace(/\/+$/, '') || '/';
  const target = stepPath(status.data.redirect_to);
  if (status.data.redirect_to !== 'dashboard' && target !== current)
    return <Navigate to={target} replace />;
  if (target === current) return <Outlet />;
  if (isMoving) return <PageSpinner />;
  return <Navigate to={paths.dashboard} replace />;
}
