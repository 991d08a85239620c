import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useUserStatus } from '../../features/auth/api.ts';
import { useAuth } from '../../features/auth/auth-provider.tsx';
import { paths, stepPath } from '../paths.ts';

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
  const status = useUserStatus(userId);
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
  return <Navigate to={paths.dashboard} replace />;
}
