import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { CurrentUser } from '@gurumatch/shared/schemas/auth';
import type { SendMessageResult, TutorEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeTutorEnquiry } from '../../../testing/factories.ts';
import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { useCoins } from '../../auth/api.ts';
import { useAuth } from '../../auth/auth-provider.tsx';

import { TutorEnquiryPage } from './tutor-enquiry-page.tsx';

const TUTOR: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };

function me(): CurrentUser {
  return {
    user_id: 7,
    username: 'asha',
    email: 'asha@example.com',
    is_email_verified: true,
    full_phone: '+919876543210',
    phone_number: '9876543210',
    is_phone_verified: true,
    role: 'teacher',
    full_name: 'Asha Rao',
    avatar: null,
    last_login: null,
  };
}

interface FakeServer {
  coins: number;
  enquiry: TutorEnquiry;
  posted: unknown[];
  /** Once set, balance requests never answer (a slow network), so only the cache can show it. */
  isCoinsStalled?: boolean;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A small stand-in for the API that keeps the balance the way the server does. */
function stubServer(server: FakeServer) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      if (key === 'GET /api/auth/user/coins') {
        if (server.isCoinsStalled) return new Promise<Response>(() => undefined);
        return Promise.resolve(json(200, { coins: server.coins }));
      }
      if (key === 'GET /api/auth/user/me/') return Promise.resolve(json(200, me()));
      if (key === 'GET /api/enquiry/enquiries/42/')
        return Promise.resolve(json(200, server.enquiry));
      if (key === 'GET /api/enquiry/42/check-contacted/') {
        return Promise.resolve(json(200, { exists: false, contact_details: null }));
      }
      if (key === 'GET /api/enquiry/42/check-reported/') {
        return Promise.resolve(json(200, { is_reported: false }));
      }
      if (key === 'POST /api/enquiry/42/send-message/') {
        server.posted.push(JSON.parse(typeof init.body === 'string' ? init.body : 'null'));
        const price = server.enquiry.coins_required;
        if (server.coins < price) {
          return Promise.resolve(json(402, { detail: 'Insufficient coins for this action.' }));
        }
        server.coins -= price;
        const result: SendMessageResult = {
          id: 1,
          contact_number: '+919876500010',
          conversation_id: 9,
          when_to_start: 'immediately',
          price_quote: 600,
          price_type: 'Hourly',
          coins_spent: price,
          coins_left: server.coins,
        };
        return Promise.resolve(json(200, result));
      }
      return Promise.resolve(json(404, { detail: 'Not found.' }));
    }),
  );
}

/** The balance as the top bar and the dashboard show it: the one coin query. */
function BalancePage() {
  const { user } = useAuth();
  const coins = useCoins(user?.user_id ?? null, true);
  return (
    <section aria-label="Coin balance">
      <p>{`${String(coins.data?.coins ?? 0)} coins`}</p>
    </section>
  );
}

function renderEnquiry(initialEntries = ['/enquiry/42']) {
  return renderWithProviders(
    [
      { path: 'enquiry/:id', element: <TutorEnquiryPage /> },
      { path: 'dashboard', element: <BalancePage /> },
    ],
    { initialEntries, session: TUTOR },
  );
}

