import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { contentRoutes } from '../routes.tsx';
import {
  jsonResponse,
  makeBlogListItem,
  makeBlogPost,
  pagedList,
  stubApi,
} from '../test-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function blogListCalls(calls: string[]) {
  return calls.filter((call) => call.startsWith('/api/blog/blogs/?'));
}

describe('/blogs', () => {
  it('shows cards with image, title, a 100-character excerpt, date and Read More', async () => {
    const withoutImage = makeBlogListItem({
      id: 2,
      featured_image: null,
      title: 'No picture here',
    });
    stubApi(() => jsonResponse(pagedList([makeBlogListItem({ id: 1 }), withoutImage], 2)));
    renderWithProviders(contentRoutes, { initialEntries: ['/blogs'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Post number 1' })).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/content/blog/post-1.svg');
    expect(
      within(first).getByText(
        'Board exams reward steady revision. Start with the chapters that carry the most marks, then practise...',
      ),
    ).toBeInTheDocument();
    expect(within(first).getByText('10 Aug 2025')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Read More about Post number 1' }),
    ).toHaveAttribute('href', '/blogs/post-1');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(document.title).toBe('Blogs | GuruMatch');
  });

  it("says 'No blog post found.' when nothing matches, and when the list cannot be fetched", async () => {
    stubApi(() => jsonResponse(pagedList([])));
    const { unmount } = renderWithProviders(contentRoutes, { initialEntries: ['/blogs'] });
    expect(await screen.findByText('No blog post found.')).toBeInTheDocument();
    unmount();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => jsonResponse({ detail: 'A server error occurred.' }, 500));
    renderWithProviders(contentRoutes, { initialEntries: ['/blogs'] });
    expect(await screen.findByText('No blog post found.')).toBeInTheDocument();
  });

  it('searches once after typing pauses, and goes back to the first page', async () => {
    const { calls } = stubApi((url) =>
      jsonResponse(
        pagedList(
          [makeBlogPost({ title: `Results for ${url.searchParams.get('search') ?? 'all'}` })],
          30,
        ),
      ),
    );
    const { user, router } = renderWithProviders(contentRoutes, {
      initialEntries: ['/blogs?page=2'],
    });
    await screen.findByRole('heading', { name: 'Results for all' });
    expect(blogListCalls(calls)).toEqual(['/api/blog/blogs/?page=2']);

    await user.type(screen.getByRole('searchbox', { name: 'Search blogs' }), 'board exams');

    await screen.findByRole('heading', { name: 'Results for board exams' });
    await sleep(400);
    expect(blogListCalls(calls)).toEqual([
      '/api/blog/blogs/?page=2',
      '/api/blog/blogs/?page=1&search=board+exams',
    ]);
    expect(router.state.location.search).toBe('?search=board+exams');
  });

  it('links every page of the result with the search kept', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { calls } = stubApi(() => jsonResponse(pagedList([makeBlogPost()], 95)));
    const { user } = renderWithProviders(contentRoutes, {
      initialEntries: ['/blogs?page=5&search=maths'],
    });

    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(blogListCalls(calls)).toEqual(['/api/blog/blogs/?page=5&search=maths']);
    expect(screen.getByRole('searchbox', { name: 'Search blogs' })).toHaveValue('maths');
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Previous', '/blogs?page=4&search=maths'],
      ['Page 1', '/blogs?page=1&search=maths'],
      ['Page 3', '/blogs?page=3&search=maths'],
      ['Page 4', '/blogs?page=4&search=maths'],
      ['Page 5', '/blogs?page=5&search=maths'],
      ['Page 6', '/blogs?page=6&search=maths'],
      ['Page 7', '/blogs?page=7&search=maths'],
      ['Page 10', '/blogs?page=10&search=maths'],
      ['Next', '/blogs?page=6&search=maths'],
    ]);

    await user.click(within(nav).getByRole('link', { name: 'Next' }));
    await waitFor(() => {
      expect(blogListCalls(calls)).toContain('/api/blog/blogs/?page=6&search=maths');
    });
    expect(await within(nav).findByRole('link', { current: 'page' })).toHaveTextContent('Page 6');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});

describe('/blogs/{slug}', () => {
  it('shows the image, title, author, date, the HTML content and the way back', async () => {
    const { calls } = stubApi(() =>
      jsonResponse(
        makeBlogPost({
          slug: 'revise-smart',
          title: 'Revise smart, not hard',
          content: '<h2>Plan the week</h2><p>Spend <strong>20 minutes</strong> a day.</p>',
        }),
      ),
    );
    renderWithProviders(contentRoutes, { initialEntries: ['/blogs/revise-smart'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revise smart, not hard' }),
    ).toBeInTheDocument();
    expect(calls).toEqual(['/api/blog/blogs/revise-smart/']);
    // the author's name, not the account name
    expect(screen.getByText('By Priya Sharma')).toBeInTheDocument();
    expect(screen.getByText('10 Aug 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Plan the week' })).toBeInTheDocument();
    expect(screen.getByText('20 minutes').tagName).toBe('STRONG');
    expect(screen.getAllByRole('link', { name: /Back to blogs/ })[0]).toHaveAttribute(
      'href',
      '/blogs',
    );
    expect(document.title).toBe('Revise smart, not hard | GuruMatch');
  });

  it("shows 'Blog post not found' for an unknown slug", async () => {
    stubApi(() => jsonResponse({ detail: 'Not found.' }, 404));
    renderWithProviders(contentRoutes, { initialEntries: ['/blogs/no-such-post'] });

    expect(await screen.findByRole('heading', { name: 'Blog post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to blogs' })).toHaveAttribute('href', '/blogs');
  });
});
