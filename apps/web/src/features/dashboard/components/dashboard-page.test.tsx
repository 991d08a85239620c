import type { CurrentUser } from '@gurumatch/shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';

import { DashboardPage } from './dashboard-page.tsx';

const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };
const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };

function me(overrides: Partial<CurrentUser>): CurrentUser {
  return {
    user_id: 8,
    username: 'ravi',
    email: 'ravi.kumar@mail.example.in',
    is_email_verified: true,
    full_phone: '+919833243110',
    phone_number: '9833243110',
    is_phone_verified: true,
    role: 'student',
    full_name: 'Ravi Kumar',
    avatar: null,
    last_login: null,
    ...overrides,
  };
}

/** Answers GET requests from the table; anything else is a 404. */
function stubApi(table: Record<string, () => unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const answer = table[`${init.method ?? 'GET'} ${path}`];
      return Promise.resolve(
        new Response(JSON.stringify(answer ? answer() : { detail: 'Not found.' }), {
          status: answer ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('gives a student real next steps, including the address management link', async () => {
    stubApi({ 'GET /api/auth/user/me/': () => me({}) });
    renderWithProviders([{ path: 'dashboard', element: <DashboardPage /> }], {
      initialEntries: ['/dashboard'],
      session: STUDENT,
    });

    const steps = await screen.findByRole('region', { name: 'Next steps' });
    expect(within(steps).getByRole('link', { name: /Your addresses/ })).toHaveAttribute(
      'href',
      '/address-management',
    );
    expect(within(steps).getByRole('link', { name: /Your profile/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(steps).getByRole('link', { name: /How GuruMatch works/ })).toHaveAttribute(
      'href',
      '/about',
    );
    expect(await screen.findByText('+91 98332 43110')).toBeInTheDocument();
  });

  it('gives a tutor the same links beside the coin balance', async () => {
    stubApi({
      'GET /api/auth/user/me/': () => me({ user_id: 7, role: 'teacher' }),
      'GET /api/auth/user/coins': () => ({ coins: 0 }),
    });
    renderWithProviders([{ path: 'dashboard', element: <DashboardPage /> }], {
      initialEntries: ['/dashboard'],
      session: TEACHER,
    });

    const steps = await screen.findByRole('region', { name: 'Next steps' });
    expect(within(steps).getByRole('link', { name: /Your addresses/ })).toHaveAttribute(
      'href',
      '/address-management',
    );
    expect(screen.getByRole('region', { name: 'Coin balance' })).toBeInTheDocument();
  });

  it("keeps a student's View Enquiries link as it is when the enquiry total arrives", async () => {
    // The disabled placeholder gives way to the Create New Enquiry link. If React patched the
    // View Enquiries link into it instead, the browser would fade it from white to indigo
    // (transition-colors), briefly showing pale text on a pale button.
    let answerTotal: () => void = () => undefined;
    const total = new Promise<void>((resolve) => {
      answerTotal = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path === '/api/enquiry/enquiries/total_enquiries/') {
          await total;
          return Response.json({ total_enquiries: 0, can_create_more: true });
        }
        if (path === '/api/auth/user/me/') return Response.json(me({}));
        return Response.json({ detail: 'Not found.' }, { status: 404 });
      }),
    );
    renderWithProviders([{ path: 'dashboard', element: <DashboardPage /> }], {
      initialEntries: ['/dashboard'],
      session: STUDENT,
    });

    const placeholder = screen.getByRole('button', { name: 'Create New Enquiry' });
    expect(placeholder).toBeDisabled();
    const view = screen.getByRole('link', { name: 'View Enquiries' });
    answerTotal();

    const create = await screen.findByRole('link', { name: 'Create New Enquiry' });
    expect(create).toHaveAttribute('href', '/student/enquiries/add');
    expect(screen.getByRole('link', { name: 'View Enquiries' })).toBe(view);
    expect(create).not.toBe(view);
  });

  it('tells a student how many tutors near them were told of their latest enquiry', async () => {
    stubApi({
      'GET /api/auth/user/me/': () => me({}),
      'GET /api/enquiry/enquiries/total_enquiries/': () => ({
        total_enquiries: 1,
        can_create_more: true,
      }),
      'GET /api/alerts/told/': () => ({ enquiry_id: 5, tutors_told: 12 }),
    });
    renderWithProviders([{ path: 'dashboard', element: <DashboardPage /> }], {
      initialEntries: ['/dashboard'],
      session: STUDENT,
    });
    expect(
      await screen.findByText('12 tutors near you were told of your latest enquiry.'),
    ).toBeVisible();
  });
});