async function dashboardBalance(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Coin balance' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('TutorEnquiryPage: contacting', () => {
  it('confirms what the contact cost, and the balance everywhere shows what is left without waiting', async () => {
    const server: FakeServer = { coins: 285, enquiry: makeTutorEnquiry(), posted: [] };
    stubServer(server);
    const { user, router } = renderEnquiry(['/dashboard']);
    expect(await within(await dashboardBalance()).findByText('285 coins')).toBeInTheDocument();

    await router.navigate('/enquiry/42');
    await user.type(await screen.findByLabelText('Price quote (₹)'), '600');
    await user.type(screen.getByLabelText('Message', { exact: true }), 'I teach CBSE maths.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const panel = await screen.findByRole('region', { name: 'Contact Number' });
    expect(within(panel).getByText('15 coins spent · 270 left')).toBeInTheDocument();
    // shown as everywhere else; the links keep the bare number
    expect(within(panel).getByText('+91 98765 00010')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /call/i })).toHaveAttribute(
      'href',
      'tel:+919876500010',
    );
    expect(within(panel).getByRole('link', { name: /whatsapp/i })).toHaveAttribute(
      'href',
      'https://wa.me/919876500010',
    );
    expect(server.posted).toEqual([
      { price_quote: 600, price_type: 'Hourly', message: 'I teach CBSE maths.' },
    ]);

    server.isCoinsStalled = true;
    await router.navigate('/dashboard');
    expect(await within(await dashboardBalance()).findByText('270 coins')).toBeInTheDocument();
  });

  it('shows the price and the balance before anything is typed', async () => {
    stubServer({ coins: 305, enquiry: makeTutorEnquiry({ coins_reduced: 12 }), posted: [] });
    renderEnquiry();
    const form = await screen.findByRole('region', { name: 'Send Message' });
    expect(form).toHaveTextContent('Contacting this enquiry costs 12 coins (reduced from 15).');
    expect(await within(form).findByText('You have 305 coins.')).toBeInTheDocument();
    expect(within(form).queryByText(M.insufficientCoinsNotice)).not.toBeInTheDocument();
  });

  it('says when the balance is short, links to the plans, and keeps what was typed', async () => {
    const server: FakeServer = { coins: 10, enquiry: makeTutorEnquiry(), posted: [] };
    stubServer(server);
    const { user, router } = renderEnquiry(['/dashboard', '/enquiry/42']);
    const form = await screen.findByRole('region', { name: 'Send Message' });
    expect(await within(form).findByText('You need 5 more coins.', { exact: false })).toBeVisible();
    expect(within(form).getByText(M.insufficientCoinsNotice)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'See coin plans' })).toHaveAttribute(
      'href',
      '/teacher/upgrade-plan',
    );

    await user.type(screen.getByLabelText('Price quote (₹)'), '600');
    await user.selectOptions(screen.getByLabelText('Price type'), 'Monthly');
    await user.type(screen.getByLabelText('Message', { exact: true }), 'Free demo class.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // the server refuses; the page stays, with the text as typed
    expect(await within(form).findByRole('alert')).toHaveTextContent(M.insufficientCoinsNotice);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(router.state.location.pathname).toBe('/enquiry/42');
    expect(screen.getByLabelText('Price quote (₹)')).toHaveValue('600');
    expect(screen.getByLabelText('Message', { exact: true })).toHaveValue('Free demo class.');

    // off to buy coins and back: the draft is still there
    server.coins = 300;
    await router.navigate('/dashboard');
    expect(await within(await dashboardBalance()).findByText('300 coins')).toBeInTheDocument();
    await router.navigate('/enquiry/42');
    expect(await screen.findByLabelText('Price quote (₹)')).toHaveValue('600');
    expect(screen.getByLabelText('Price type')).toHaveValue('Monthly');
    expect(screen.getByLabelText('Message', { exact: true })).toHaveValue('Free demo class.');
    const form2 = screen.getByRole('region', { name: 'Send Message' });
    expect(await within(form2).findByText('You have 300 coins.')).toBeInTheDocument();
    expect(within(form2).queryByText(M.insufficientCoinsNotice)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const panel = await screen.findByRole('region', { name: 'Contact Number' });
    expect(within(panel).getByText('15 coins spent · 285 left')).toBeVisible();
    expect(sessionStorage.getItem('gm.contact-draft.42')).toBeNull();
  });
});

describe("TutorEnquiryPage: the poster's phone", () => {
  it('keeps a masked number as it is before the contact is bought', async () => {
    stubServer({ coins: 305, enquiry: makeTutorEnquiry(), posted: [] });
    renderEnquiry();
    expect(await screen.findByText('XXXXXXXX02')).toBeVisible();
  });

  it('shows an unmasked number in the format used everywhere', async () => {
    const base = makeTutorEnquiry();
    stubServer({
      coins: 305,
      enquiry: makeTutorEnquiry({ user: { ...base.user, phone_number: '+919800000002' } }),
      posted: [],
    });
    renderEnquiry();
    expect(await screen.findByText('+91 98000 00002')).toBeVisible();
  });
});

describe('TutorEnquiryPage: the poster prefers a female tutor', () => {
  it('says so above the details, before any coins are spent', async () => {
    stubServer({
      coins: 305,
      enquiry: makeTutorEnquiry({ female_tutor_preferred: true }),
      posted: [],
    });
    renderEnquiry();
    const notice = (await screen.findByText(`${M.femaleTutorPreferred}.`)).parentElement;
    expect(notice).toHaveTextContent(
      `${M.femaleTutorPreferred}. ${M.femaleTutorPreferredNotice} ${M.femaleTutorPreferredHint}`,
    );
  });

  it('says nothing of it otherwise', async () => {
    stubServer({ coins: 305, enquiry: makeTutorEnquiry(), posted: [] });
    renderEnquiry();
    await screen.findByRole('region', { name: 'Send Message' });
    expect(screen.queryByText(`${M.femaleTutorPreferred}.`)).not.toBeInTheDocument();
  });
});
