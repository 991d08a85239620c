import type { RouteObject } from '../../lib/router/index.ts';

/** Teacher-only routes of plans, checkout and billing (behind the teacher guard). */
export const paymentRoutes: RouteObject[] = [
  {
    path: 'teacher/upgrade-plan',
    lazy: async () => ({
      Component: (await import('./components/upgrade-plan-page.tsx')).UpgradePlanPage,
    }),
  },
  {
    path: 'teacher/billing',
    lazy: async () => ({
      Component: (await import('./components/billing-page.tsx')).BillingPage,
    }),
  },
  {
    path: 'teacher/billing/invoices/:id',
    lazy: async () => ({
      Component: (await import('./components/invoice-page.tsx')).InvoicePage,
    }),
  },
];
