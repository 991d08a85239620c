import { AREAS } from '@gurumatch/shared/catalogues/areas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render.tsx';

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
