import { recoveryRoutes } from '../features/account-recovery/routes.tsx';
import { addressRoutes, addressStepRoutes } from '../features/addresses/routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { alertPublicRoutes } from '../features/alerts/routes.tsx';
import { PublicOnly } from '../features/auth/guards/public-only.tsx';
import { chatRoutes } from '../features/chat/routes.tsx';
import { contentRoutes } from '../features/content/routes.tsx';
import { studentEnquiryRoutes, teacherEnquiryRoutes } from '../features/enquiries/routes.tsx';
import { onboardingPublicRoutes, onboardingStepRoutes } from '../features/onboarding/routes.tsx';
import { contactRoutes, pageRoutes } from '../features/pages/routes.tsx';
import { paymentRoutes } from '../features/payments/routes.tsx';
import { profileRoutes, profileStepRoutes } from '../features/profile/routes.tsx';
import { reviewRoutes } from '../features/reviews/routes.tsx';
import type { RouteObject } from '../lib/router/index.ts';

import { GuestLayout } from './layouts/guest-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ServerErrorPage } from './pages/server-error.tsx';
import type { RouteHandle } from './route-handle.ts';

export type { RouteHandle } from './route-handle.ts';

const queryLayout = async () => ({
  Component: (await import('./layouts/query-layout.tsx')).QueryLayout,
});
const requireAuth = async () => ({
  Component: (await import('../features/auth/guards/require-auth.tsx')).RequireAuth,
});
const requireTeacher = async () => {
  const { RequireRole } = await import('../features/auth/guards/require-role.tsx');
  return { Component: () => <RequireRole role="teacher" /> };
};
const requireStudent = async () => {
  const { RequireRole } = await import('../features/auth/guards/require-role.tsx');
  return { Component: () => <RequireRole role="student" /> };
};
const onboardingStep = async () => ({
  Component: (await import('../features/auth/guards/onboarding-step.tsx')).OnboardingStep,
});

/**
 * The only route table. Every page loads lazily (the server preloads the chunks
 * of the page it renders), and so does server state (the query layout), which
 * the public pages that read through their loaders do without.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            index: true,
            lazy: async () => {
              const page = await import('../features/landing/components/landing-page.tsx');
              return { Component: page.LandingPage, loader: page.landingLoader };
            },
          },
        ],
      },
      // Public pages whose data comes from their loaders, and the public forms (contact,
      // sign-in, registration), which call the API as they are: no server-state layer.
      ...pageRoutes,
      ...contentRoutes,
      ...contactRoutes,
      {
        element: <PublicOnly />,
        handle: { isFocused: true } satisfies RouteHandle,
        children: [
          {
            element: <GuestLayout />,
            children: [
              {
                path: 'login',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/login-page.tsx')).LoginPage,
                }),
              },
              {
                path: 'teacher-register',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/register-page.tsx'))
                    .TeacherRegisterPage,
                }),
              },
              {
                path: 'student-register',
                lazy: async () => ({
                  Component: (await import('../features/auth/components/register-page.tsx'))
                    .StudentRegisterPage,
                }),
              },
            ],
          },
        ],
      },
      {
        lazy: queryLayout,
        children: [
          ...adminRoutes,
          ...onboardingPublicRoutes,
          ...alertPublicRoutes,
          {
            path: '500',
            element: <ServerErrorPage />,
            handle: { status: 500 } satisfies RouteHandle,
          },
          {
            element: <PublicOnly redirectTo="/" />,
            handle: { isFocused: true } satisfies RouteHandle,
            children: [
              {
                element: <GuestLayout />,
                children: [...recoveryRoutes],
              },
            ],
          },
          {
            lazy: onboardingStep,
            children: [...onboardingStepRoutes, ...addressStepRoutes, ...profileStepRoutes],
          },
          {
            lazy: requireAuth,
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/components/dashboard-page.tsx'))
                    .DashboardPage,
                }),
              },
              ...profileRoutes,
              ...addressRoutes,
              ...chatRoutes,
            ],
          },
          {
            lazy: requireTeacher,
            children: [...paymentRoutes, ...teacherEnquiryRoutes],
          },
          {
            lazy: requireStudent,
            children: [...studentEnquiryRoutes, ...reviewRoutes],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { status: 404 } satisfies RouteHandle },
    ],
  },
];
