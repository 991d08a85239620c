import type { RouteObject } from '../../lib/router/index.ts';

const completeProfile = async () => ({
  Component: (await import('./components/complete-profile-page.tsx')).CompleteProfilePage,
});

export const profileStepRoutes: RouteObject[] = [
  { path: 'complete-profile', lazy: completeProfile },
];

export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: async () => ({
      Component: (await import('./components/profile-page.tsx')).ProfilePage,
    }),
  },
  { path: 'profile/update', lazy: completeProfile },
];
