import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const profileStepRoutes: RouteObject[] = [
  { path: 'complete-profile', element: <UpcomingPage title="Complete Your Profile" /> },
];

export const profileRoutes: RouteObject[] = [
  { path: 'profile', element: <UpcomingPage title="Profile" /> },
  { path: 'profile/update', element: <UpcomingPage title="Complete Your Profile" /> },
];
