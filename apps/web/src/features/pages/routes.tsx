import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const pageRoutes: RouteObject[] = [
  { path: 'about', element: <UpcomingPage title="About Us" /> },
  { path: 'contact-us', element: <UpcomingPage title="Contact Us" /> },
  { path: 'contact', element: <UpcomingPage title="Contact Us" /> },
  { path: 'privacy-policy', element: <UpcomingPage title="Privacy Policy" /> },
  { path: 'terms-of-use', element: <UpcomingPage title="Terms of Use" /> },
  {
    path: 'cancellation-and-refund-policy',
    element: <UpcomingPage title="Cancellation and Refund Policy" />,
  },
  { path: 'home-tutors-in/:place', element: <UpcomingPage title="Home Tutors" /> },
  { path: 'test', element: <UpcomingPage title="Test" /> },
];
