import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeAccessToken } from '../testing/render.tsx';

import { apiRequest, refreshSession } from './api.ts';
import { getSession, signIn } from './auth-session.ts';

const first = {
  access: makeAccessToken({ role: 'student', user_id: 7, full_name: 'Ananya Rao' }),
  refresh: 'refresh-1',
};
const second = {
  access: makeAccessToken({ role: 'student', user_id: 7, full_name: 'Ananya R.' }),
  refresh: 'refresh-2',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshSession', () => {
  it('trades the refresh token for a new pair and keeps it', async () => {
    signIn(first);
    const fetchMock = vi.fn(() => Promise.resolve(json(second)));
    vi.stubGlobal('fetch', fetchMock);

    expect(await refreshSession()).toBe(true);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ refresh: 'refresh-1' });
    expect(getSession()?.tokens.refresh).toBe('refresh-2');
    expect(JSON.parse(localStorage.getItem('gm.auth') ?? '{}')).toEqual(second);
  });

  it('takes the pair another tab already refreshed instead of spending the old token again', async () => {
    signIn(first);
    localStorage.setItem('gm.auth', JSON.stringify(second));
    const fetchMock = vi.fn(() => Promise.resolve(json(second)));
    vi.stubGlobal('fetch', fetchMock);

    expect(await refreshSession()).toBe(true);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession()?.tokens.refresh).toBe('refresh-2');
  });

  it('signs out when the server refuses the refresh token', async () => {
    signIn(first);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ detail: 'revoked', code: 'token_not_valid' }, 401))),
    );

    expect(await refreshSession()).toBe(false);

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('gm.auth')).toBeNull();
  });
});

describe('apiRequest', () => {
  it('refreshes once on a 401 and retries the call with the new access token', async () => {
    signIn(first);
    const fetchMock = vi.fn((path: string, init: RequestInit) => {
      if (path === '/api/auth/token/refresh/') return Promise.resolve(json(second));
      const auth = new Headers(init.headers).get('authorization');
      return Promise.resolve(
        auth === `Bearer ${second.access}`
          ? json({ ok: true })
          : json({ detail: 'expired', code: 'token_not_valid' }, 401),
      );
    });
    vi.stubGlobal('fetch', fetchMock);

    expect(await apiRequest<{ ok: boolean }>('/api/auth/user/me/')).toEqual({ ok: true });

    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/auth/user/me/',
      '/api/auth/token/refresh/',
      '/api/auth/user/me/',
    ]);
  });

  it('reads the error sentence from detail, else error, else a generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ detail: 'Not found.' }, 404))
        .mockResolvedValueOnce(json({ error: 'Bad thing' }, 400))
        .mockResolvedValueOnce(new Response('oops', { status: 500 })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 404, detail: 'Not found.' });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 400, detail: 'Bad thing' });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 500,
      detail: 'Request failed',
    });
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0 });
  });
});
