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

function pageText(): string {
  return (document.querySelector('article')?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('policy pages', () => {
  it('privacy policy: date, contents links, retention, breach notice, age, rights, grievance officer', async () => {
    await renderPage('/privacy-policy', 'Privacy Policy');
    const text = pageText();

    expect(text).toContain('10 Aug 2025');
    expect(text).toContain('up to 24 months');
    expect(text).toContain('within 72 hours');
    expect(text).toContain('18 or older');
    for (const right of [
      'Access:',
      'Correction and completion:',
      'Erasure:',
      'Grievance redressal:',
      'Nomination:',
    ]) {
      expect(text).toContain(right);
    }
    expect(text).toContain('Grievance Officer');
    expect(screen.getAllByRole('link', { name: 'grievance@gurumatch.in' })[0]).toHaveAttribute(
      'href',
      'mailto:grievance@gurumatch.in',
    );
    expect(text).toContain('Cookies');
    expect(text).toContain("Children's data");

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const firstLink = within(contents).getAllByRole('link')[0]!;
    const target = firstLink.getAttribute('href')!.slice(1);
    expect(document.getElementById(target)).toHaveTextContent(firstLink.textContent);
  });

  it('terms of use: coin validity, expiry, official channels, 24-hour notice, age, liability cap, disputes in Bengaluru', async () => {
    await renderPage('/terms-of-use', 'Terms of Use');
    const text = pageText();

    expect(text).toContain('10 Aug 2025');
    for (const days of ['90 days', '180 days', '365 days']) expect(text).toContain(days);
    expect(text).toContain(
      'Coins expire with the plan they came with, and expired coins cannot be reinstated.',
    );
    expect(text).toContain('only through GuruMatch’s official channels');
    expect(text).toContain('24 hours’ notice');
    expect(text).toContain('at least 18 years old');
    expect(text).toContain('the amount you paid to GuruMatch in the 12 months before');
    expect(text).toContain('mediation for 60 days');
    expect(text).toContain('arbitration');
    expect(text).toContain('Bengaluru, Karnataka');
  });

  it('refund policy: 7-day window, 2/10/7 business days, original method or Coins, transaction cap', async () => {
    await renderPage('/cancellation-and-refund-policy', 'Cancellation and Refund Policy');
    const text = pageText();

    expect(text).toContain('10 Aug 2025');
    expect(text).toContain('within 7 days');
    expect(text).toContain('within 2 business days');
    expect(text).toContain('within 10 business days');
    expect(text).toContain('within 7 business days');
    expect(text).toContain('to the original payment method, or as Coins');
    expect(text).toContain('at our discretion');
    expect(text).toContain('Coins expire with their plan and cannot be reinstated');
    expect(text).toContain('the amount of that coin transaction');
    expect(text).toContain('24 hours’ notice');
    expect(text).toContain('mediation for 60 days');
    const table = screen.getByRole('table');
    expect(within(table).getByText('90 days')).toBeInTheDocument();
    expect(within(table).getByText('180 days')).toBeInTheDocument();
    expect(within(table).getByText('365 days')).toBeInTheDocument();
  });
});

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
