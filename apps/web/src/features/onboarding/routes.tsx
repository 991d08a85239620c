import type { RouteObject } from '../../lib/router/index.ts';

export const onboardingPublicRoutes: RouteObject[] = [
  {
    path: 'verify-email/:uid/:token',
    lazy: async () => ({
      Component: (await import('./components/verify-email-page.tsx')).VerifyEmailPage,
    }),
  },
];

export const onboardingStepRoutes: RouteObject[] = [
  {
    path: 'phone-verification',
    lazy: async () => ({
      Component: (await import('./components/phone-verification-page.tsx')).PhoneVerificationPage,
    }),
  },
];
