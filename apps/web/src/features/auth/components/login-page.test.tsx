import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeAccessToken, renderWithProviders } from '../../../testing/render.tsx';
import { PublicOnly } from '../guards/public-only.tsx';

import { LoginPage } from './login-page.tsx';
import { StudentRegisterPage } from './register-page.tsx';

/** The token and status answers of a user (an administrator unless said); the status answers after `statusDelayMs`. */
function stubSignIn(statusDelayMs: number, role: 'admin' | 'student' = 'admin') {
  const access = makeAccessToken({ role, user_id: 4 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/auth/token/') {
        return Response.json({ access, refresh: 'test-refresh-token' });
      }
      if (path === '/api/auth/user/status/') {
        await new Promise((resolve) => setTimeout(resolve, statusDelayMs));
        return Response.json({ is_authenticated: true, redirect_to: 'dashboard' });
      }
      return Response.json({ detail: 'Not found.' }, { status: 404 });
    }),
  );
}

/** A page loaded on demand, as the app's pages are (the navigation waits for it). */
function lazyPage(path: string, heading: string, loadMs: number) {
  return {
    path,
    lazy: async () => {
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      return { Component: () => <h1>{heading}</h1> };
    },
  };
}

const routes = [
  {
    element: <PublicOnly />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'student-register', element: <StudentRegisterPage /> },
    ],
  },
  lazyPage('student/enquiries/add', 'Create New Enquiry', 10),
  lazyPage('admin', 'Administration', 40),
  lazyPage('dashboard', 'Dashboard', 10),
  lazyPage('chat/:id', 'Chat', 10),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('signs an administrator in to the back office, and nothing moves them on', async () => {
    stubSignIn(20);
    const { router, user } = renderWithProviders(routes, { initialEntries: ['/login'] });
    await user.type(screen.getByLabelText('Email'), 'admin@example.in');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Admin@12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/admin');
  });
});

const CHALLENGE = '6f1c2a8e-1b2c-4d3e-8f90-123456789abc';

/**
 * A server whose account refuses this device's password (decision 044): it
 * mails a code, and signs in with the password, the challenge and code 424242.
 */
function stubLockedAccount() {
  const access = makeAccessToken({ role: 'student', user_id: 7 });
  const calls: { path: string; body: unknown }[] = [];
  function answer(path: string, init: RequestInit): Response {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ path, body });
    if (path === '/api/auth/token/') {
      return Response.json(
        { detail: AUTH_MESSAGES.signInCodeOffered, code: 'sign_in_code_available' },
        { status: 429, headers: { 'retry-after': '840' } },
      );
    }
    if (path === '/api/auth/sign-in-code/') {
      return Response.json({
        success: true,
        message: AUTH_MESSAGES.signInCodeSent,
        challenge: CHALLENGE,
      });
    }
    if (path === '/api/auth/token/code/') {
      const sent = body as { code?: string; challenge?: string; password?: string };
      if (sent.code === '424242' && sent.challenge === CHALLENGE && sent.password) {
        return Response.json({ access, refresh: 'test-refresh-token' });
      }
      return Response.json(
        { detail: AUTH_MESSAGES.signInCodeInvalid, code: 'sign_in_code_invalid' },
        { status: 400 },
      );
    }
    if (path === '/api/auth/user/status/') {
      return Response.json({ is_authenticated: true, redirect_to: 'dashboard' });
    }
    return Response.json({ detail: 'Not found.' }, { status: 404 });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => Promise.resolve(answer(path, init))),
  );
  return calls;
}

describe('LoginPage on a device the account refuses', () => {
  it('offers a code by email, and signs in with it and the password typed', async () => {
    const calls = stubLockedAccount();
    const { router, user } = renderWithProviders(routes, { initialEntries: ['/login'] });
    await user.type(screen.getByLabelText('Email'), 'owner@example.in');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Owner@12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.signInCodeOffered);
    expect(screen.queryByLabelText(AUTH_MESSAGES.signInCodeLabel)).toBeNull();
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.requestSignInCode }));

    expect(await screen.findByText(AUTH_MESSAGES.signInCodeSent)).toBeVisible();
    expect(calls.find((call) => call.path === '/api/auth/sign-in-code/')?.body).toEqual({
      email: 'owner@example.in',
    });
    await user.type(screen.getByLabelText(AUTH_MESSAGES.signInCodeLabel), '424242');
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.signInWithCode }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((call) => call.path === '/api/auth/token/code/')?.body).toEqual({
      username: 'owner@example.in',
      password: 'Owner@12345',
      challenge: CHALLENGE,
      code: '424242',
    });
  });

  it('shows why a wrong code is refused and stays on the page', async () => {
    stubLockedAccount();
    const { router, user } = renderWithProviders(routes, { initialEntries: ['/login'] });
    await user.type(screen.getByLabelText('Email'), 'owner@example.in');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Owner@12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: AUTH_MESSAGES.requestSignInCode }));
    await user.type(await screen.findByLabelText(AUTH_MESSAGES.signInCodeLabel), '111111');
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.signInWithCode }));

    expect(await screen.findByText(AUTH_MESSAGES.signInCodeInvalid)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('LoginPage after a search on the landing page', () => {
  const FROM_SEARCH = '/login?location-temp=Koramangala%205th%20Block&subject=Mathematics';

  it('names what was searched and offers registration as prominently as sign-in, keeping both', async () => {
    const { user, router } = renderWithProviders(routes, { initialEntries: [FROM_SEARCH] });
    expect(
      await screen.findByText('Sign in to see tutors for Mathematics near Koramangala 5th Block.'),
    ).toBeVisible();
    const register = screen.getByRole('link', { name: 'Register to find tutors' });
    // a full-width button like Login, not a line of small print
    expect(register).toHaveClass('w-full', 'h-11');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveClass('w-full', 'h-11');

    await user.click(register);
    expect(
      await screen.findByText(
        'Next, post your enquiry to tutors for Mathematics near Koramangala 5th Block.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/student-register');
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('location-temp'), query.get('subject')]).toEqual([
      'Koramangala 5th Block',
      'Mathematics',
    ]);
    // and back to sign-in, still carrying it
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?location-temp=Koramangala+5th+Block&subject=Mathematics',
    );
  });

  it('takes a student on to the enquiry form after signing in', async () => {
    stubSignIn(5, 'student');
    const { user, router } = renderWithProviders(routes, { initialEntries: [FROM_SEARCH] });
    await user.type(await screen.findByLabelText('Email'), 'ravi@example.in');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Student@123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Create New Enquiry' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/student/enquiries/add');
  });

  it('shows no registration button to a plain visit', async () => {
    renderWithProviders(routes, { initialEntries: ['/login'] });
    expect(await screen.findByText('Welcome back to GuruMatch.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Register to find tutors' })).not.toBeInTheDocument();
  });
});

describe('PublicOnly', () => {
  // the guard and the sign-in flow both move a user who has just signed in: they must agree
  it('sends a signed-in administrator from a guest page to the back office', async () => {
    const { router } = renderWithProviders(routes, {
      initialEntries: ['/login'],
      session: { role: 'admin' },
    });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a signed-in user back to where a guard sent them from', async () => {
    const { router } = renderWithProviders(routes, {
      initialEntries: ['/login'],
      session: { role: 'teacher' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/login', { state: { from: { pathname: '/chat/5', search: '' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/5'));
  });
});
