import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../testing/render.tsx';

import { Footer } from './footer.tsx';

const footer = () => screen.getByRole('contentinfo');

describe('Footer', () => {
  it('lists the company, support and legal pages', () => {
    renderWithProviders(<Footer />);

    for (const title of ['Company', 'Support', 'Legal']) {
      expect(within(footer()).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const expected: [string, string][] = [
      ['About Us', '/about'],
      ['Blogs', '/blogs'],
      ['Contact Us', '/contact-us'],
      ['FAQs', '/faqs'],
      ['Terms of Use', '/terms-of-use'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cancellation and Refund Policy', '/cancellation-and-refund-policy'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer()).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('offers visitors the forgot-password page', () => {
    renderWithProviders(<Footer />);

    expect(within(footer()).getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('hides the forgot-password link from signed-in users', () => {
    renderWithProviders(<Footer />, { session: { role: 'student' } });

    expect(within(footer()).getByRole('link', { name: 'FAQs' })).toBeInTheDocument();
    expect(
      within(footer()).queryByRole('link', { name: 'Forgot Password' }),
    ).not.toBeInTheDocument();
  });

  it('links to the five social pages in a new tab', () => {
    renderWithProviders(<Footer />);

    for (const network of ['Facebook', 'Instagram', 'X', 'LinkedIn', 'YouTube']) {
      const link = within(footer()).getByRole('link', { name: `GuruMatch on ${network}` });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(footer()).getByRole('link', { name: 'GuruMatch on Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/gurumatch.in',
    );
  });

  it('shows the copyright line with the current year', () => {
    renderWithProviders(<Footer />);

    expect(
      within(footer()).getByText(
        `© ${String(new Date().getFullYear())} GuruMatch. All rights reserved.`,
      ),
    ).toBeInTheDocument();
  });
});
