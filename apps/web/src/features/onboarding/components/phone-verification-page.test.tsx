import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocation, type RouteObject } from '../../../lib/router/index.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { OnboardingStep } from '../../auth/guards/onboarding-step.tsx';

import { PhoneVerificationPage } from './phone-verification-page.tsx';

const STUDENT = { role: 'student', user_id: 31, full_name: 'Ananya Rao' } as const;

type Answer = Response | (() => Response | Promise<Response>);

function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

function bodyOf(init?: RequestInit): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers `METHOD /path` from the table (a list is answered in turn, the last one repeating). */
function stubApi(table: Record<string, Answer | Answer[]>) {
  const seen = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const entry = table[key];
    if (entry === undefined) return jsonResponse({ detail: 'Not found.' }, 404);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    const answer = Array.isArray(entry)
      ? (entry[Math.min(count, entry.length - 1)] as Answer)
      : entry;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodiesOf = (key: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => {
        const url = urlOf(input);
        return `${init?.method ?? 'GET'} ${url.pathname}` === key;
      })
      .map(([, init]) => bodyOf(init));
  return { fetchMock, bodiesOf };
}

const SEND = 'POST /api/auth/otp/send/';
const VERIFY = 'POST /api/auth/otp/verify/';
const sentOk = () => jsonResponse({ success: true, message: 'OTP sent.' });

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderPage() {
  const routes: RouteObject[] = [
    { path: '/phone-verification', element: <PhoneVerificationPage /> },
    { path: '/add-address', element: <CurrentPath /> },
  ];
  return renderWithProviders(routes, {
    initialEntries: ['/phone-verification'],
    session: STUDENT,
  });
}

const phoneInput = () => screen.getByRole('textbox', { name: 'Phone number' });
const codeInput = () => screen.getByRole('textbox', { name: 'Enter OTP' });

async function sendCodeTo(user: ReturnType<typeof renderPage>['user'], number = '9876543210') {
  await user.type(phoneInput(), number);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByText('OTP sent successfully to WhatsApp!');
}

