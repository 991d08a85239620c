import { LANDING_MESSAGES } from '@gurumatch/shared/messages/landing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocation } from '../../../lib/router/index.ts';
import { renderWithProviders } from '../../../testing/render.tsx';

import { LandingPage, landingLoader } from './landing-page.tsx';

function LoginProbe() {
  const location = useLocation();
  return (
    <>
      <h1>Login page</h1>
      <p data-testid="search">{location.search}</p>
    </>
  );
}

beforeEach(() => {
  // jsdom has no geolocation: focusing the location box alerts that it is not supported.
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ results: [] })))),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderLanding() {
  return renderWithProviders([
    { index: true, element: <LandingPage /> },
    { path: 'login', element: <LoginProbe /> },
  ]);
}

describe('LandingPage', () => {
  it('greets visitors with the search hero and sets the page title', () => {
    renderLanding();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Find the Best Tutors Near You' }),
    ).toBeInTheDocument();
    const search = screen.getByRole('search', { name: 'Find tutors' });
    expect(within(search).getByLabelText('Location')).toHaveAttribute('name', 'location');
    expect(within(search).getByLabelText('Subject')).toHaveAttribute('name', 'subject');
    expect(within(search).getByRole('button', { name: 'Search' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(document.title).toBe('Find the Best Home and Online Tutors Near You | GuruMatch');
  });

  it('goes to the login page with the typed location and subject on Search', async () => {
    const { user, router } = renderLanding();

    await user.type(screen.getByLabelText('Location'), 'HSR Layout, Bangalore');
    await user.type(screen.getByLabelText('Subject'), 'Physics');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent(
      '?location-temp=HSR+Layout%2C+Bangalore&subject=Physics',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('location-temp')).toBe(
      'HSR Layout, Bangalore',
    );
  });

  it('submits with Enter and an empty location too, keeping the subject', async () => {
    const { user, router } = renderLanding();

    await user.type(screen.getByLabelText('Subject'), 'Maths{Enter}');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?subject=Maths');
  });

  it('explains how GuruMatch works in three steps', () => {
    renderLanding();
    const steps = screen.getByRole('region', { name: 'How GuruMatch works' });

    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    for (const step of ['Post an enquiry', 'Verified tutors respond', 'Start learning']) {
      expect(within(steps).getByRole('heading', { name: step })).toBeInTheDocument();
    }
  });

  function review(id: number, rating: number) {
    return {
      id,
      tutor: 9,
      tutor_name: 'Ravi Kumar',
      student: { id: 100 + id, full_name: `Student ${String(id)}`, avatar: null },
      rating,
      review_text: `Real review ${String(id)}`,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
  }

  function renderWithReviews(count: number, status = 200) {
    const results = Array.from({ length: Math.min(count, 3) }, (_, i) => review(i + 1, 5 - i));
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          status === 200
            ? new Response(JSON.stringify({ count, next: null, previous: null, results }))
            : new Response(JSON.stringify({ detail: 'Server error.' }), { status }),
        ),
      ),
    );
    return renderWithProviders([{ index: true, element: <LandingPage />, loader: landingLoader }]);
  }

  it('shows the latest real reviews once there are at least three', async () => {
    renderWithReviews(4);
    const reviews = await screen.findByRole('region', { name: 'Recent Reviews from Students' });
    expect(await within(reviews).findByText('Real review 1')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('article')).toHaveLength(3);
    expect(within(reviews).getAllByText('Taught by Ravi Kumar')).toHaveLength(3);
  });

  it('shows the real reviews with rating, student and tutor', async () => {
    renderWithReviews(3);
    const reviews = await screen.findByRole('region', { name: 'Recent Reviews from Students' });
    const cards = await within(reviews).findAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeInTheDocument();
      expect(within(card).getByText('Student')).toBeInTheDocument();
    }
    expect(within(reviews).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(reviews).getByText('4/5')).toBeInTheDocument();
    expect(within(reviews).getByText('Student 2')).toBeInTheDocument();
  });

  it('with fewer than three real reviews shows how verification works, and no reviews at all', async () => {
    renderWithReviews(2);
    const verification = await screen.findByRole('region', { name: 'How tutors are verified' });
    expect(within(verification).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Recent Reviews from Students' })).toBeNull();
    expect(screen.queryByText('Real review 1')).toBeNull();
    expect(screen.queryByText(/62 to 91/)).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the reviews cannot be loaded, and shows no made-up ones', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithReviews(0, 500);
    const verification = await screen.findByRole('region', { name: 'How tutors are verified' });
    expect(within(verification).getByRole('status')).toHaveTextContent(
      LANDING_MESSAGES.reviewsFailed,
    );
    expect(screen.queryByRole('article')).toBeNull();
  });
});
