import { Navigate, Outlet } from 'react-router';

import { useAuth } from '../../features/auth/auth-provider.tsx';
import { paths } from '../paths.ts';

/**
 * Guest pages and the landing page. A signed-in user is sent on. While the
 * session is being read (server render, hydration) the page itself shows, so
 * crawlers and visitors get content at once; a stored session hides it by CSS.
 */
export function PublicOnly({ redirectTo = paths.dashboard }: { redirectTo?: string }) {
  const { status } = useAuth();
  if (status === 'signed-in') return <Navigate to={redirectTo} replace />;
  return (
    <div data-public-only="">
      <Outlet />
    </div>
  );
}
