import { ADDRESS_INPUT_DEBOUNCE_MS } from '@gurumatch/shared/constants';
import { GEO_MESSAGES } from '@gurumatch/shared/schemas/geo';
import type { Place } from '@gurumatch/shared/schemas/geo';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocation, type RouteObject } from '../../../lib/router/index.ts';
import { rememberSearchIntent } from '../../../lib/search-intent.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { AddAddressPage } from './add-address-page.tsx';

const TEACHER = { role: 'teacher', user_id: 41, full_name: 'Priya Sharma' } as const;

const KORAMANGALA: Place = {
  place_id: 'in-ka-koramangala',
  formatted_address: 'Koramangala, Bengaluru, Karnataka, India',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9352,
  longitude: 77.6245,
};

const SUGGESTIONS = [
  { place_id: 'in-ka-koramangala', description: 'Koramangala, Bengaluru, Karnataka' },
  { place_id: 'in-ka-koramangala-1st-block', description: 'Koramangala 1st Block, Bengaluru' },
  { place_id: 'in-ka-koramangala-4th-block', description: 'Koramangala 4th Block, Bengaluru' },
  { place_id: 'in-ka-koramangala-5th-block', description: 'Koramangala 5th Block, Bengaluru' },
  { place_id: 'in-ka-koramangala-6th-block', description: 'Koramangala 6th Block, Bengaluru' },
  { place_id: 'in-ka-koramangala-7th-block', description: 'Koramangala 7th Block, Bengaluru' },
  { place_id: 'in-ka-koramangala-8th-block', description: 'Koramangala 8th Block, Bengaluru' },
];

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

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

/** Answers `METHOD /path` (query string aside) from the table; anything else is a 404. */
function stubApi(table: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const handler = table[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, pathPrefix: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: urlOf(input), init }))
      .filter(
        ({ url, init }) =>
          (init?.method ?? 'GET') === method && url.pathname.startsWith(pathPrefix),
      )
      .map(({ url, init }) => ({
        url,
        body: bodyOf(init),
      }));
  return { fetchMock, callsTo };
}

const GEO_API: Record<string, Handler> = {
  'GET /api/geo/reverse/': () => jsonResponse(KORAMANGALA),
  'GET /api/geo/autocomplete/': () => jsonResponse({ results: SUGGESTIONS }),
  'GET /api/geo/place/in-ka-koramangala-1st-block/': () =>
    jsonResponse({
      ...KORAMANGALA,
      place_id: 'in-ka-koramangala-1st-block',
      formatted_address: 'Koramangala 1st Block, Koramangala, Bengaluru, Karnataka 560034, India',
    }),
  'GET /api/geo/place/in-ka-koramangala/': () => jsonResponse(KORAMANGALA),
};

const ADDED: Handler = () =>
  jsonResponse({
    success: true,
    message: 'Address added successfully.',
    address: { id: 1, is_primary: true, ...KORAMANGALA },
  });

type Position = { latitude: number; longitude: number };

/** Gives the browser a geolocation that answers with `position`, or refuses permission. */
function stubGeolocation(answer: Position | 'denied') {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'denied') {
        failure?.({
          code: 1,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
          message: 'User denied Geolocation',
        });
      } else {
        success({ coords: answer, timestamp: Date.now() } as unknown as GeolocationPosition);
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  return getCurrentPosition;
}

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderPage() {
  const routes: RouteObject[] = [
    { path: '/add-address', element: <AddAddressPage /> },
    { path: '/complete-profile', element: <CurrentPath /> },
  ];
  return renderWithProviders(routes, { initialEntries: ['/add-address'], session: TEACHER });
}

const submitButton = () => screen.getByRole('button', { name: 'Save Address' });
const searchBox = () => screen.getByRole('combobox', { name: 'Search your address' });

