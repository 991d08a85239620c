import { act, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { receiveLeadAlert, resetLeadAlerts } from '../../lib/lead-alerts.ts';
import { useLocation } from '../../lib/router/index.ts';
import { createTestApp, renderWithProviders, seedSession } from '../../testing/render.tsx';

import { Navbar } from './navbar.tsx';

const TEACHER = { role: 'teacher', user_id: 11, full_name: 'Priya Sharma', coins: 5 } as const;
const STUDENT = { role: 'student', user_id: 12, full_name: 'Ananya Rao', coins: 0 } as const;
const ADMIN = { role: 'admin', user_id: 13, full_name: 'GuruMatch Admin', coins: 0 } as const;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Answers the coin balance and unread count calls; anything else is a 404 the test can see
 * in `fetchMock.mock.calls`.
 */
function stubApi(
  coinsResponse: () => Response = () => jsonResponse({ coins: 42 }),
  unreadResponse: () => Response = () => jsonResponse({ unread_count: 0 }),
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = requestUrl(input);
    if (url.endsWith('/api/auth/user/coins')) return Promise.resolve(coinsResponse());
    if (url.endsWith('/api/chat/messages-list/unread_count/')) {
      return Promise.resolve(unreadResponse());
    }
    return Promise.resolve(jsonResponse({ detail: 'Not found.' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

function Page() {
  return (
    <>
      <Navbar />
      <main>
        <p>Page content</p>
        <CurrentPath />
      </main>
    </>
  );
}

const navigation = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => screen.getByRole('button', { name: /menu/i });

describe('Navbar', () => {
  let fetchMock: ReturnType<typeof stubApi>;

  beforeEach(() => {
    fetchMock = stubApi();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows visitors the registration and login links, and a logo leading home', () => {
    renderWithProviders(<Page />, { initialEntries: ['/about'] });
    const nav = navigation();

    expect(within(nav).getByRole('link', { name: 'GuruMatch' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Find a Tutor' })).toHaveAttribute(
      'href',
      '/student-register',
    );
    expect(within(nav).getByRole('link', { name: 'Signup as Teacher' })).toHaveAttribute(
      'href',
      '/teacher-register',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a teacher their pages, Logout and the coin balance linking to the upgrade plan', async () => {
    renderWithProviders(<Page />, { session: TEACHER, initialEntries: ['/dashboard'] });
    const nav = navigation();

    const coins = await within(nav).findByRole('link', { name: '42 coins' });
    expect(coins).toHaveAttribute('href', '/teacher/upgrade-plan');
    expect(within(nav).getByRole('link', { name: 'GuruMatch' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Find a Tutor' })).not.toBeInTheDocument();

    const coinCalls = fetchMock.mock.calls.filter(([input]) =>
      requestUrl(input).endsWith('/api/auth/user/coins'),
    );
    expect(coinCalls).toHaveLength(1);
    const init = coinCalls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer .+\..+\..+$/);
  });

  it('shows a teacher no made-up balance while it loads or when it cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = stubApi(() => jsonResponse({ detail: 'Server error.' }, 500));
    renderWithProviders(<Page />, { session: TEACHER });

    expect(await screen.findByRole('link', { name: 'Coins' })).toHaveAttribute(
      'href',
      '/teacher/upgrade-plan',
    );
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    await waitFor(() => {
      expect(console.error).toHaveBeenCalled();
    });
    expect(screen.getByRole('link', { name: 'Coins' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /\d+ coins/ })).toBeNull();
  });

  it("sends an administrator's Dashboard link and logo to the back office", () => {
    renderWithProviders(<Page />, { session: ADMIN, initialEntries: ['/admin'] });
    const nav = navigation();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'GuruMatch' })).toHaveAttribute('href', '/admin');
  });

  it('neither fetches nor shows a coin balance for a student', async () => {
    renderWithProviders(<Page />, { session: STUDENT });

    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // Give a wrongly enabled query the chance to run before checking that it did not.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('link', { name: /coins/ })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls.filter((url) => url.includes('/coins'))).toEqual([]);
  });

  it('shows a student the Messages link with the unread count as a badge', async () => {
    fetchMock = stubApi(undefined, () => jsonResponse({ unread_count: 3 }));
    renderWithProviders(<Page />, { session: STUDENT });
    const nav = navigation();

    const link = await within(nav).findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/chat');
    expect(link).toHaveTextContent('3');
  });

  it('shows a teacher the number of new enquiries heard of on the Dashboard link', async () => {
    renderWithProviders(<Page />, { session: TEACHER });
    const nav = navigation();
    const link = await within(nav).findByRole('link', { name: 'Dashboard' });
    act(() => {
      for (const id of [1, 2]) {
        receiveLeadAlert({
          id,
          name: 'Maths tuition',
          subject: 'Mathematics',
          class_level: 'Class 10',
          study_mode: 'offline',
          area: 'HSR Layout',
          city: 'Bengaluru',
          distance_km: 2,
          coins_required: 15,
          posted_at: '2026-11-25T10:00:00.000Z',
        });
      }
    });
    expect(link).toHaveAccessibleName('Dashboard, 2 new enquiries');
    expect(link).toHaveTextContent('2');
    act(() => {
      resetLeadAlerts();
    });
    expect(link).toHaveAccessibleName('Dashboard');
  });

  it('shows a teacher the Messages link without a badge when nothing is unread', async () => {
    renderWithProviders(<Page />, { session: TEACHER });
    const nav = navigation();

    const link = await within(nav).findByRole('link', { name: 'Messages' });
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('unread_count')),
      ).toBe(true);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(link).toHaveAccessibleName('Messages');
    expect(link).not.toHaveTextContent(/\d/);
  });

  it('keeps the Messages link and its badge in the mobile menu', async () => {
    fetchMock = stubApi(undefined, () => jsonResponse({ unread_count: 1 }));
    const { user } = renderWithProviders(<Page />, { session: STUDENT });

    await user.click(menuButton());
    const menu = document.getElementById(menuButton().getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(
      await within(menu as HTMLElement).findByRole('link', { name: 'Messages, 1 unread' }),
    ).toBeVisible();
  });

  it('gives an administrator no Messages link', async () => {
    renderWithProviders(<Page />, { session: ADMIN });

    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls.filter((url) => url.includes('unread_count'))).toEqual([]);
  });

  it('signs out on Logout and goes to the login page with the visitor links', async () => {
    const { user, router } = renderWithProviders(<Page />, { session: STUDENT });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(localStorage.getItem('gm.auth')).toBeNull();
  });

  it('toggles the mobile menu and locks page scrolling while it is open', async () => {
    const { user } = renderWithProviders(<Page />);
    const button = menuButton();

    expect(button).toHaveAccessibleName('Open menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panelId = button.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    expect(document.getElementById(panelId ?? '')).toContainElement(
      screen.getByRole('link', { name: 'Find a Tutor' }),
    );
    expect(document.body).not.toHaveClass('scroll-locked');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    expect(document.body).toHaveClass('scroll-locked');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAccessibleName('Open menu');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes the menu on a click outside it but not on a click inside it', async () => {
    const { user } = renderWithProviders(<Page />);
    const button = menuButton();
    await user.click(button);

    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('menu panel not found');
    await user.click(panel);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByText('Page content'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes the menu on Escape and gives focus back to the menu button', async () => {
    const { user } = renderWithProviders(<Page />);
    const button = menuButton();
    await user.click(button);
    screen.getByRole('link', { name: 'Find a Tutor' }).focus();

    await user.keyboard('{Escape}');

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes the menu when a link is chosen and follows it', async () => {
    const { user } = renderWithProviders(<Page />);
    const button = menuButton();
    await user.click(button);

    await user.click(screen.getByRole('link', { name: 'Signup as Teacher' }));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/teacher-register');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('closes the menu when the page changes by other means, such as Back', async () => {
    const { user, router } = renderWithProviders(<Page />, { initialEntries: ['/about', '/faqs'] });
    const button = menuButton();
    await user.click(button);

    await act(() => router.navigate(-1));

    expect(screen.getByTestId('current-path')).toHaveTextContent('/about');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('unlocks page scrolling when it unmounts with the menu open', async () => {
    const { user, unmount } = renderWithProviders(<Page />);
    await user.click(menuButton());
    expect(document.body).toHaveClass('scroll-locked');

    unmount();

    expect(document.body).not.toHaveClass('scroll-locked');
  });

  it('renders the visitor variant on the server, then the stored session after hydration', async () => {
    seedSession(TEACHER);
    const server = createTestApp(<Page />, { initialEntries: ['/dashboard'] });
    const container = document.createElement('div');
    container.innerHTML = renderToString(server.element);
    document.body.append(container);

    // Before hydration: what the server sent.
    const serverNav = within(container).getByRole('navigation', { name: 'Main' });
    expect(within(serverNav).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(serverNav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();

    const onError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createTestApp(<Page />, { initialEntries: ['/dashboard'] });
    render(client.element, { container, hydrate: true });

    expect(await within(container).findByRole('link', { name: '42 coins' })).toBeInTheDocument();
    expect(within(container).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(onError).not.toHaveBeenCalled();
  });
});
