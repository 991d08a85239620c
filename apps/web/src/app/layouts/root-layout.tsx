import { useEffect } from 'react';

import { AuthProvider, useAuth } from '../../features/auth/auth-provider.tsx';
import { Outlet, useLocation, useMatches } from '../../lib/router/index.ts';
import type { RouteHandle } from '../route-handle.ts';

import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { VisitorBlocks } from './visitor-blocks.tsx';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Sign-in, registration, recovery and error pages keep to their one job. */
function useIsFocusedPage(): boolean {
  return useMatches().some((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    return handle?.isFocused === true || handle?.status !== undefined;
  });
}

function Frame() {
  const { status } = useAuth();
  const isFocusedPage = useIsFocusedPage();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      {status !== 'signed-in' && !isFocusedPage ? <VisitorBlocks /> : null}
      <Footer />
    </div>
  );
}

/** Every page: navigation bar, content, visitor blocks, footer. */
export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollToTop />
      <Frame />
    </AuthProvider>
  );
}
