import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const addressStepRoutes: RouteObject[] = [
  { path: 'add-address', element: <UpcomingPage title="Add your home Address" /> },
];

export const addressRoutes: RouteObject[] = [
  { path: 'address-management', element: <UpcomingPage title="Manage Addresses" /> },
];
