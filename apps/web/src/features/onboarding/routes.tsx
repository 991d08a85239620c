import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const onboardingPublicRoutes: RouteObject[] = [
  { path: 'verify-email/:uid/:token', element: <UpcomingPage title="Verify Email" /> },
];

export const onboardingStepRoutes: RouteObject[] = [
  { path: 'phone-verification', element: <UpcomingPage title="Verify Your Phone Number" /> },
];
