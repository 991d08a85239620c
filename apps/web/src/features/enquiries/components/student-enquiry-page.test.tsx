import type { EnquiryResponse, StudentEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { studentEnquiryRoutes } from '../routes.tsx';

const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };
const HOUR_MS = 3_600_000;

function enquiry(overrides: Partial<StudentEnquiry> = {}): StudentEnquiry {
  return {
    id: 5,
    name: 'Maths tuition for my son',
    class_level: 'Class 10',
    custom_class: '',
    subject: 'Mathematics',
    custom_subject: '',
    language: 'English',
    custom_language: '',
    board: 'CBSE',
    study_mode: 'offline',
    user_budget: 400,
    when_to_start: 'immediately',
    female_tutor_preferred: false,
    coins_required: 20,
    responded_count: 0,
    total_responses: 5,
    days_left: 28,
    posted_at: '2026-11-20T10:00:00.000Z',
    archived: false,
    address: {
      formatted_address: 'Koramangala 5th Block, Bengaluru',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.93,
      longitude: 77.62,
    },
    user: { phone_number: '+919833243110', email: 'ravi@example.in' },
    responses: [],
    ...overrides,
  };
}

function response(overrides: Partial<EnquiryResponse> & { tutor: EnquiryResponse['tutor'] }) {
  return {
    id: 1,
    conversation_id: 41,
    price_quote: 600,
    price_type: 'Hourly',
    responded_at: new Date(Date.now() - 3 * HOUR_MS).toISOString(),
    ...overrides,
  } satisfies EnquiryResponse;
}

function stubEnquiry(body: StudentEnquiry) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      Promise.resolve(
        path === `/api/enquiry/enquiries/${String(body.id)}/`
          ? new Response(JSON.stringify(body), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 }),
      ),
    ),
  );
}

function renderPage() {
  return renderWithProviders(
    [...studentEnquiryRoutes, { path: 'chat/:id', element: <h1>Chat page</h1> }],
    { initialEntries: ['/student/enquiries/5'], session: STUDENT },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentEnquiryPage: details', () => {
  it('shows the contact phone in the format used everywhere', async () => {
    stubEnquiry(enquiry({}));
    renderPage();
    expect(await screen.findByText('+91 98332 43110')).toBeVisible();
    expect(screen.queryByText('+919833243110')).not.toBeInTheDocument();
  });
});

describe('StudentEnquiryPage: who responded', () => {
  it('lists each responding tutor with photo, badge, rating, quote, time and a chat link', async () => {
    stubEnquiry(
      enquiry({
        responded_count: 2,
        responses: [
          response({
            tutor: {
              id: 7,
              full_name: 'Asha Rao',
              avatar: 'https://gurumatch.example/media/avatars/asha.webp',
              is_doc_verified: true,
              rating: 4.5,
              review_count: 12,
            },
          }),
          response({
            id: 2,
            conversation_id: 42,
            price_quote: 5000,
            price_type: 'Monthly',
            responded_at: new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString(),
            tutor: {
              id: 9,
              full_name: 'Vikram Shetty',
              avatar: null,
              is_doc_verified: false,
              rating: 0,
              review_count: 0,
            },
          }),
        ],
      }),
    );
    const { user, router } = renderPage();

    const section = await screen.findByRole('region', { name: /Tutors who responded/ });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Tutors who responded (2/5)',
    );
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [asha, vikram] = items.map((item) => within(item));
    if (!asha || !vikram) throw new Error('two responses expected');
    expect(items[0]).toHaveAccessibleName('Asha Rao');
    expect(items[0]?.querySelector('img')).toHaveAttribute(
      'src',
      'https://gurumatch.example/media/avatars/asha.webp',
    );
    expect(asha.getByText('Verified Tutor')).toBeInTheDocument();
    expect(asha.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(asha.getByText('(12 reviews)')).toBeInTheDocument();
    expect(asha.getByText('₹600 per hour')).toBeInTheDocument();
    expect(asha.getByText('3 hours ago')).toBeInTheDocument();

    expect(items[1]).toHaveAccessibleName('Vikram Shetty');
    expect(vikram.queryByText('Verified Tutor')).not.toBeInTheDocument();
    expect(vikram.getByText('No reviews yet')).toBeInTheDocument();
    expect(vikram.getByText('₹5,000 per month')).toBeInTheDocument();
    expect(vikram.getByText('2 days ago')).toBeInTheDocument();
    expect(vikram.getByRole('link', { name: 'Chat with Vikram Shetty' })).toHaveAttribute(
      'href',
      '/chat/42',
    );

    await user.click(asha.getByRole('link', { name: 'Chat with Asha Rao' }));
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/41');
  });

  it('says plainly that nobody has responded yet', async () => {
    stubEnquiry(enquiry());
    renderPage();

    const section = await screen.findByRole('region', { name: /Tutors who responded/ });
    expect(section).toHaveTextContent('Tutors who responded (0/5)');
    expect(within(section).getByText(/No tutor has responded yet/)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    // the enquiry itself is still shown
    expect(screen.getByText('Maths tuition for my son')).toBeInTheDocument();
  });
});
