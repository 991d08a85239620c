import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render.tsx';
import { contentRoutes } from '../routes.tsx';
import { jsonResponse, makeArticle, pagedList, stubApi } from '../test-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function articleListCalls(calls: string[]) {
  return calls.filter((call) => call.startsWith('/api/blog/articles/?'));
}

describe('/faqs', () => {
  it('lists FAQ cards with title, date and category, each opening its article', async () => {
    stubApi(() =>
      jsonResponse(
        pagedList([
          makeArticle({ id: 1, title: 'How do I post an enquiry?' }),
          makeArticle({ id: 2, title: 'How do coins work?', category: 'teacher' }),
        ]),
      ),
    );
    renderWithProviders(contentRoutes, { initialEntries: ['/faqs'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    const cards = screen.getAllByRole('link', { name: /\?/ });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/faqs/question-1');
    expect(within(cards[0]!).getByText('10 Aug 2025')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Student')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Tutor')).toBeInTheDocument();
  });

  it("says 'No faqs found.' for an empty result", async () => {
    stubApi(() => jsonResponse(pagedList([])));
    renderWithProviders(contentRoutes, { initialEntries: ['/faqs?search=zebra'] });

    expect(await screen.findByText('No faqs found.')).toBeInTheDocument();
  });

  it('lets visitors filter by category, back on the first page', async () => {
    const { calls } = stubApi(() => jsonResponse(pagedList([makeArticle()], 40)));
    const { user, router } = renderWithProviders(contentRoutes, {
      initialEntries: ['/faqs?page=3&search=coins'],
    });

    const select = await screen.findByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Categories', 'Student', 'Tutor']);

    await user.selectOptions(select, 'Tutor');

    await waitFor(() => {
      expect(articleListCalls(calls)).toEqual([
        '/api/blog/articles/?page=3&search=coins',
        '/api/blog/articles/?page=1&search=coins&category=teacher',
      ]);
    });
    expect(router.state.location.search).toBe('?search=coins&category=teacher');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'href',
      '/faqs?page=2&search=coins&category=teacher',
    );
  });

  it('hides the category filter from signed-in users', async () => {
    stubApi(() => jsonResponse(pagedList([makeArticle()])));
    renderWithProviders(contentRoutes, {
      initialEntries: ['/faqs'],
      session: { role: 'student' },
    });

    expect(await screen.findByRole('heading', { name: 'FAQs' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search FAQs by title' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
  });
});

describe('/faqs/{slug}', () => {
  it('shows the article with category, dates, content and the related video', async () => {
    const { calls } = stubApi(() =>
      jsonResponse(
        makeArticle({
          slug: 'how-coins-work',
          title: 'How do coins work?',
          category: 'teacher',
          content: '<p>Coins unlock a student’s contact details.</p>',
          video_id: 'dQw4w9WgXcQ',
        }),
      ),
    );
    renderWithProviders(contentRoutes, { initialEntries: ['/faqs/how-coins-work'] });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'How do coins work?' }),
    ).toBeInTheDocument();
    expect(calls).toEqual(['/api/blog/articles/how-coins-work/']);
    expect(screen.getByText('Tutor')).toBeInTheDocument();
    expect(screen.getByText(/^Posted on/)).toHaveTextContent('Posted on 10 Aug 2025');
    // The 'last updated' line shows the created date.
    expect(screen.getByText(/^Last updated/)).toHaveTextContent('Last updated: 10 Aug 2025');
    expect(screen.getByText('Coins unlock a student’s contact details.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Related Video' })).toBeInTheDocument();
    const video = screen.getByTitle('Video: How do coins work?');
    expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(video).toHaveAttribute('loading', 'lazy');
    expect(screen.getAllByRole('link', { name: /Back to FAQs/ })[0]).toHaveAttribute(
      'href',
      '/faqs',
    );
  });

  it('has no video section without a video id', async () => {
    stubApi(() => jsonResponse(makeArticle({ slug: 'plain', title: 'Plain answer' })));
    renderWithProviders(contentRoutes, { initialEntries: ['/faqs/plain'] });

    expect(await screen.findByRole('heading', { name: 'Plain answer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Related Video' })).not.toBeInTheDocument();
  });

  it("shows 'Article not found' for an unknown slug", async () => {
    stubApi(() => jsonResponse({ detail: 'Not found.' }, 404));
    renderWithProviders(contentRoutes, { initialEntries: ['/faqs/missing-article'] });

    expect(await screen.findByRole('heading', { name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to FAQs' })).toHaveAttribute('href', '/faqs');
  });
});
