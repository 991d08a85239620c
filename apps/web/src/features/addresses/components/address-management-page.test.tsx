import type { Address } from '@gurumatch/shared/schemas/addresses';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';

import { AddressManagementPage } from './address-management-page.tsx';

const STUDENT = { role: 'student', user_id: 52, full_name: 'Ananya Rao' } as const;

const HOME: Address = {
  id: 1,
  formatted_address: 'HSR Layout, Bengaluru, Karnataka 560102, India',
  is_primary: true,
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9116,
  longitude: 77.6389,
};

const WORK: Address = {
  id: 2,
  formatted_address: 'Whitefield, Bengaluru, Karnataka 560066, India',
  is_primary: false,
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9698,
  longitude: 77.75,
};

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

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

/** Answers `METHOD /path` from the table; anything else is a 404. */
function stubApi(table: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const handler = table[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => (init?.method ?? 'GET') === method && urlOf(input).pathname === path,
    );
  return { fetchMock, calls };
}

/** The saved list as the server holds it, changed by the handlers below. */
function serverWith(initial: Address[]) {
  let saved = initial.map((address) => ({ ...address }));
  const table: Record<string, Handler> = {
    'GET /api/auth/user/addresses/': () => jsonResponse(saved),
  };
  for (const address of initial) {
    table[`DELETE /api/auth/user/addresses/${String(address.id)}/`] = () => {
      saved = saved.filter((item) => item.id !== address.id);
      if (saved[0]) saved[0].is_primary = true;
      return jsonResponse({ success: true, message: 'Address removed successfully.' });
    };
    table[`PATCH /api/auth/user/addresses/${String(address.id)}/set_primary/`] = () => {
      saved = saved
        .map((item) => ({ ...item, is_primary: item.id === address.id }))
        .sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
      return jsonResponse({
        success: true,
        message: 'Primary address updated successfully.',
        address: saved[0],
      });
    };
  }
  return table;
}

function renderPage() {
  return renderWithProviders(<AddressManagementPage />, {
    initialEntries: ['/address-management'],
    session: STUDENT,
  });
}

const addressList = () => screen.getByRole('list', { name: 'Your addresses' });
const addressItems = () => within(addressList()).getAllByRole('listitem');

describe('AddressManagementPage', () => {
  beforeEach(() => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists a single address as primary, with no Remove, a way to add another and its map', async () => {
    stubApi(serverWith([HOME]));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Manage Addresses', level: 1 })).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Your addresses' });
    const [only] = addressItems();
    expect(only).toHaveTextContent(HOME.formatted_address);
    expect(within(only!).getByText('Primary')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set as primary' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();

    const map = screen.getByTitle(`Map of ${HOME.formatted_address}`);
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute(
      'src',
      'https://www.google.com/maps?q=12.9116,77.6389&z=15&output=embed',
    );
    expect(map).toHaveAttribute('loading', 'lazy');
  });

  it('with two addresses: no Add, Remove on each, Set as primary on the other one', async () => {
    stubApi(serverWith([HOME, WORK]));
    renderPage();
    await screen.findByRole('list', { name: 'Your addresses' });

    const [home, work] = addressItems();
    expect(within(home!).getByText('Primary')).toBeInTheDocument();
    expect(within(work!).queryByText('Primary')).not.toBeInTheDocument();
    expect(within(home!).queryByRole('button', { name: 'Set as primary' })).not.toBeInTheDocument();
    expect(within(work!).getByRole('button', { name: 'Set as primary' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('makes another address primary and moves the map there', async () => {
    const { calls } = stubApi(serverWith([HOME, WORK]));
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Your addresses' });

    await user.click(within(addressItems()[1]!).getByRole('button', { name: 'Set as primary' }));
    expect(await screen.findByText('Primary address updated successfully.')).toBeInTheDocument();
    expect(calls('PATCH', '/api/auth/user/addresses/2/set_primary/')).toHaveLength(1);
    expect(await screen.findByTitle(`Map of ${WORK.formatted_address}`)).toBeInTheDocument();
    const [first] = addressItems();
    expect(first).toHaveTextContent(WORK.formatted_address);
    expect(within(first!).getByText('Primary')).toBeInTheDocument();
  });

  it('asks before removing; Escape keeps the address, confirming removes it', async () => {
    const { calls } = stubApi(serverWith([HOME, WORK]));
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Your addresses' });

    const removeWork = screen.getByRole('button', { name: `Remove ${WORK.formatted_address}` });
    await user.click(removeWork);
    let dialog = screen.getByRole('dialog', { name: 'Remove address' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove this address?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removeWork).toHaveFocus();
    expect(calls('DELETE', '/api/auth/user/addresses/2/')).toHaveLength(0);

    await user.click(removeWork);
    dialog = screen.getByRole('dialog', { name: 'Remove address' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Address removed successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('DELETE', '/api/auth/user/addresses/2/')).toHaveLength(1);
    await waitFor(() => expect(addressItems()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again on request', async () => {
    let attempt = 0;
    stubApi({
      'GET /api/auth/user/addresses/': () => {
        attempt += 1;
        return attempt === 1 ? new Response('', { status: 500 }) : jsonResponse([HOME]);
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load addresses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Your addresses' })).toHaveTextContent(
      HOME.formatted_address,
    );
  });

  it('says so when removing or changing the primary fails', async () => {
    stubApi({
      'GET /api/auth/user/addresses/': () => jsonResponse([HOME, WORK]),
      'DELETE /api/auth/user/addresses/2/': () =>
        jsonResponse({ detail: 'You cannot remove your only address.' }, 400),
      'PATCH /api/auth/user/addresses/2/set_primary/': () => new Response('', { status: 500 }),
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Your addresses' });

    await user.click(within(addressItems()[1]!).getByRole('button', { name: 'Set as primary' }));
    expect(await screen.findByText('Failed to update primary address')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove ${WORK.formatted_address}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove address')).toBeInTheDocument();
    expect(addressItems()).toHaveLength(2);
  });

  it('adds a second address with the same picker, after which Add is gone', async () => {
    let saved: Address[] = [HOME];
    const { calls } = stubApi({
      'GET /api/auth/user/addresses/': () => jsonResponse(saved),
      'GET /api/geo/autocomplete/': () =>
        jsonResponse({
          results: [{ place_id: 'in-ka-whitefield', description: 'Whitefield, Bengaluru' }],
        }),
      'GET /api/geo/place/in-ka-whitefield/': () =>
        jsonResponse({ ...WORK, place_id: 'in-ka-whitefield' }),
      'POST /api/auth/address/': () => {
        saved = [HOME, WORK];
        return jsonResponse({
          success: true,
          message: 'Address added successfully.',
          address: WORK,
        });
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    expect(window.alert).toHaveBeenCalledWith('Geolocation not supported');

    await user.click(screen.getByRole('radio', { name: 'Enter Manually' }));
    await user.type(screen.getByRole('combobox', { name: 'Search your address' }), 'White');
    await user.click(
      await screen.findByRole('option', { name: 'Whitefield, Bengaluru' }, { timeout: 2_000 }),
    );
    await screen.findByRole('group', { name: 'Address details' });
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Address added successfully.')).toBeInTheDocument();
    await waitFor(() => expect(addressItems()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Address' })).not.toBeInTheDocument();
    expect(calls('POST', '/api/auth/address/')).toHaveLength(1);
  });
});
