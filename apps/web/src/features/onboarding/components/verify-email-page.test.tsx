import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RouteObject } from '../../../lib/router/index.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { VerifyEmailPage } from './verify-email-page.tsx';

function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubVerification(answer: () => Response) {
  const fetchMock = vi.fn((input: RequestInfo | URL) =>
    Promise.resolve(
      urlOf(input).pathname.startsWith('/api/auth/verify-email/')
        ? answer()
        : jsonResponse({ detail: 'Not found.' }, 404),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLink(path = '/verify-email/MTI/abc-123') {
  const routes: RouteObject[] = [
    {
      path: '/verify-email/:uid/:token',
      element: (
        <StrictMode>
          <VerifyEmailPage />
        </StrictMode>
      ),
    },
    { path: '/', element: <p>Home page</p> },
  ];
  return renderWithProviders(routes, { initialEntries: [path] });
}

describe('VerifyEmailPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a spinner, checks the link once, then the success view with a way home', async () => {
    const fetchMock = stubVerification(() =>
      jsonResponse({ success: true, message: 'Your email has been verified successfully.' }),
    );
    renderLink();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email…');

    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Your email has been verified successfully.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]![0]).pathname).toBe('/api/auth/verify-email/MTI/abc-123/');
  });

  it('shows the failure view and the error once, then goes home after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubVerification(() =>
      jsonResponse(
        {
          success: false,
          message: 'This verification link is invalid or has expired.',
          detail: 'This verification link is invalid or has expired.',
        },
        400,
      ),
    );
    renderLink();

    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getAllByText('An error occurred during verification.')).toHaveLength(1);
    expect(
      screen.getByText('This verification link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');

    act(() => {
      vi.advanceTimersByTime(2_800);
    });
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats an answer of success: false as a failure too', async () => {
    stubVerification(() => jsonResponse({ success: false, message: 'Link already used.' }));
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Link already used.')).toBeInTheDocument();
    expect(screen.getByText('An error occurred during verification.')).toBeInTheDocument();
  });
});
