import type { RouteObject } from 'react-router';

import { LandingPage } from '../features/landing/components/landing-page.tsx';

import { PublicOnly } from './guards/public-only.tsx';
import { GuestLayout } from './layouts/guest-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { ServerErrorPage } from './pages/server-error.tsx';
import { UpcomingPage } from './pages/upcoming.tsx';

/** Route data the server reads: the HTTP status of the page. */
export interface RouteHandle {
  status?: number;
}

const queryLayout = async () => ({
  Component: (await import('./layouts/query-layout.tsx')).QueryLayout,
});
const requireAuth = async () => ({
  Component: (await import('./guards/require-auth.tsx')).RequireAuth,
});
const requireTeacher = async () => {
  const { RequireRole } = await import('./guards/require-role.tsx');
  return { Component: () => <RequireRole role="teacher" /> };
};
const requireStudent = async () => {
  const { RequireRole } = await import('./guards/require-role.tsx');
  return { Component: () => <RequireRole role="student" /> };
};
const onboardingStep = async () => ({
  Component: (await import('./guards/onboarding-step.tsx')).OnboardingStep,
});

const upcoming = (path: string, title: string): RouteObject => ({
  path,
  element: <UpcomingPage title={title} />,
});

/**
 * The only route table. Everything but the landing page loads lazily, and so
 * does server state (the query layout), to keep the landing page light.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [{ index: true, element: <LandingPage /> }],
      },
      {
        lazy: queryLayout,
        children: [
          upcoming('about', 'About Us'),
          upcoming('contact-us', 'Contact Us'),
          upcoming('contact', 'Contact Us'),
          upcoming('privacy-policy', 'Privacy Policy'),
          upcoming('terms-of-use', 'Terms of Use'),
          upcoming('cancellation-and-refund-policy', 'Cancellation and Refund Policy'),
          upcoming('blogs', 'Blogs'),
          upcoming('blogs/:slug', 'Blog'),
          upcoming('faqs', 'FAQs'),
          upcoming('faqs/:slug', 'FAQ'),
          upcoming('home-tutors-in/:place', 'Home Tutors'),
          upcoming('test', 'Test'),
          upcoming('verify-email/:uid/:token', 'Verify Email'),
          {
            path: '500',
            element: <ServerErrorPage />,
            handle: { status: 500 } satisfies RouteHandle,
          },
          {
            element: <PublicOnly />,
            children: [
              {
                element: <GuestLayout />,
                children: [
                  {
                    path: 'login',
                    lazy: async () => ({
                      Component: (await import('../features/auth/components/login-page.tsx'))
                        .LoginPage,
                    }),
                  },
                  {
                    path: 'teacher-register',
                    lazy: async () => ({
                      Component: (await import('../features/auth/components/register-page.tsx'))
                        .TeacherRegisterPage,
                    }),
                  },
                  {
                    path: 'student-register',
                    lazy: async () => ({
                      Component: (await import('../features/auth/components/register-page.tsx'))
                        .StudentRegisterPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            element: <PublicOnly redirectTo="/" />,
            children: [
              {
                element: <GuestLayout />,
                children: [
                  upcoming('forgot-password', 'Forgot Password'),
                  upcoming('reset-password/:uidb64/:token', 'Reset Password'),
                ],
              },
            ],
          },
          {
            lazy: onboardingStep,
            children: [
              upcoming('phone-verification', 'Verify Your Phone Number'),
              upcoming('add-address', 'Add your home Address'),
              upcoming('complete-profile', 'Complete Your Profile'),
            ],
          },
          {
            lazy: requireAuth,
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('../features/dashboard/components/dashboard-page.tsx'))
                    .DashboardPage,
                }),
              },
              upcoming('profile', 'Profile'),
              upcoming('profile/update', 'Complete Your Profile'),
              upcoming('address-management', 'Manage Addresses'),
              upcoming('chat', 'Messages'),
              upcoming('chat/:id', 'Chat'),
            ],
          },
          {
            lazy: requireTeacher,
            children: [
              upcoming('teacher/upgrade-plan', 'Upgrade Plan'),
              upcoming('enquiry', 'Enquiries'),
              upcoming('enquiry/:id', 'Enquiry'),
              upcoming('starred-enquiries', 'Starred Enquiries'),
              upcoming('contacted-enquiries', 'Contacted Enquiries'),
            ],
          },
          {
            lazy: requireStudent,
            children: [
              upcoming('student/enquiries/add', 'Create Enquiry'),
              upcoming('student/enquiries', 'Your Enquiries'),
              upcoming('student/enquiries/:id', 'Your Enquiry'),
              upcoming('review/:otherUserId', 'Add Review'),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { status: 404 } satisfies RouteHandle },
    ],
  },
];
