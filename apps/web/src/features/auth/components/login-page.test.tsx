import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PublicOnly } from '../../../app/guards/public-only.tsx';
import { makeAccessToken, renderWithProviders } from '../../../testing/render.tsx';

import { LoginPage } from './login-page.tsx';

/** The token and status answers of an administrator; the status answers after `statusDelayMs`. */
function stubSignIn(statusDelayMs: number) {
  const access = makeAccessToken({ role: 'admin', user_id: 4 });
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
  { element: <PublicOnly />, children: [{ path: 'login', element: <LoginPage /> }] },
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
