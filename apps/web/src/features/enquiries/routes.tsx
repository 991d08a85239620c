import type { RouteObject } from '../../lib/router/index.ts';

export const teacherEnquiryRoutes: RouteObject[] = [
  {
    path: 'enquiry',
    lazy: async () => ({ Component: (await import('./components/feed-page.tsx')).FeedPage }),
  },
  {
    path: 'enquiry/:id',
    lazy: async () => ({
      Component: (await import('./components/tutor-enquiry-page.tsx')).TutorEnquiryPage,
    }),
  },
  {
    path: 'starred-enquiries',
    lazy: async () => ({
      Component: (await import('./components/tutor-list-page.tsx')).StarredEnquiriesPage,
    }),
  },
  {
    path: 'contacted-enquiries',
    lazy: async () => ({
      Component: (await import('./components/tutor-list-page.tsx')).ContactedEnquiriesPage,
    }),
  },
];

export const studentEnquiryRoutes: RouteObject[] = [
  {
    path: 'student/enquiries/add',
    lazy: async () => ({
      Component: (await import('./components/enquiry-form-page.tsx')).EnquiryFormPage,
    }),
  },
  {
    path: 'student/enquiries',
    lazy: async () => ({
      Component: (await import('./components/student-enquiries-page.tsx')).StudentEnquiriesPage,
    }),
  },
  {
    path: 'student/enquiries/:id',
    lazy: async () => ({
      Component: (await import('./components/student-enquiry-page.tsx')).StudentEnquiryPage,
    }),
  },
];
