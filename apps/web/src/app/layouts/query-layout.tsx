import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

import { getQueryClient } from '../../lib/query-client.ts';
import { Outlet } from '../../lib/router/index.ts';

/** Server state for every route below: loaded lazily, outside the landing page's bundle. */
export function QueryLayout() {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
