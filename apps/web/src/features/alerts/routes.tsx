import type { RouteObject } from '../../lib/router/index.ts';

/** Public: a message's unsubscribe link opens it, signed in or not. */
export const alertPublicRoutes: RouteObject[] = [
  {
    path: 'alerts/unsubscribe',
    lazy: async () => ({
      Component: (await import('./components/unsubscribe-page.tsx')).UnsubscribePage,
    }),
  },
];