describe('PhoneVerificationPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('a code sent before the page was reloaded', () => {
    const STATUS = 'GET /api/auth/otp/status/';
    const waiting = (resendIn: number) =>
      jsonResponse({
        code_sent: true,
        otp_method: 'sms',
        country_code: '+91',
        phone_number: '9876543210',
        resend_in_seconds: resendIn,
        expires_in_seconds: resendIn + 420,
      });
    const nothingSent = () =>
      jsonResponse({
        code_sent: false,
        otp_method: null,
        country_code: null,
        phone_number: null,
        resend_in_seconds: 0,
        expires_in_seconds: 0,
      });

    it('comes back with the code box, the locked number and the time left to resend', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      const { bodiesOf } = stubApi({
        [STATUS]: waiting(177),
        [VERIFY]: jsonResponse({ success: true, message: 'ok' }),
      });
      const { user } = renderPage();

      expect(await screen.findByRole('textbox', { name: 'Enter OTP' })).toHaveFocus();
      expect(phoneInput()).toHaveValue('9876543210');
      expect(phoneInput()).toHaveAttribute('readonly');
      expect(screen.getByText('We sent a 6-digit code to +91 98765 43210 by SMS.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Resend OTP in 2:57' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      expect(screen.queryByRole('button', { name: 'Send OTP' })).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(screen.getByRole('button', { name: 'Resend OTP in 2:56' })).toBeInTheDocument();

      await user.type(codeInput(), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      await waitFor(() => expect(bodiesOf(VERIFY)).toEqual([{ otp: '123456' }]));
      expect(bodiesOf(SEND)).toEqual([]);
    });

    it("lets 'Change Phone Number' start over, and shows the number form when nothing was sent", async () => {
      stubApi({ [STATUS]: waiting(0) });
      const { user } = renderPage();
      expect(await screen.findByRole('button', { name: 'Resend OTP' })).not.toHaveAttribute(
        'aria-disabled',
      );
      await user.click(screen.getByRole('button', { name: 'Change Phone Number' }));
      expect(phoneInput()).toHaveValue('');
      expect(screen.queryByRole('textbox', { name: 'Enter OTP' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    });

    it('brings the code box back when a send is refused with Please wait', async () => {
      const { bodiesOf } = stubApi({
        [STATUS]: [nothingSent(), waiting(170)],
        [SEND]: jsonResponse(
          {
            success: false,
            message: 'Please wait 2:50 before resending',
            detail: 'Please wait 2:50 before resending',
          },
          429,
        ),
      });
      const { user } = renderPage();
      await user.type(phoneInput(), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));

      expect(await screen.findByText('Please wait 2:50 before resending')).toBeInTheDocument();
      expect(await screen.findByRole('textbox', { name: 'Enter OTP' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Resend OTP in 2:(50|49)$/ })).toBeInTheDocument();
      expect(bodiesOf(SEND)).toHaveLength(1);
    });
  });

  describe('sending the code', () => {
    it('offers WhatsApp (default) or SMS, India +91 by default, and a digits-only number', () => {
      stubApi({});
      renderPage();
      expect(screen.getByRole('heading', { name: 'Verify Your Phone Number' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'SMS' })).not.toBeChecked();
      const country = screen.getByRole('combobox', { name: 'Country code' });
      expect(country).toHaveValue('+91');
      expect(within(country).getAllByRole('option').length).toBeGreaterThan(10);
      expect(phoneInput()).toHaveAttribute('inputmode', 'numeric');
      expect(screen.queryByRole('textbox', { name: 'Enter OTP' })).not.toBeInTheDocument();
    });

    it('asks for a number when the field is empty, and for 10 digits when it is short', async () => {
      const { bodiesOf } = stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();

      await user.type(phoneInput(), 'ab98765-4321');
      expect(phoneInput()).toHaveValue('987654321');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(
        await screen.findByText('Please enter a 10 digit valid phone number'),
      ).toBeInTheDocument();
      expect(bodiesOf(SEND)).toEqual([]);
    });

    it('sends by WhatsApp, then locks the number and counts 3:00 down before a resend', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      const { bodiesOf } = stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await sendCodeTo(user);

      expect(bodiesOf(SEND)).toEqual([
        { otp_method: 'whatsapp', phone_number: '9876543210', country_code: '+91' },
      ]);
      expect(phoneInput()).toHaveAttribute('readonly');
      expect(phoneInput()).toHaveValue('9876543210');
      expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
      expect(codeInput()).toHaveAttribute('inputmode', 'numeric');
      expect(codeInput()).toHaveAttribute('maxlength', '6');
      const resend = screen.getByRole('button', { name: 'Resend OTP in 3:00' });
      expect(resend).toHaveAttribute('aria-disabled', 'true');

      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      expect(screen.getByRole('button', { name: 'Resend OTP in 2:59' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(58_000);
      });
      expect(screen.getByRole('button', { name: 'Resend OTP in 2:01' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(121_000);
      });
      expect(screen.getByRole('button', { name: 'Resend OTP' })).not.toHaveAttribute(
        'aria-disabled',
      );
    });

    it('says how long to wait when a resend is tried during the countdown, and resends after it', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      const { bodiesOf } = stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await sendCodeTo(user);

      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      await user.click(screen.getByRole('button', { name: 'Resend OTP in 2:59' }));
      expect(await screen.findByText('Please wait 2:59 before resending')).toBeInTheDocument();
      expect(bodiesOf(SEND)).toHaveLength(1);

      act(() => {
        vi.advanceTimersByTime(179_000);
      });
      await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
      await waitFor(() => expect(bodiesOf(SEND)).toHaveLength(2));
      expect(await screen.findByRole('button', { name: 'Resend OTP in 3:00' })).toBeInTheDocument();
    });

    it('sends by SMS to another country code when chosen', async () => {
      const { bodiesOf } = stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await user.click(screen.getByRole('radio', { name: 'SMS' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+44');
      await user.type(phoneInput(), '7700900123');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));

      expect(await screen.findByText('OTP sent successfully to SMS!')).toBeInTheDocument();
      expect(bodiesOf(SEND)).toEqual([
        { otp_method: 'sms', phone_number: '7700900123', country_code: '+44' },
      ]);
    });

    it("shows the server's phone number error, else its message", async () => {
      stubApi({
        [SEND]: [
          jsonResponse(
            {
              success: false,
              message: 'Invalid input.',
              detail: 'Invalid input.',
              errors: {
                phone_number: ['This phone number is already verified with another account.'],
              },
            },
            400,
          ),
          jsonResponse({ success: false, message: 'Try later.', detail: 'Try later.' }, 429),
        ],
      });
      const { user } = renderPage();
      await user.type(phoneInput(), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(
        await screen.findByText('This phone number is already verified with another account.'),
      ).toBeInTheDocument();
      expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
      expect(phoneInput()).not.toHaveAttribute('readonly');

      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('Try later.')).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Enter OTP' })).not.toBeInTheDocument();
    });

    it("says 'Failed to send OTP' when the call breaks", async () => {
      stubApi({ [SEND]: () => new Response('', { status: 502 }) });
      const { user } = renderPage();
      await user.type(phoneInput(), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
    });
  });

  describe('the code', () => {
    it("'Change Phone Number' resets the screen", async () => {
      stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await user.click(screen.getByRole('radio', { name: 'SMS' }));
      await user.type(phoneInput(), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      await screen.findByText('OTP sent successfully to SMS!');
      await user.type(codeInput(), '123');

      await user.click(screen.getByRole('button', { name: 'Change Phone Number' }));
      expect(phoneInput()).toHaveValue('');
      expect(phoneInput()).not.toHaveAttribute('readonly');
      expect(phoneInput()).toHaveFocus();
      expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
      expect(screen.queryByRole('textbox', { name: 'Enter OTP' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Resend OTP/ })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();
    });

    it('shows Verify only once a code is typed, and asks for the code when it is empty', async () => {
      const { bodiesOf } = stubApi({ [SEND]: sentOk });
      const { user } = renderPage();
      await sendCodeTo(user);
      expect(codeInput()).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Verify OTP' })).not.toBeInTheDocument();

      await user.type(codeInput(), '{Enter}');
      expect(await screen.findByText('Please enter OTP')).toBeInTheDocument();
      expect(bodiesOf(VERIFY)).toEqual([]);

      await user.type(codeInput(), '12a3456789');
      expect(codeInput()).toHaveValue('123456');
      expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeInTheDocument();
      await user.clear(codeInput());
      expect(screen.queryByRole('button', { name: 'Verify OTP' })).not.toBeInTheDocument();
    });

    it("verifies the code, says 'OTP verified.' and goes on to /add-address", async () => {
      const { bodiesOf } = stubApi({
        [SEND]: sentOk,
        [VERIFY]: jsonResponse({ success: true, message: 'Phone verified.' }),
      });
      const { user } = renderPage();
      await sendCodeTo(user);
      await user.type(codeInput(), '482913');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

      expect(await screen.findByText('OTP verified.')).toBeInTheDocument();
      expect(await screen.findByTestId('path')).toHaveTextContent('/add-address');
      expect(bodiesOf(VERIFY)).toEqual([{ otp: '482913' }]);
    });

    it("shows the server's message when the code is refused, keeping the screen", async () => {
      stubApi({
        [SEND]: sentOk,
        [VERIFY]: [
          jsonResponse(
            {
              success: false,
              message: 'Invalid OTP. 4 attempts left.',
              detail: 'Invalid OTP. 4 attempts left.',
            },
            400,
          ),
          jsonResponse({ success: false, message: '' }),
        ],
      });
      const { user } = renderPage();
      await sendCodeTo(user);
      await user.type(codeInput(), '111111');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      expect(await screen.findByText('Invalid OTP. 4 attempts left.')).toBeInTheDocument();
      expect(codeInput()).toHaveValue('111111');

      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
      expect(screen.queryByTestId('path')).not.toBeInTheDocument();
    });

    it("clears the code and says 'OTP verification failed' when the call breaks", async () => {
      stubApi({ [SEND]: sentOk, [VERIFY]: () => new Response('', { status: 500 }) });
      const { user } = renderPage();
      await sendCodeTo(user);
      await user.type(codeInput(), '222222');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      expect(await screen.findByText('OTP verification failed')).toBeInTheDocument();
      expect(codeInput()).toHaveValue('');
      expect(screen.queryByRole('button', { name: 'Verify OTP' })).not.toBeInTheDocument();
    });
  });

  describe('inside the onboarding step guard', () => {
    beforeEach(() => {
      stubApi({
        'GET /api/auth/user/status/': [
          jsonResponse({ is_authenticated: true, redirect_to: 'phone-verification' }),
          jsonResponse({ is_authenticated: true, redirect_to: 'add-address' }),
        ],
        [SEND]: sentOk,
        [VERIFY]: jsonResponse({ success: true, message: 'Phone verified.' }),
      });
    });

    it('re-reads the status after verifying, so the guard lets the user onto /add-address', async () => {
      const routes: RouteObject[] = [
        {
          element: <OnboardingStep />,
          children: [
            { path: '/phone-verification', element: <PhoneVerificationPage /> },
            { path: '/add-address', element: <p>Address step</p> },
          ],
        },
        { path: '/dashboard', element: <p>Dashboard</p> },
      ];
      const { user } = renderWithProviders(routes, {
        initialEntries: ['/phone-verification'],
        session: STUDENT,
      });
      await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '9876543210');
      await user.click(screen.getByRole('button', { name: 'Send OTP' }));
      await user.type(await screen.findByRole('textbox', { name: 'Enter OTP' }), '482913');
      await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
      expect(await screen.findByText('Address step')).toBeInTheDocument();
    });
  });
});
