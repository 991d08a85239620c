import type { RouteObject } from 'react-router';

export const reviewRoutes: RouteObject[] = [
  {
    path: 'review/:otherUserId',
    lazy: async () => ({
      Component: (await import('./components/review-page.tsx')).ReviewPage,
    }),
  },
];
