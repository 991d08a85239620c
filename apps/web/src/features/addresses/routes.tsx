import type { RouteObject } from '../../lib/router/index.ts';

export const addressStepRoutes: RouteObject[] = [
  {
    path: 'add-address',
    lazy: async () => ({
      Component: (await import('./components/add-address-page.tsx')).AddAddressPage,
    }),
  },
];

export const addressRoutes: RouteObject[] = [
  {
    path: 'address-management',
    lazy: async () => ({
      Component: (await import('./components/address-management-page.tsx')).AddressManagementPage,
    }),
  },
];
