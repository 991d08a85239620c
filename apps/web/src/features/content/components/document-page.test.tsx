import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RouteObject } from '../../../lib/router/index.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { contentRoutes } from '../routes.tsx';
import { jsonResponse, makePolicy, stubApi } from '../test-fixtures.ts';

import { splitDocument } from './policy-document.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The policy routes, and a contact page to follow a link to. */
const routes: RouteObject[] = [
  ...contentRoutes,
  { path: 'contact-us', element: <h1>Contact us page</h1> },
];

describe('policy pages (stored documents)', () => {
  it('shows the title, last-updated date, contents with anchors and numbered sections', async () => {
    const { calls } = stubApi(() => jsonResponse(makePolicy()));
    renderWithProviders(routes, { initialEntries: ['/cancellation-and-refund-policy'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancellation and Refund Policy' }),
    ).toBeInTheDocument();
    expect(calls).toContain('/api/blog/documents/cancellation-and-refund-policy/');
    const date = screen.getByText('10 Aug 2025');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2025-08-10');
    expect(screen.getByText('We want every purchase to be fair.')).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'What this policy covers',
      'Coin plans and validity',
      'Contact us',
    ]);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('H2');
      expect(target).toHaveTextContent(link.textContent);
    }
    expect(
      screen.getByRole('heading', { level: 2, name: '1. What this policy covers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Coin plans & refunds.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('90 days')).toBeInTheDocument();
    expect(document.title).toBe('Cancellation and Refund Policy | GuruMatch');
  });

  it("follows a link to one of the site's pages without reloading", async () => {
    stubApi(() => jsonResponse(makePolicy()));
    renderWithProviders(routes, { initialEntries: ['/cancellation-and-refund-policy'] });
    await userEvent.click(await screen.findByRole('link', { name: 'contact form' }));
    expect(await screen.findByRole('heading', { name: 'Contact us page' })).toBeInTheDocument();
  });

  it('says the page is not available when the document cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => jsonResponse({ detail: 'Not found.', code: 'not_found' }, 404));
    renderWithProviders(routes, { initialEntries: ['/privacy-policy'] });
    expect(await screen.findByRole('heading', { name: 'Page not available' })).toBeInTheDocument();
  });
});

describe('splitDocument', () => {
  it('cuts at the main headings, decodes their text and keeps anchors unique', () => {
    const { intro, sections } = splitDocument(
      '<p>Intro</p><h2>Fees &amp; <strong>coins</strong></h2><p>A</p><h2>Fees &amp; coins</h2><p>B</p>',
    );
    expect(intro).toBe('<p>Intro</p>');
    expect(sections).toEqual([
      { id: 'fees-coins', title: 'Fees & coins', html: '<p>A</p>' },
      { id: 'fees-coins-2', title: 'Fees & coins', html: '<p>B</p>' },
    ]);
  });
});
