import { AREAS } from '@gurumatch/shared/catalogues/areas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../testing/render.tsx';
import type { RouteHandle } from '../route-handle.ts';

import { RootLayout } from './root-layout.tsx';
import { VisitorBlocks } from './visitor-blocks.tsx';

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('VisitorBlocks', () => {
  it('lists the five tuition category groups and invites visitors to register', () => {
    renderWithProviders(<VisitorBlocks />);
    const categories = section('Explore More Tuition Categories');

    for (const title of [
      'School Tuitions',
      'Junior School',
      'College Tuitions',
      'Subjects',
      'More Options',
    ]) {
      expect(within(categories).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(categories).getByRole('link', { name: 'Class 10 Tuition' })).toHaveAttribute(
      'href',
      '/student-register',
    );
    expect(within(categories).getByRole('link', { name: 'All Tuitions' })).toHaveAttribute(
      'href',
      '/blogs',
    );
    expect(
      within(categories).getByRole('link', { name: 'Register Now to Find Tutors' }),
    ).toHaveAttribute('href', '/student-register');
  });

  it('lists every Bangalore area under its zone, linking to the area page', () => {
    renderWithProviders(<VisitorBlocks />);
    const areas = section('Find Home Tutors Across Bangalore');

    for (const zone of ['Central', 'East', 'South', 'North', 'More Areas']) {
      expect(within(areas).getByRole('heading', { name: zone })).toBeInTheDocument();
    }
    expect(within(areas).getAllByRole('link', { name: /^Home Tutors in / })).toHaveLength(
      AREAS.length,
    );
    expect(within(areas).getByRole('link', { name: 'Home Tutors in Jayanagar' })).toHaveAttribute(
      'href',
      '/home-tutors-in/jayanagar-bangalore',
    );
    const east = within(areas).getByRole('heading', { name: 'East' }).parentElement;
    if (!east) throw new Error('East group not found');
    expect(
      within(east).getByRole('link', { name: 'Home Tutors in Whitefield' }),
    ).toBeInTheDocument();
    expect(within(areas).getByRole('link', { name: 'View All Areas' })).toHaveAttribute(
      'href',
      '/student-register',
    );
    expect(within(areas).getByRole('link', { name: 'Find Tutors in Your Area' })).toHaveAttribute(
      'href',
      '/student-register',
    );
  });

  it('ends with a banner leading to teacher signup, student signup and login', () => {
    renderWithProviders(<VisitorBlocks />);
    const banner = section('Ready to start learning?');

    expect(within(banner).getByRole('link', { name: 'Signup as Teacher' })).toHaveAttribute(
      'href',
      '/teacher-register',
    );
    expect(within(banner).getByRole('link', { name: 'Find a Tutor' })).toHaveAttribute(
      'href',
      '/student-register',
    );
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});

describe('VisitorBlocks on phones and on focused pages', () => {
  it('folds the category and area links under their headings, still in the page', () => {
    renderWithProviders(<VisitorBlocks />);
    for (const name of ['Explore More Tuition Categories', 'Find Home Tutors Across Bangalore']) {
      const heading = within(section(name)).getByRole('heading', { level: 2, name });
      const fold = heading.closest('details');
      // folded until opened (from the md breakpoint the stylesheet shows it open)
      expect(fold).not.toBeNull();
      expect(fold).not.toHaveAttribute('open');
      expect(heading.closest('summary')).not.toBeNull();
      expect(fold?.querySelectorAll('a').length).toBeGreaterThanOrEqual(5);
    }
    // the calls to action stay outside the folds
    expect(
      screen.getByRole('link', { name: 'Register Now to Find Tutors' }).closest('details'),
    ).toBeNull();
  });

  it('leaves sign-in, registration, recovery and error pages without them, and keeps them elsewhere', async () => {
    // the layout scrolls to the top on every page; jsdom has no scrolling
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const layout = (path: string) =>
      renderWithProviders(
        [
          {
            element: <RootLayout />,
            children: [
              { index: true, element: <h1>Landing</h1> },
              { path: 'blogs', element: <h1>Blogs</h1> },
              {
                handle: { isFocused: true } satisfies RouteHandle,
                children: [
                  { path: 'login', element: <h1>Login</h1> },
                  { path: 'forgot-password', element: <h1>Forgot</h1> },
                ],
              },
              {
                path: '*',
                element: <h1>Page Not Found</h1>,
                handle: { status: 404 } satisfies RouteHandle,
              },
            ],
          },
        ],
        { initialEntries: [path] },
      );
    for (const [path, heading, hasBlocks] of [
      ['/', 'Landing', true],
      ['/blogs', 'Blogs', true],
      ['/login', 'Login', false],
      ['/forgot-password', 'Forgot', false],
      ['/no-such-page', 'Page Not Found', false],
    ] as const) {
      const { unmount } = layout(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(
        screen.queryByRole('region', { name: 'Find Home Tutors Across Bangalore' }) !== null,
      ).toBe(hasBlocks);
      unmount();
    }
  });
});
