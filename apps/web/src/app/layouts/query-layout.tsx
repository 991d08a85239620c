import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';

import { getQueryClient } from '../../lib/query-client.ts';

/** Server state for every route below: loaded lazily, outside the landing page's bundle. */
export function QueryLayout() {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
