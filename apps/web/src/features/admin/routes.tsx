import type { RouteObject } from '../../lib/router/index.ts';

/** `/admin` and its screens: loaded only when an administrator opens them. */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: async () => ({
      Component: (await import('./components/admin-layout.tsx')).AdminLayout,
    }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/verifications-page.tsx')).VerificationsPage,
        }),
      },
      {
        path: 'reports',
        lazy: async () => ({
          Component: (await import('./components/reports-page.tsx')).ReportsPage,
        }),
      },
      {
        path: 'users',
        lazy: async () => ({
          Component: (await import('./components/users-page.tsx')).UsersPage,
        }),
      },
      {
        path: 'payments',
        lazy: async () => ({
          Component: (await import('./components/payments-page.tsx')).PaymentsPage,
        }),
      },
      {
        path: 'content',
        lazy: async () => ({
          Component: (await import('./components/content-page.tsx')).ContentPage,
        }),
      },
      {
        path: 'plans',
        lazy: async () => ({
          Component: (await import('./components/plans-page.tsx')).PlansPage,
        }),
      },
      {
        path: 'contact-requests',
        lazy: async () => ({
          Component: (await import('./components/contact-requests-page.tsx')).ContactRequestsPage,
        }),
      },
      {
        path: 'jobs',
        lazy: async () => ({
          Component: (await import('./components/failed-jobs-page.tsx')).FailedJobsPage,
        }),
      },
      {
        path: 'audit-log',
        lazy: async () => ({
          Component: (await import('./components/audit-log-page.tsx')).AuditLogPage,
        }),
      },
    ],
  },
];
