import type { RouteObject } from '../../lib/router/index.ts';

export const reviewRoutes: RouteObject[] = [
  {
    path: 'review/:otherUserId',
    lazy: async () => ({
      Component: (await import('./components/review-page.tsx')).ReviewPage,
    }),
  },
];
