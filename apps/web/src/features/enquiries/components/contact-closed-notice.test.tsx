import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { TutorEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { teacherEnquiryRoutes } from '../routes.tsx';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Priya Nair' };

function makeTutorEnquiry(overrides: Partial<TutorEnquiry> = {}): TutorEnquiry {
  return {
    id: 42,
    name: 'Maths tuition for my son',
    class_level: 'Class 10',
    subject: 'Mathematics',
    study_mode: 'online',
    coins_required: 15,
    coins_reduced: 0,
    days_left: 30,
    responded_count: 0,
    total_responses: 5,
    time_ago: '2 hours ago',
    viewed: true,
    is_starred: false,
    distance_km: null,
    image: null,
    board: 'CBSE',
    user_budget: 400,
    custom_class: '',
    custom_subject: '',
    language: 'English',
    custom_language: '',
    when_to_start: 'immediately',
    female_tutor_preferred: false,
    posted_at: '2026-11-25T09:00:00.000Z',
    is_contacted: false,
    can_contact: true,
    contact_pending: [],
    address: {
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.925,
      longitude: 77.5938,
    },
    user: {
      phone_number: 'XXXXXXXX02',
      full_name: 'Ananya',
      email: '',
      profile_avatar: null,
      last_login: null,
    },
    ...overrides,
  };
}

/** Answers the page's three reads; anything else (a send) is recorded and refused. */
function stubEnquiryApi(enquiry: TutorEnquiry): string[] {
  const calls: string[] = [];
  const answers: Record<string, unknown> = {
    'GET /api/enquiry/enquiries/42/': enquiry,
    'GET /api/enquiry/42/check-contacted/': { exists: false, contact_details: null },
    'GET /api/enquiry/42/check-reported/': { is_reported: false },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push(key);
      const body = answers[key];
      return Promise.resolve(
        new Response(JSON.stringify(body ?? { detail: 'Not found.' }), {
          status: body ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function renderEnquiry() {
  return renderWithProviders(teacherEnquiryRoutes, {
    initialEntries: ['/enquiry/42'],
    session: TEACHER,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TutorEnquiryPage before the contact', () => {
  it('shows a tutor still being verified why contacting is closed and what is pending, with no form to send', async () => {
    const calls = stubEnquiryApi(
      makeTutorEnquiry({
        can_contact: false,
        contact_pending: ['documents_pending', 'email_unverified'],
      }),
    );
    renderEnquiry();

    const notice = await screen.findByRole('region', { name: M.contactClosedTitle });
    expect(within(notice).getByText(M.contactClosedDetail)).toBeInTheDocument();
    expect(
      within(within(notice).getByRole('list', { name: 'Pending' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([M.contactPendingDocumentsPending, M.contactPendingEmailUnverified]);
    expect(within(notice).getByRole('link', { name: M.goToProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByLabelText('Price quote (₹)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.sendMessage })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('shows a verified tutor the masked contact and the form to send', async () => {
    stubEnquiryApi(makeTutorEnquiry());
    renderEnquiry();

    expect(await screen.findByLabelText('Price quote (₹)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.sendMessage })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: M.contactClosedTitle })).not.toBeInTheDocument();
    expect(screen.getByText('XXXXXXXX02')).toBeInTheDocument();
  });
});
