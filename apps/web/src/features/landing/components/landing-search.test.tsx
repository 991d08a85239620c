import { SUBJECTS } from '@gurumatch/shared/catalogues/subjects';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';

import { LandingPage } from './landing-page.tsx';

const PLACE = {
  place_id: 'gaz-koramangala',
  formatted_address: '5th Block, Koramangala, Bengaluru, Karnataka 560034, India',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9352,
  longitude: 77.6245,
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Answers the geo calls; every call's path and query is kept. */
function stubGeoApi(reverse: () => Promise<Response> = () => Promise.resolve(jsonResponse(PLACE))) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(raw, 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/geo/reverse/') return reverse();
      if (url.pathname === '/api/geo/autocomplete/') {
        const q = url.searchParams.get('q') ?? '';
        return Promise.resolve(
          jsonResponse({
            results: [
              { place_id: 'p1', description: `${q} 1st Block, Bengaluru` },
              { place_id: 'p2', description: `${q} 5th Block, Bengaluru` },
            ],
          }),
        );
      }
      return Promise.resolve(jsonResponse({ detail: 'Not found.' }, 404));
    }),
  );
  return calls;
}

type PositionOutcome = { latitude: number; longitude: number } | 'denied';

function stubGeolocation(outcome: PositionOutcome) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (outcome === 'denied') {
        const refusal: GeolocationPositionError = {
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        };
        failure?.(refusal);
      } else {
        success({ coords: outcome, timestamp: Date.now() } as unknown as GeolocationPosition);
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

let alertSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderLanding() {
  return renderWithProviders([
    { index: true, element: <LandingPage /> },
    { path: 'login', element: <h1>Login page</h1> },
  ]);
}

function optionLabels(name: string) {
  return within(screen.getByRole('listbox', { name }))
    .queryAllByRole('option')
    .map((option) => option.textContent);
}

describe('subject suggestions', () => {
  it('suggests at most six subjects containing the text, ignoring case', async () => {
    stubGeoApi();
    const { user } = renderLanding();
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    expect(subject).toHaveAttribute('aria-expanded', 'false');

    await user.type(subject, 'a');

    expect(subject).toHaveAttribute('aria-expanded', 'true');
    const expected = SUBJECTS.filter((name) => name.toLowerCase().includes('a')).slice(0, 6);
    expect(optionLabels('Subject suggestions')).toEqual(expected);

    await user.clear(subject);
    await user.type(subject, 'MATH');
    const labels = optionLabels('Subject suggestions');
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.length).toBeLessThanOrEqual(6);
    for (const label of labels) expect(label.toLowerCase()).toContain('math');
  });

  it("says 'No matching subjects found' when nothing matches", async () => {
    stubGeoApi();
    const { user } = renderLanding();

    await user.type(screen.getByRole('combobox', { name: 'Subject' }), 'qqqq');

    expect(screen.getByText('No matching subjects found')).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('closes on a click outside and on choosing a subject (by mouse or keyboard)', async () => {
    stubGeoApi();
    const { user } = renderLanding();
    const subject = screen.getByRole('combobox', { name: 'Subject' });

    await user.type(subject, 'phys');
    expect(subject).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(subject).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { name: 'Subject suggestions' })).not.toBeInTheDocument();

    await user.type(subject, 'i');
    await user.click(screen.getByRole('option', { name: 'Physics' }));
    expect(subject).toHaveValue('Physics');
    expect(subject).toHaveAttribute('aria-expanded', 'false');

    await user.clear(subject);
    await user.type(subject, 'chem');
    await user.keyboard('{ArrowDown}');
    expect(subject).toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(subject).toHaveValue('Chemistry');
    expect(subject).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('location box', () => {
  it("asks for the position on focus, shows 'Fetching...' and fills in the address", async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubGeoApi(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const getCurrentPosition = stubGeolocation({ latitude: 12.9352, longitude: 77.6245 });
    const { user } = renderLanding();
    const location = screen.getByRole('combobox', { name: 'Location' });

    await user.click(location);

    expect(await screen.findByPlaceholderText('Fetching...')).toBe(location);
    expect(calls).toEqual(['/api/geo/reverse/?lat=12.9352&lng=77.6245']);
    await act(async () => {
      answer(jsonResponse(PLACE));
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(location).toHaveValue(PLACE.formatted_address);
    });
    expect(location).not.toHaveAttribute('placeholder', 'Fetching...');

    await user.click(screen.getByRole('combobox', { name: 'Subject' }));
    await user.click(location);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('alerts when the browser has no geolocation', async () => {
    const calls = stubGeoApi();
    const { user } = renderLanding();

    await user.click(screen.getByRole('combobox', { name: 'Location' }));

    expect(alertSpy).toHaveBeenCalledWith('Geolocation not supported');
    expect(screen.queryByPlaceholderText('Fetching...')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('stays empty when the position is refused', async () => {
    const calls = stubGeoApi();
    stubGeolocation('denied');
    const { user } = renderLanding();
    const location = screen.getByRole('combobox', { name: 'Location' });

    await user.click(location);

    await waitFor(() => {
      expect(location).not.toHaveAttribute('placeholder', 'Fetching...');
    });
    expect(location).toHaveValue('');
    expect(alertSpy).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('offers places once typing pauses, and searches with the chosen place and the subject', async () => {
    const calls = stubGeoApi();
    const { user, router } = renderLanding();
    const location = screen.getByRole('combobox', { name: 'Location' });

    await user.type(location, 'Jayanagar');

    const option = await screen.findByRole(
      'option',
      { name: 'Jayanagar 5th Block, Bengaluru' },
      { timeout: 2000 },
    );
    expect(calls.filter((call) => call.startsWith('/api/geo/autocomplete/'))).toEqual([
      '/api/geo/autocomplete/?q=Jayanagar',
    ]);
    await user.click(option);
    expect(location).toHaveValue('Jayanagar 5th Block, Bengaluru');
    expect(location).toHaveAttribute('aria-expanded', 'false');

    await user.type(screen.getByRole('combobox', { name: 'Subject' }), 'Physics');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { name: 'Login page' });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('location-temp')).toBe('Jayanagar 5th Block, Bengaluru');
    // the subject is not dropped at the sign-in wall
    expect(query.get('subject')).toBe('Physics');
  });

  it('keeps places that arrive after the visitor moved to the subject closed, so they cover nothing', async () => {
    const calls = stubGeoApi();
    const { user } = renderLanding();
    const location = screen.getByRole('combobox', { name: 'Location' });

    await user.type(location, 'Koramangala');
    await user.tab();
    await waitFor(
      () => {
        expect(calls).toContain('/api/geo/autocomplete/?q=Koramangala');
      },
      { timeout: 2000 },
    );
    await act(async () => {
      await Promise.resolve();
    });

    expect(screen.getByRole('combobox', { name: 'Subject' })).toHaveFocus();
    expect(screen.queryByRole('option', { name: 'Koramangala 1st Block, Bengaluru' })).toBeNull();
    expect(location).toHaveAttribute('aria-expanded', 'false');
  });
});
