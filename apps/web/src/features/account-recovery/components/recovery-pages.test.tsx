import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { recoveryRoutes } from '../routes.tsx';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers `METHOD path` from the table; anything else is a 404 the test would notice. */
function stubApi(table: Record<string, () => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      });
      const answer = table[`${method} ${path}`];
      return Promise.resolve(answer ? answer() : json(404, { detail: 'Not found.' }));
    }),
  );
  return calls;
}

function renderRecovery(path: string) {
  const result = renderWithProviders(
    [
      { index: true, element: <h1>Home page</h1> },
      { path: 'login', element: <h1>Login page</h1> },
      ...recoveryRoutes,
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  return { ...result, user };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it('sends the e-mail, shows the answer and goes home after 2 seconds', async () => {
    const message = 'If an account exists for this email, a password reset link has been sent.';
    const calls = stubApi({
      'POST /api/auth/forgot-password/': () => json(200, { success: true, message }),
    });
    const { user, router } = renderRecovery('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), ' asha@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/auth/forgot-password/', body: { email: 'asha@example.com' } },
    ]);
    expect(router.state.location.pathname).toBe('/forgot-password');

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(router.state.location.pathname).toBe('/forgot-password');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for a valid e-mail before calling the server', async () => {
    const calls = stubApi({});
    const { user } = renderRecovery('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the server detail when the request is refused and stays on the form', async () => {
    stubApi({
      'POST /api/auth/forgot-password/': () =>
        json(429, { detail: 'Too many requests. Please slow down and try again shortly.' }),
    });
    const { user, router } = renderRecovery('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please slow down and try again shortly.',
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});

describe('ResetPasswordPage', () => {
  const path = '/reset-password/MTI/abc-123';

  it('says "Passwords don\'t match" and sends nothing', async () => {
    const calls = stubApi({});
    const { user } = renderRecovery(path);

    await user.type(await screen.findByLabelText('New Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pasS');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('says the password must be at least 8 characters long', async () => {
    const calls = stubApi({});
    const { user } = renderRecovery(path);

    await user.type(await screen.findByLabelText('New Password'), 'Ab1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('shows the server detail for a used or expired link', async () => {
    stubApi({
      'POST /api/auth/reset-password/MTI/abc-123/': () =>
        json(400, { detail: 'This password reset link is invalid or has expired.' }),
    });
    const { user, router } = renderRecovery(path);

    await user.type(await screen.findByLabelText('New Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(router.state.location.pathname).toBe(path);
  });

  it('resets the password and goes to the login page after 2 seconds', async () => {
    const message = 'Your password has been reset. Please log in with your new password.';
    const calls = stubApi({
      'POST /api/auth/reset-password/MTI/abc-123/': () => json(200, { success: true, message }),
    });
    const { user, router } = renderRecovery(path);

    await user.type(await screen.findByLabelText('New Password'), 'Str0ng!pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/reset-password/MTI/abc-123/',
        body: { password: 'Str0ng!pass', confirm_password: 'Str0ng!pass' },
      },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(router.state.location.pathname).toBe(path);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });
});
