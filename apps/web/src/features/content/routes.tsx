import type { RouteObject } from 'react-router';

import { UpcomingPage } from '../../app/pages/upcoming.tsx';

export const contentRoutes: RouteObject[] = [
  { path: 'blogs', element: <UpcomingPage title="Blogs" /> },
  { path: 'blogs/:slug', element: <UpcomingPage title="Blog" /> },
  { path: 'faqs', element: <UpcomingPage title="FAQs" /> },
  { path: 'faqs/:slug', element: <UpcomingPage title="FAQ" /> },
];
