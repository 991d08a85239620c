import { REVIEW_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { MyReview, Review } from '@gurumatch/shared/schemas/reviews';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';

import { ReviewPage } from './review-page.tsx';

const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Asha Verma' };
const TEACHER: TestSession = { role: 'teacher', user_id: 9, full_name: 'Meena Iyer' };
const TUTOR_ID = 5;

const TUTOR = {
  user_id: TUTOR_ID,
  full_name: 'Ravi Kumar',
  avatar: null,
  rating: 4,
  review_count: 2,
};

const SAVED: Review = {
  id: 1,
  tutor: TUTOR_ID,
  tutor_name: 'Ravi Kumar',
  student: { id: 8, full_name: 'Asha Verma', avatar: null },
  rating: 4,
  review_text: 'Patient and clear.',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/**
 * Answers the page's calls as the server would: `mine` is the answer of GET /api/reviews/mine/
 * until a review is sent.
 */
function stubApi(initial: MyReview) {
  let mine = initial;
  const fetchMock = vi.fn((path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path.split('?')[0] ?? ''}`;
    const table: Record<string, [number, unknown]> = {
      [`GET /api/auth/profile/${String(TUTOR_ID)}/`]: [200, TUTOR],
      'GET /api/reviews/mine/': [200, mine],
      'GET /api/reviews/': [200, { count: 0, next: null, previous: null, results: [] }],
      'POST /api/reviews/': [201, SAVED],
    };
    const [status, body] = table[key] ?? [404, { detail: 'Not found.' }];
    if (key === 'POST /api/reviews/') mine = { review: SAVED, can_review: true };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(session: TestSession) {
  return renderWithProviders([{ path: 'review/:otherUserId', element: <ReviewPage /> }], {
    initialEntries: [`/review/${String(TUTOR_ID)}`],
    session,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReviewPage', () => {
  it('gives a student who chatted with the tutor the form, and keeps it after saving', async () => {
    const fetchMock = stubApi({ review: null, can_review: true });
    const { user } = renderPage(STUDENT);

    await user.click(await screen.findByRole('radio', { name: REVIEW_MESSAGES.stars(4) }));
    await user.type(screen.getByLabelText(REVIEW_MESSAGES.text), 'Patient and clear.');
    await user.click(screen.getByRole('button', { name: REVIEW_MESSAGES.submit }));

    expect(await screen.findByRole('button', { name: REVIEW_MESSAGES.update })).toBeVisible();
    expect(screen.queryByText(REVIEW_MESSAGES.noConversation)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('tells a student without a conversation with the tutor why, instead of a form', async () => {
    const fetchMock = stubApi({ review: null, can_review: false });
    renderPage(STUDENT);

    expect(await screen.findByText(REVIEW_MESSAGES.noConversation)).toBeVisible();
    expect(await screen.findByText('Ravi Kumar')).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REVIEW_MESSAGES.submit })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('tells a tutor that only students write reviews, instead of a form', async () => {
    stubApi({ review: null, can_review: false });
    renderPage(TEACHER);

    expect(await screen.findByText(REVIEW_MESSAGES.studentsOnly)).toBeVisible();
    expect(screen.queryByText(REVIEW_MESSAGES.noConversation)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows no form while it is not known whether the student may review', async () => {
    stubApi({ review: null, can_review: true });
    renderPage(STUDENT);

    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: REVIEW_MESSAGES.submit })).toBeVisible();
  });
});
