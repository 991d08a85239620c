import type { ReactNode } from 'react';

import { SiteOriginContext } from '../components/ui/page-meta.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';

/** Providers above the router. Auth sits in the root layout, server state in the lazy query layout. */
export function AppProviders({ origin, children }: { origin: string; children: ReactNode }) {
  return (
    <SiteOriginContext value={origin}>
      <ToastProvider>{children}</ToastProvider>
    </SiteOriginContext>
  );
}
