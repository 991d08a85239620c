import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PublicOnly } from '../../../app/guards/public-only.tsx';
import { makeAccessToken, renderWithProviders } from '../../../testing/render.tsx';

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
