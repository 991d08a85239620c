import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { TutorEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeTutorEnquiry } from '../../../testing/factories.ts';
import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { teacherEnquiryRoutes } from '../routes.tsx';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Priya Nair' };

/** Answers the page's reads (the tutor's coins too); anything else (a send) is recorded and refused. */
function stubEnquiryApi(enquiry: TutorEnquiry): string[] {
  const calls: string[] = [];
  const answers: Record<string, unknown> = {
    'GET /api/enquiry/enquiries/42/': enquiry,
    'GET /api/enquiry/42/check-contacted/': { exists: false, contact_details: null },
    'GET /api/enquiry/42/check-reported/': { is_reported: false },
    'GET /api/auth/user/coins': { coins: 120 },
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
