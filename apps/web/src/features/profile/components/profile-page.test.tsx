import { DEFAULT_ALERT_SETTINGS } from '@gurumatch/shared/alerts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { profileRoutes } from '../routes.tsx';
import { json, listCalls, makeProfile, stubApi } from '../test-api.ts';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };
const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };
const PROFILE_PATH = '/api/auth/profile/';
const RESEND_PATH = '/api/auth/resend-verification/';
/** The tutor's alert settings, a section of the profile of its own. */
const SETTINGS_PATH = '/api/alerts/settings/';
const ALERT_SETTINGS = {
  ...DEFAULT_ALERT_SETTINGS,
  whatsapp_to: null,
  email_to: 'asha@example.com',
};

function renderProfile(session: TestSession = TEACHER) {
  return renderWithProviders(
    [...profileRoutes, { path: 'dashboard', element: <h1>Dashboard page</h1> }],
    { initialEntries: ['/profile'], session },
  );
}

const verifiedTeacher = makeProfile({
  avatar: '/media/avatars/asha.webp',
  bio: 'Maths and physics for classes 9 to 12.',
  gender: 'female',
  requirement: 'offline',
  interested_classes: ['Class 11', 'Class 12', 'Other (Specify)'],
  custom_class: 'Robotics',
  subjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'],
  boards: ['CBSE'],
  languages_known: ['English', 'Hindi', 'Kannada', 'Tamil'],
  id_proof: '/api/auth/profile/7/proofs/id_proof',
  qualification_proof: '/api/auth/profile/7/proofs/qualification_proof',
  is_doc_verified: true,
  rating: 4.5,
  review_count: 12,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it("shows a verified tutor's details, rating, reviews and summaries", async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [verifiedTeacher]) });
    const { user } = renderProfile();

    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Asha Rao' })).toHaveAttribute(
      'src',
      '/media/avatars/asha.webp',
    );
    expect(screen.getByText('Verified Tutor')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    expect(screen.getAllByText('asha@example.com')).not.toHaveLength(0);
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.queryByText(/Please allow up to 24 hours/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification' })).not.toBeInTheDocument();

    const subjects = within(screen.getByRole('list', { name: 'Subjects' }));
    expect(subjects.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mathematics',
      'Physics',
      'Chemistry',
      '+2 more',
    ]);
    const languages = within(screen.getByRole('list', { name: 'Languages Known' }));
    await user.click(languages.getByRole('button', { name: '+1 more' }));
    expect(languages.getByText('Tamil')).toBeInTheDocument();
    expect(languages.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const classes = within(screen.getByRole('list', { name: 'Interested Classes' }));
    expect(classes.getByText('Other: Robotics')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Boards' })).queryByText(/more/)).toBeNull();
  });

  it('tells a tutor whose documents are pending to wait 24 hours', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () =>
        json(200, [{ ...verifiedTeacher, is_doc_verified: false, rating: 0, review_count: 0 }]),
    });
    renderProfile();

    expect(await screen.findByRole('note')).toHaveTextContent(
      'Your documents are under verification. Please allow up to 24 hours for the verification to complete.',
    );
    expect(screen.queryByText('Verified Tutor')).not.toBeInTheDocument();
    expect(screen.getByText('0 reviews')).toBeInTheDocument();
  });

  it('shows no pending notice before any document is uploaded, and a coloured initial without a photo', async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]) });
    renderProfile();

    expect(await screen.findByRole('img', { name: 'Initial of Asha Rao' })).toHaveTextContent('A');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByText('Not uploaded')).toBeInTheDocument();
  });

  it('shows a student only the account details', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () =>
        json(200, [
          makeProfile({
            user_id: 8,
            role: 'student',
            full_name: 'Ravi Kumar',
            phone_number: null,
            full_phone: null,
          }),
        ]),
    });
    renderProfile(STUDENT);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Not added')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Teaching profile' })).not.toBeInTheDocument();
  });

  it('resends the verification e-mail when the address is unverified', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ is_email_verified: false })]),
      [`POST ${RESEND_PATH}`]: () =>
        json(200, { success: true, message: 'Verification link sent on your email.' }),
    });
    const { user } = renderProfile();

    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend Verification' }));

    expect(await screen.findByText('Verification link sent on your email.')).toBeInTheDocument();
    expect(listCalls(calls)).toContain(`POST ${RESEND_PATH}`);
  });

  it("says 'Failed to resend verification' when the resend fails", async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ is_email_verified: false })]),
      [`POST ${RESEND_PATH}`]: () => json(429, { detail: 'Too many requests.' }),
      [`GET ${SETTINGS_PATH}`]: () => json(200, ALERT_SETTINGS),
    });
    const { user } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Resend Verification' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend verification');
  });

  it("shows 'Failed to load profile' and loads again on 'Try Again'", async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: [
        () => json(500, { detail: 'A server error occurred.' }),
        () => json(200, [verifiedTeacher]),
      ],
      [`GET ${SETTINGS_PATH}`]: () => json(200, ALERT_SETTINGS),
    });
    const { user } = renderProfile();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    const profileCalls = listCalls(calls).filter((call) => call.endsWith(PROFILE_PATH));
    expect(profileCalls).toEqual([`GET ${PROFILE_PATH}`, `GET ${PROFILE_PATH}`]);
  });

  it('links to Update Profile, Manage Addresses and back to the dashboard', async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [verifiedTeacher]) });
    const { user, router } = renderProfile();

    const update = await screen.findByRole('link', { name: 'Update Profile' });
    expect(update).toHaveAttribute('href', '/profile/update');
    expect(screen.getByRole('link', { name: 'Manage Addresses' })).toHaveAttribute(
      'href',
      '/address-management',
    );
    await user.click(screen.getByRole('link', { name: /Back to Dashboard/ }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
