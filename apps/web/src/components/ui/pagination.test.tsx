import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createMemoryRouter, RouterProvider } from '../../lib/router/index.ts';

import { buildPageHref, countPages, listPaginationItems, Pagination } from './pagination.tsx';

function renderPagination(page: number, pageCount: number, params?: URLSearchParams) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Pagination page={page} pageCount={pageCount} basePath="/blogs" params={params} />,
      },
    ],
    { initialEntries: ['/blogs'] },
  );
  return render(<RouterProvider router={router} />);
}

function pageLinks() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({ text: link.textContent, href: link.getAttribute('href') }));
}

describe('Pagination', () => {
  it('shows current±2 with the first and last pages and ellipses on both sides', () => {
    renderPagination(10, 20);

    expect(pageLinks()).toEqual([
      { text: 'Previous', href: '/blogs?page=9' },
      { text: 'Page 1', href: '/blogs?page=1' },
      { text: 'Page 8', href: '/blogs?page=8' },
      { text: 'Page 9', href: '/blogs?page=9' },
      { text: 'Page 10', href: '/blogs?page=10' },
      { text: 'Page 11', href: '/blogs?page=11' },
      { text: 'Page 12', href: '/blogs?page=12' },
      { text: 'Page 20', href: '/blogs?page=20' },
      { text: 'Next', href: '/blogs?page=11' },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Page 10');
  });

  it('on the first page has no Previous link and no leading ellipsis', () => {
    renderPagination(1, 8);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(pageLinks().map((link) => link.text)).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 8',
      'Next',
    ]);
    expect(within(nav).getAllByText('…')).toHaveLength(1);
  });

  it('on the last page has no Next link', () => {
    renderPagination(5, 5);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(pageLinks().map((link) => link.text)).toEqual([
      'Previous',
      'Page 1',
      'Page 3',
      'Page 4',
      'Page 5',
    ]);
    expect(within(nav).getAllByText('…')).toHaveLength(1);
  });

  it('keeps the search in every link and replaces the page', () => {
    renderPagination(2, 3, new URLSearchParams('search=maths tips&page=2'));

    expect(pageLinks()).toContainEqual({
      text: 'Page 3',
      href: '/blogs?page=3&search=maths+tips',
    });
  });

  it('renders nothing for a single page', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('pagination helpers', () => {
  it('counts pages of ten, at least one', () => {
    expect(countPages(0)).toBe(1);
    expect(countPages(10)).toBe(1);
    expect(countPages(11)).toBe(2);
  });

  it('shows no ellipsis where the window reaches the first or last page', () => {
    expect(listPaginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 10]);
    expect(listPaginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('builds links with page first', () => {
    expect(buildPageHref('/faqs', 4, new URLSearchParams('category=student'))).toBe(
      '/faqs?page=4&category=student',
    );
  });
});