describe('AddAddressPage', () => {
  const alertSpy = () => vi.mocked(window.alert);

  beforeEach(() => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  describe('Use Current Location (the default)', () => {
    it('fills the address from the browser location, shows city, district and state, and saves it', async () => {
      const geolocation = stubGeolocation({ latitude: 12.9352, longitude: 77.6245 });
      const { callsTo } = stubApi({ ...GEO_API, 'POST /api/auth/address/': ADDED });
      const { user } = renderPage();

      expect(screen.getByRole('heading', { name: 'Add your home Address' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Use Current Location' })).toBeChecked();
      const address = screen.getByRole('textbox', { name: 'Your current address' });
      await waitFor(() => expect(address).toHaveValue(KORAMANGALA.formatted_address));
      expect(geolocation).toHaveBeenCalledTimes(1);
      const [reverse] = callsTo('GET', '/api/geo/reverse/');
      expect(reverse?.url.searchParams.get('lat')).toBe('12.9352');
      expect(reverse?.url.searchParams.get('lng')).toBe('77.6245');

      const details = screen.getByRole('group', { name: 'Address details' });
      expect(details).toHaveTextContent('CityBengaluru');
      expect(details).toHaveTextContent('DistrictBengaluru Urban');
      expect(details).toHaveTextContent('StateKarnataka');
      expect(submitButton()).not.toHaveAttribute('aria-disabled');

      await user.click(submitButton());
      expect(await screen.findByText('Address added successfully.')).toBeInTheDocument();
      expect(await screen.findByTestId('path')).toHaveTextContent('/complete-profile');
      expect(callsTo('POST', '/api/auth/address/').map((call) => call.body)).toEqual([
        { place_id: 'in-ka-koramangala' },
      ]);
      expect(alertSpy()).not.toHaveBeenCalled();
    });

    it("alerts 'Geolocation not supported' when the browser has no geolocation", async () => {
      const { callsTo } = stubApi({ ...GEO_API, 'POST /api/auth/address/': ADDED });
      const { user } = renderPage();
      await waitFor(() => expect(alertSpy()).toHaveBeenCalledWith('Geolocation not supported'));
      expect(alertSpy()).toHaveBeenCalledTimes(1);

      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
      await user.click(submitButton());
      expect(await screen.findByText('Please select a valid address')).toBeInTheDocument();
      expect(callsTo('POST', '/api/auth/address/')).toEqual([]);
    });

    it('asks to type the address when no listed locality is near the position', async () => {
      stubGeolocation({ latitude: 27, longitude: 71 });
      stubApi({
        ...GEO_API,
        'GET /api/geo/reverse/': () =>
          jsonResponse({ detail: GEO_MESSAGES.noPlaceNearby, code: 'not_found' }, 404),
      });
      renderPage();
      expect(await screen.findByRole('alert')).toHaveTextContent(GEO_MESSAGES.noPlaceNearby);
      expect(screen.getByRole('button', { name: 'Type my address' })).toBeVisible();
      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    });

    it('says so when permission is refused and offers typing the address instead', async () => {
      const geolocation = stubGeolocation('denied');
      const { callsTo } = stubApi(GEO_API);
      const { user } = renderPage();
      await waitFor(() => expect(screen.queryByText('Fetching...')).not.toBeInTheDocument());

      expect(geolocation).toHaveBeenCalledTimes(1);
      const address = screen.getByRole('textbox', { name: 'Your current address' });
      expect(address).toHaveValue('');
      expect(address).toHaveAttribute('placeholder', 'Allow broswer to fetch your address...');
      expect(alertSpy()).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Location permission is denied, so we cannot fetch your address. You can type it instead.',
      );
      expect(screen.queryByRole('button', { name: /location again/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Address details' })).not.toBeInTheDocument();
      expect(callsTo('GET', '/api/geo/reverse/')).toEqual([]);
      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

      await user.click(screen.getByRole('button', { name: 'Type my address' }));
      expect(screen.getByRole('radio', { name: 'Enter Manually' })).toBeChecked();
      expect(searchBox()).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('Enter Manually', () => {
    it('asks for suggestions once, when typing pauses for 500 ms', async () => {
      stubGeolocation('denied');
      const { callsTo } = stubApi(GEO_API);
      renderPage();
      fireEvent.click(screen.getByRole('radio', { name: 'Enter Manually' }));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

      // Typing fast: a key every 100 ms.
      for (const text of ['K', 'Ko', 'Kor', 'Kora', 'Koram']) {
        fireEvent.input(searchBox(), { target: { value: text } });
        act(() => {
          vi.advanceTimersByTime(100);
        });
      }
      act(() => {
        vi.advanceTimersByTime(ADDRESS_INPUT_DEBOUNCE_MS - 101);
      });
      expect(callsTo('GET', '/api/geo/autocomplete/')).toEqual([]);

      // The pause is over: one request, and its answer is listed.
      for (let step = 0; step < 5; step += 1) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1);
        });
      }
      expect(screen.getAllByRole('option')).toHaveLength(6);
      const calls = callsTo('GET', '/api/geo/autocomplete/');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.url.searchParams.get('q')).toBe('Koram');
    });

    it('starts from the place a visitor searched for on the landing page, its suggestions shown', async () => {
      stubGeolocation('denied');
      const { callsTo } = stubApi(GEO_API);
      rememberSearchIntent({ location: 'Koramangala', subject: 'Physics' });
      renderPage();

      expect(screen.getByRole('radio', { name: 'Enter Manually' })).toBeChecked();
      expect(searchBox()).toHaveValue('Koramangala');
      expect(await screen.findAllByRole('option', {}, { timeout: 2_000 })).toHaveLength(6);
      expect(callsTo('GET', '/api/geo/autocomplete/')[0]?.url.searchParams.get('q')).toBe(
        'Koramangala',
      );
    });

    it('lists at most 6 suggestions, chosen with the keyboard, then shows the details and saves the place', async () => {
      stubGeolocation('denied');
      const { callsTo } = stubApi({ ...GEO_API, 'POST /api/auth/address/': ADDED });
      const { user } = renderPage();

      await user.click(screen.getByRole('radio', { name: 'Enter Manually' }));
      expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
      await user.type(searchBox(), 'Kora');
      const options = await screen.findAllByRole('option', {}, { timeout: 2_000 });
      expect(options).toHaveLength(6);
      expect(searchBox()).toHaveAttribute('aria-expanded', 'true');
      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');

      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(options[1]).toHaveAttribute('aria-selected', 'true');
      expect(searchBox()).toHaveAttribute('aria-activedescendant', options[1]?.id);
      await user.keyboard('{Enter}');

      const details = await screen.findByRole('group', { name: 'Address details' });
      expect(details).toHaveTextContent('CityBengaluru');
      expect(details).toHaveTextContent('DistrictBengaluru Urban');
      expect(details).toHaveTextContent('StateKarnataka');
      expect(searchBox()).toHaveValue(
        'Koramangala 1st Block, Koramangala, Bengaluru, Karnataka 560034, India',
      );
      expect(screen.queryByRole('option')).not.toBeInTheDocument();
      expect(submitButton()).not.toHaveAttribute('aria-disabled');

      await user.click(submitButton());
      expect(await screen.findByTestId('path')).toHaveTextContent('/complete-profile');
      expect(callsTo('POST', '/api/auth/address/').map((call) => call.body)).toEqual([
        { place_id: 'in-ka-koramangala-1st-block' },
      ]);
    });

    it('forgets the chosen place as soon as the text is changed', async () => {
      stubGeolocation('denied');
      stubApi(GEO_API);
      const { user } = renderPage();
      await user.click(screen.getByRole('radio', { name: 'Enter Manually' }));
      await user.type(searchBox(), 'Kora');
      await user.click(
        await screen.findByRole(
          'option',
          { name: 'Koramangala, Bengaluru, Karnataka' },
          { timeout: 2_000 },
        ),
      );
      await screen.findByRole('group', { name: 'Address details' });

      await user.type(searchBox(), 'x');
      expect(screen.queryByRole('group', { name: 'Address details' })).not.toBeInTheDocument();
      expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    });

    it("shows the server's refusal, and 'Failed to add address' when the call breaks", async () => {
      stubGeolocation('denied');
      let attempt = 0;
      stubApi({
        ...GEO_API,
        'POST /api/auth/address/': () => {
          attempt += 1;
          return attempt === 1
            ? jsonResponse(
                {
                  success: false,
                  detail: 'This address is already saved.',
                  message: 'This address is already saved.',
                  error: 'This address is already saved.',
                },
                400,
              )
            : new Response('', { status: 500 });
        },
      });
      const { user } = renderPage();
      await user.click(screen.getByRole('radio', { name: 'Enter Manually' }));
      await user.type(searchBox(), 'Kora');
      await user.click(
        await screen.findByRole(
          'option',
          { name: 'Koramangala, Bengaluru, Karnataka' },
          { timeout: 2_000 },
        ),
      );
      await screen.findByRole('group', { name: 'Address details' });

      await user.click(submitButton());
      expect(await screen.findByText('This address is already saved.')).toBeInTheDocument();
      await user.click(submitButton());
      expect(await screen.findByText('Failed to add address')).toBeInTheDocument();
      expect(screen.queryByTestId('path')).not.toBeInTheDocument();
    });
  });
});
