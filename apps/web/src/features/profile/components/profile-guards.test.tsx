import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RouteObject } from '../../../lib/router/index.ts';
import {
  makeAccessToken,
  renderWithProviders,
  type TestSession,
} from '../../../testing/render.tsx';
import { profileRoutes, profileStepRoutes } from '../routes.tsx';
import { json, listCalls, makeFile, makeProfile, stubApi, type Answer } from '../test-api.ts';

/** The routes as the app places them: the step guard around /complete-profile, sign-in around the rest. */
const GUARDED_ROUTES: RouteObject[] = [
  {
    lazy: async () => ({
      Component: (await import('../../auth/guards/onboarding-step.tsx')).OnboardingStep,
    }),
    children: profileStepRoutes,
  },
  {
    lazy: async () => ({
      Component: (await import('../../auth/guards/require-auth.tsx')).RequireAuth,
    }),
    children: [...profileRoutes, { path: 'dashboard', element: <h1>Dashboard page</h1> }],
  },
];

const STATUS_PATH = '/api/auth/user/status/';
const status =
  (step: string): Answer =>
  () =>
    json(200, { is_authenticated: true, redirect_to: step });
const refresh =
  (session: TestSession): Answer =>
  () =>
    json(200, { access: makeAccessToken({ ...session, avatar: '/media/a.webp' }), refresh: 'r2' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Completing the profile behind the real guards', () => {
  it('takes a student from /complete-profile to the dashboard', async () => {
    const student: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };
    const calls = stubApi({
      [`GET ${STATUS_PATH}`]: [status('complete-profile'), status('dashboard')],
      'GET /api/auth/profile/': () => json(200, [makeProfile({ user_id: 8, role: 'student' })]),
      'POST /api/auth/profile-upload-avatar/': () =>
        json(200, {
          success: true,
          message: 'Avatar uploaded successfully.',
          avatar: '/media/a.webp',
        }),
      'POST /api/auth/token/refresh/': refresh(student),
    });
    const { user, router } = renderWithProviders(GUARDED_ROUTES, {
      initialEntries: ['/complete-profile'],
      session: student,
    });

    await user.upload(
      await screen.findByLabelText('Profile Photo'),
      makeFile('me.png', 'image/png'),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(listCalls(calls).filter((call) => call === `GET ${STATUS_PATH}`)).toHaveLength(2);
  });

  it('takes a teacher from /complete-profile to /profile, not the dashboard', async () => {
    const teacher: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };
    const complete = makeProfile({
      bio: 'Maths tutor.',
      gender: 'male',
      requirement: 'offline',
      interested_classes: ['Class 10'],
      subjects: ['Mathematics'],
      boards: ['CBSE'],
      languages_known: ['English'],
      avatar: '/media/a.webp',
      id_proof: '/p/1',
      qualification_proof: '/p/2',
    });
    stubApi({
      [`GET ${STATUS_PATH}`]: [status('complete-profile'), status('dashboard')],
      'GET /api/auth/profile/': () => json(200, [complete]),
      'PATCH /api/auth/profile/7/': () => json(200, { ...complete, success: true, message: 'ok' }),
      'POST /api/auth/token/refresh/': refresh(teacher),
    });
    const { user, router } = renderWithProviders(GUARDED_ROUTES, {
      initialEntries: ['/complete-profile'],
      session: teacher,
    });

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('link', { name: 'Update Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
