import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { pageRoutes } from '../routes.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderPage(path: string, heading: string) {
  const result = renderWithProviders(pageRoutes, { initialEntries: [path] });
  const h1 = await screen.findByRole('heading', { level: 1, name: heading });
  return { ...result, h1 };
}

describe('/about', () => {
  it('explains GuruMatch and links to both registrations', async () => {
    await renderPage('/about', 'About GuruMatch');

    for (const heading of [
      'AI-powered matching',
      'Verified educators',
      'Budget-friendly pricing',
      'Premium priority access',
      'Our mission',
    ]) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    const steps = screen.getByRole('region', { name: 'Teach with GuruMatch in three steps' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Find a Tutor' })[0]).toHaveAttribute(
      'href',
      '/student-register',
    );
    expect(screen.getAllByRole('link', { name: 'Become a Tutor' })[0]).toHaveAttribute(
      'href',
      '/teacher-register',
    );
  });
});

describe('/test', () => {
  it('says the site is up and shows the API health', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ status: 'ok' }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    await renderPage('/test', 'GuruMatch is up');
    expect(screen.getByText('ok')).toBeInTheDocument();
  });

  it('says when the API does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderPage('/test', 'GuruMatch is up');
    expect(screen.getByText('not answering')).toBeInTheDocument();
  });
});
