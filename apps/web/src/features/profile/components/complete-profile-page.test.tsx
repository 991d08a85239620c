import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';

import {
  makeAccessToken,
  renderWithProviders,
  type TestSession,
} from '../../../testing/render.tsx';
import { authKeys } from '../../auth/api.ts';
import { profileRoutes, profileStepRoutes } from '../routes.tsx';
import { json, listCalls, makeFile, makeProfile, stubApi, type Answer } from '../test-api.ts';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };
const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };

const PROFILE_PATH = '/api/auth/profile/';
const AVATAR_PATH = '/api/auth/profile-upload-avatar/';
const PROOF_PATH = '/api/auth/profile-upload-proof/';
const REFRESH_PATH = '/api/auth/token/refresh/';

function renderAt(path: string, session: TestSession) {
  return renderWithProviders(
    [
      ...profileStepRoutes,
      ...profileRoutes,
      { path: 'dashboard', element: <h1>Dashboard page</h1> },
    ],
    { initialEntries: [path], session },
  );
}

const refreshAnswer =
  (session: TestSession): Answer =>
  () =>
    json(200, {
      access: makeAccessToken({ ...session, avatar: '/media/avatars/new.webp' }),
      refresh: 'next-refresh-token',
    });

async function chooseFrom(user: UserEvent, label: string, items: string[]) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  const group = screen.getByRole('group', { name: label });
  // Label queries: role queries over 100+ checkboxes are slow in jsdom.
  for (const item of items) await user.click(within(group).getByLabelText(item));
  await user.click(within(group).getByRole('button', { name: 'Done' }));
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Complete profile: student', () => {
  it('greets the student and asks for an avatar file before uploading', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () =>
        json(200, [makeProfile({ user_id: 8, role: 'student', full_name: 'Ravi Kumar' })]),
    });
    const { user } = renderAt('/complete-profile', STUDENT);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Student')).toBeInTheDocument();
    expect(screen.getByText('It will take only 5 minutes')).toBeInTheDocument();
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an avatar file');
    expect(listCalls(calls)).toEqual([`GET ${PROFILE_PATH}`]);
  });

  it('uploads the avatar, refreshes the session and the status, then opens the dashboard', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ user_id: 8, role: 'student' })]),
      [`POST ${AVATAR_PATH}`]: () =>
        json(200, {
          success: true,
          message: 'Avatar uploaded successfully.',
          avatar: '/media/avatars/new.webp',
        }),
      [`POST ${REFRESH_PATH}`]: refreshAnswer(STUDENT),
    });
    const { user, router, queryClient } = renderAt('/complete-profile', STUDENT);
    queryClient.setQueryData(authKeys.status(8), {
      is_authenticated: true,
      redirect_to: 'complete-profile',
    });

    const photo = makeFile('me.png', 'image/png');
    await user.upload(await screen.findByLabelText('Profile Photo'), photo);
    expect(screen.getByText('me.png')).toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Avatar uploaded successfully.')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([
      `GET ${PROFILE_PATH}`,
      `POST ${AVATAR_PATH}`,
      `POST ${REFRESH_PATH}`,
    ]);
    expect(calls[1]?.form?.get('avatar')).toBe(photo);
    // The old status is dropped so the next page's guard asks afresh.
    expect(queryClient.getQueryData(authKeys.status(8))).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('gm.auth') ?? '{}')).toMatchObject({
      refresh: 'next-refresh-token',
    });
  });

  it('keeps the photo on file when the student saves without choosing a new one', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () =>
        json(200, [
          makeProfile({ user_id: 8, role: 'student', avatar: '/media/avatars/8-old.webp' }),
        ]),
    });
    const { user, router } = renderAt('/profile/update', STUDENT);

    expect(
      await screen.findByText('Your current photo is on file; choose a file only to change it.'),
    ).toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('Please select an avatar file')).not.toBeInTheDocument();
    expect(listCalls(calls)).toEqual([`GET ${PROFILE_PATH}`]);
  });

  it("says 'Error submit the avatar.' when the upload fails and stays", async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ user_id: 8, role: 'student' })]),
      [`POST ${AVATAR_PATH}`]: () =>
        json(400, { detail: 'Please upload a JPEG, PNG or WebP image.' }),
    });
    const { user, router } = renderAt('/complete-profile', STUDENT);

    await user.upload(
      await screen.findByLabelText('Profile Photo'),
      makeFile('me.png', 'image/png'),
    );
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Error submit the avatar.');
    expect(router.state.location.pathname).toBe('/complete-profile');
    expect(submitButton()).toBeEnabled();
  });

  it('refuses a photo over 2 MB before sending it', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ user_id: 8, role: 'student' })]),
    });
    const { user } = renderAt('/complete-profile', STUDENT);

    await user.upload(
      await screen.findByLabelText('Profile Photo'),
      makeFile('huge.png', 'image/png', 3 * 1024 * 1024),
    );

    expect(
      screen.getByText('huge.png is larger than 2 MB. Please choose a smaller file.'),
    ).toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an avatar file');
    expect(listCalls(calls)).toEqual([`GET ${PROFILE_PATH}`]);
  });

  it('goes back to the dashboard on Cancel', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ user_id: 8, role: 'student' })]),
    });
    const { user, router } = renderAt('/complete-profile', STUDENT);

    await user.click(await screen.findByRole('link', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

// Many clicks through long lists: generous time on a busy machine.
describe('Complete profile: teacher', { timeout: 20_000 }, () => {
  /** Fills everything but the files. */
  async function fillTeacherDetails(user: UserEvent) {
    await user.click(await screen.findByLabelText('Bio'));
    await user.paste('Maths tutor with 8 years of experience.');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(screen.getByLabelText('Teaching Mode'), 'online');
    await chooseFrom(user, 'Interested Classes', ['Class 9', 'Class 10']);
    await chooseFrom(user, 'Boards', ['CBSE', 'ICSE']);
    await chooseFrom(user, 'Subjects', ['Mathematics', 'Physics']);
    await chooseFrom(user, 'Languages Known', ['English', 'Kannada']);
  }

  async function chooseFiles(user: UserEvent) {
    const files = {
      avatar: makeFile('asha.jpg', 'image/jpeg'),
      id: makeFile('aadhaar.pdf', 'application/pdf'),
      qualification: makeFile('degree.png', 'image/png'),
    };
    await user.upload(screen.getByLabelText('Profile Photo'), files.avatar);
    await user.upload(screen.getByLabelText('ID Proof'), files.id);
    await user.upload(screen.getByLabelText('Qualification Proof'), files.qualification);
    return files;
  }

  const savedProfile = makeProfile({
    bio: 'Maths tutor with 8 years of experience.',
    gender: 'female',
    requirement: 'online',
    interested_classes: ['Class 9', 'Class 10'],
    subjects: ['Mathematics', 'Physics'],
    boards: ['CBSE', 'ICSE'],
    languages_known: ['English', 'Kannada'],
    avatar: '/media/avatars/new.webp',
    id_proof: '/api/auth/profile/7/proofs/id_proof',
    qualification_proof: '/api/auth/profile/7/proofs/qualification_proof',
  });

  it('keeps Submit disabled until every rule holds, saying what is missing', async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]) });
    const { user } = renderAt('/complete-profile', TEACHER);

    expect(await screen.findByLabelText('Bio')).toBeInTheDocument();
    expect(screen.getByText('Tutor')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription('Before you submit: Please enter your bio');

    await user.type(screen.getByLabelText('Bio'), 'Hello');
    expect(screen.getByText('5/900')).toBeInTheDocument();
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please select your gender',
    );

    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.selectOptions(screen.getByLabelText('Teaching Mode'), 'offline');
    await chooseFrom(user, 'Interested Classes', ['Class 10']);
    await chooseFrom(user, 'Boards', ['CBSE']);
    await chooseFrom(user, 'Subjects', ['Mathematics']);
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please select at least one language',
    );
    await chooseFrom(user, 'Languages Known', ['Hindi']);
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please select an avatar file',
    );

    await user.upload(screen.getByLabelText('Profile Photo'), makeFile('a.jpg', 'image/jpeg'));
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please select an ID proof file',
    );
    await user.upload(screen.getByLabelText('ID Proof'), makeFile('id.pdf', 'application/pdf'));
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please select an qualification proof file',
    );
    expect(submitButton()).toBeDisabled();

    await user.upload(
      screen.getByLabelText('Qualification Proof'),
      makeFile('degree.pdf', 'application/pdf'),
    );
    expect(screen.getByText('degree.pdf')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it("reveals a required custom field when 'Other (Specify)' is chosen", async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]) });
    const { user } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    await chooseFiles(user);
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByLabelText('Custom course or topic')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Interested Classes/ }));
    await user.type(screen.getByLabelText('Search Interested Classes'), 'other');
    await user.click(screen.getByLabelText('Other (Specify)'));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    const custom = screen.getByLabelText('Custom course or topic');
    expect(custom).toBeRequired();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(
      'Before you submit: Please specify your course or topic',
    );

    await user.type(custom, 'Robotics');
    expect(submitButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove Other (Specify)' }));
    expect(screen.queryByLabelText('Custom course or topic')).not.toBeInTheDocument();
  });

  it('saves the avatar, then the proofs, then the profile, and opens /profile', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: [() => json(200, [makeProfile()]), () => json(200, [savedProfile])],
      [`POST ${AVATAR_PATH}`]: () =>
        json(200, {
          success: true,
          message: 'Avatar uploaded successfully.',
          avatar: '/media/avatars/new.webp',
        }),
      [`POST ${PROOF_PATH}`]: () =>
        json(200, {
          success: true,
          message: 'Documents uploaded successfully.',
          id_proof: savedProfile.id_proof,
          qualification_proof: savedProfile.qualification_proof,
        }),
      'PATCH /api/auth/profile/7/': () =>
        json(200, { ...savedProfile, success: true, message: 'Profile updated successfully.' }),
      [`POST ${REFRESH_PATH}`]: refreshAnswer(TEACHER),
    });
    const { user, router } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    const files = await chooseFiles(user);

    await user.click(submitButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByText('Profile updated successfully.')).toBeInTheDocument();
    // the profile's alert settings section loads on its own; the profile is read again after
    // the page opens, which a slow machine may not have done yet when the heading shows
    await waitFor(() =>
      expect(listCalls(calls).filter((call) => !call.includes('/api/alerts/'))).toEqual([
        `GET ${PROFILE_PATH}`,
        `POST ${AVATAR_PATH}`,
        `POST ${PROOF_PATH}`,
        'PATCH /api/auth/profile/7/',
        `POST ${REFRESH_PATH}`,
        `GET ${PROFILE_PATH}`,
      ]),
    );
    expect(calls[1]?.form?.get('avatar')).toBe(files.avatar);
    expect(calls[2]?.form?.get('id_proof')).toBe(files.id);
    expect(calls[2]?.form?.get('qualification_proof')).toBe(files.qualification);
    expect(calls[3]?.json).toEqual({
      bio: 'Maths tutor with 8 years of experience.',
      gender: 'female',
      requirement: 'online',
      interested_classes: ['Class 9', 'Class 10'],
      custom_class: '',
      subjects: ['Mathematics', 'Physics'],
      boards: ['CBSE', 'ICSE'],
      languages_known: ['English', 'Kannada'],
    });
  });

  it("stops with 'Error submit the avatar.' when the avatar upload fails", async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`POST ${AVATAR_PATH}`]: () => json(500, { detail: 'A server error occurred.' }),
    });
    const { user, router } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    await chooseFiles(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Error submit the avatar.');
    expect(listCalls(calls)).toEqual([`GET ${PROFILE_PATH}`, `POST ${AVATAR_PATH}`]);
    expect(router.state.location.pathname).toBe('/complete-profile');
    expect(submitButton()).toBeEnabled();
  });

  it('shows the reason a document is refused and does not save the profile', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`POST ${AVATAR_PATH}`]: () =>
        json(200, {
          success: true,
          message: 'Avatar uploaded successfully.',
          avatar: '/media/avatars/new.webp',
        }),
      [`POST ${PROOF_PATH}`]: () =>
        json(400, { detail: 'Please upload a PDF, JPEG, PNG or WebP file.' }),
    });
    const { user } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    await chooseFiles(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please upload a PDF, JPEG, PNG or WebP file.',
    );
    expect(listCalls(calls)).not.toContain('PATCH /api/auth/profile/7/');
    // The avatar is on record now: it is not sent again.
    expect(
      screen.getByText('Your current photo is on file; choose a file only to change it.'),
    ).toBeInTheDocument();
  });

  it("says 'Some Error while saving profile' when the save fails without a reason", async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`POST ${AVATAR_PATH}`]: () =>
        json(200, { success: true, message: 'ok', avatar: '/media/avatars/new.webp' }),
      [`POST ${PROOF_PATH}`]: () =>
        json(200, { success: true, message: 'ok', id_proof: 'x', qualification_proof: 'y' }),
      'PATCH /api/auth/profile/7/': () => json(500, {}),
    });
    const { user, router } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    await chooseFiles(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Some Error while saving profile');
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  it('shows the message of an answer without full_name', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [savedProfile]),
      'PATCH /api/auth/profile/7/': () => json(200, { message: 'Profile is locked for review.' }),
    });
    const { user } = renderAt('/profile/update', TEACHER);

    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Profile is locked for review.');
  });

  it('prefills /profile/update and saves only the profile when no new file is chosen', async () => {
    const complete = makeProfile({
      ...savedProfile,
      interested_classes: ['Class 10', 'Other (Specify)'],
      custom_class: 'Robotics',
      subjects: ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'],
    });
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [complete]),
      'PATCH /api/auth/profile/7/': () =>
        json(200, { ...complete, success: true, message: 'Profile updated successfully.' }),
    });
    const { user, router } = renderAt('/profile/update', TEACHER);

    expect(await screen.findByLabelText('Bio')).toHaveValue(complete.bio);
    expect(screen.getByLabelText('Gender')).toHaveValue('female');
    expect(screen.getByLabelText('Teaching Mode')).toHaveValue('online');
    expect(screen.getByLabelText('Custom course or topic')).toHaveValue('Robotics');
    expect(screen.getByRole('button', { name: /^Subjects/ })).toHaveAccessibleName(
      'Subjects Mathematics, Physics, Chemistry +2 more',
    );
    expect(screen.getAllByText('Already uploaded; choose a file only to replace it.')).toHaveLength(
      2,
    );
    expect(
      screen.getByText('Your current photo is on file; choose a file only to change it.'),
    ).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(listCalls(calls).slice(0, 2)).toEqual([
      `GET ${PROFILE_PATH}`,
      'PATCH /api/auth/profile/7/',
    ]);
    expect(calls[1]?.json).toMatchObject({
      interested_classes: ['Class 10', 'Other (Specify)'],
      custom_class: 'Robotics',
    });
  });

  it('refuses a document over 5 MB and keeps Submit disabled', async () => {
    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]) });
    const { user } = renderAt('/complete-profile', TEACHER);
    await fillTeacherDetails(user);
    await user.upload(screen.getByLabelText('Profile Photo'), makeFile('a.jpg', 'image/jpeg'));
    await user.upload(screen.getByLabelText('ID Proof'), makeFile('id.pdf', 'application/pdf'));

    await user.upload(
      screen.getByLabelText('Qualification Proof'),
      makeFile('scan.pdf', 'application/pdf', 6 * 1024 * 1024),
    );

    expect(
      screen.getByText('scan.pdf is larger than 5 MB. Please choose a smaller file.'),
    ).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });
});
