import { QueryClient } from '@tanstack/react-query';

import { isRefusal } from './api.ts';
import { subscribeSession } from './auth-session.ts';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isRefusal(error) && failureCount < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache (emptied when the user signs out, here or in
 * another tab); a fresh one for each server render. This module is loaded
 * lazily, so the landing page does not pay for the query library.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  if (!browserClient) {
    const client = createQueryClient();
    subscribeSession((change) => {
      if (change.kind === 'signed-out') client.clear();
    });
    browserClient = client;
  }
  return browserClient;
}
