import type { RouteObject } from '../../lib/router/index.ts';

export const recoveryRoutes: RouteObject[] = [
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('./components/forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: 'reset-password/:uidb64/:token',
    lazy: async () => ({
      Component: (await import('./components/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
];
