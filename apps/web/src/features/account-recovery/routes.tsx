import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const recoveryRoutes: RouteObject[] = [
  { path: 'forgot-password', element: <UpcomingPage title="Forgot Password" /> },
  { path: 'reset-password/:uidb64/:token', element: <UpcomingPage title="Reset Password" /> },
];
