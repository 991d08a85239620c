import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { SiteOriginContext } from '../components/ui/page-meta.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';

/** Providers that sit above the router (the auth provider sits inside it, in the root layout). */
export function AppProviders({
  queryClient,
  origin,
  children,
}: {
  queryClient: QueryClient;
  origin: string;
  children: ReactNode;
}) {
  return (
    <SiteOriginContext value={origin}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </SiteOriginContext>
  );
}
