import { Navigate, Outlet, useLocation } from '../../../lib/router/index.ts';
import { useAuth } from '../auth-provider.tsx';
import { originOf, signedInHome } from '../signed-in-home.ts';

/**
 * Guest pages and the landing page. A signed-in user is sent on: to
 * `redirectTo` when given, else where signing in takes them (signedInHome).
 * While the session is being read (server render, hydration) the page itself
 * shows, so crawlers and visitors get content at once; a stored session hides
 * it by CSS.
 */
export function PublicOnly({ redirectTo }: { redirectTo?: string }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'signed-in') {
    return (
      <Navigate to={redirectTo ?? signedInHome(user?.role, originOf(location.state))} replace />
    );
  }
  return (
    <div data-public-only="">
      <Outlet />
    </div>
  );
}
