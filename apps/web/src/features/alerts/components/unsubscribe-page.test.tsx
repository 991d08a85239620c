import { ALERT_MESSAGES } from '@gurumatch/shared/messages/alerts';
import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';

import { UnsubscribePage } from './unsubscribe-page.tsx';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs fetch: the unsubscribe call answers `answer`; the calls are kept. */
function stubUnsubscribe(answer: () => Response) {
  const calls: { path: string; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        auth: headers.get('authorization'),
      });
      return Promise.resolve(
        path.endsWith('/api/alerts/unsubscribe/') && init.method === 'POST'
          ? answer()
          : jsonResponse({ detail: 'Not found.' }, 404),
      );
    }),
  );
  return calls;
}

function openLink(search: string) {
  return renderWithProviders(
    [
      {
        path: '/alerts/unsubscribe',
        element: (
          <StrictMode>
            <UnsubscribePage />
          </StrictMode>
        ),
      },
    ],
    { initialEntries: [`/alerts/unsubscribe${search}`] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UnsubscribePage', () => {
  it('turns the channel off as the link opens, once, without signing in', async () => {
    const calls = stubUnsubscribe(() => jsonResponse({ channel: 'email' }));
    openLink('?token=12.email.c2lnbmF0dXJl');
    expect(
      await screen.findByText(
        'E-mail alerts are off. You can turn them on again from your profile.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: expect.stringMatching(/\/api\/alerts\/unsubscribe\/$/) as unknown,
        body: { token: '12.email.c2lnbmF0dXJl' },
        auth: null,
      },
    ]);
    expect(screen.getByRole('link', { name: ALERT_MESSAGES.openProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('says plainly when the link was tampered with', async () => {
    stubUnsubscribe(() =>
      jsonResponse({ detail: ALERT_MESSAGES.unsubscribeLinkInvalid, code: 'invalid_link' }, 400),
    );
    openLink('?token=12.email.forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ALERT_MESSAGES.unsubscribeLinkInvalid,
    );
  });

  it('asks for the link from a message when the page is opened without one', async () => {
    const calls = stubUnsubscribe(() => jsonResponse({ channel: 'email' }));
    openLink('');
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.unsubscribeMissing);
    expect(calls).toEqual([]);
  });
});
