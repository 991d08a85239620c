import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LoaderFunctionArgs } from '../../../lib/router/index.ts';
import {
  jsonResponse,
  makeArticle,
  makeBlogListItem,
  pagedList,
  stubApi,
} from '../test-fixtures.ts';

import { blogListLoader } from './blog-list-page.tsx';
import { faqListLoader } from './faq-list-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function loaderArgs(href: string): LoaderFunctionArgs {
  return { request: new Request(href), params: {} };
}

/** The loader's data is embedded in the server-rendered page: it holds what the cards show. */
describe('list loaders keep only what the cards show', () => {
  it('/blogs: id, slug, title, a 100-character excerpt, image and date', async () => {
    const long = `${'Revise the chapters with the most marks first. '.repeat(6)}End.`;
    stubApi(() => jsonResponse(pagedList([makeBlogListItem({ id: 7, excerpt: long })], 31)));
    const data = await blogListLoader(loaderArgs('http://localhost/blogs?page=2'));
    expect(data.list.count).toBe(31);
    const [card] = data.list.results;
    expect(Object.keys(card ?? {}).sort()).toEqual(
      ['created_at', 'excerpt', 'featured_image', 'id', 'slug', 'title'].sort(),
    );
    expect(card?.excerpt.length).toBeLessThanOrEqual(103);
    expect(card?.excerpt).toMatch(/^Revise the chapters.*\.\.\.$/);
  });

  it('/faqs: id, slug, title, date and category', async () => {
    stubApi(() => jsonResponse(pagedList([makeArticle({ id: 3 })])));
    const data = await faqListLoader(loaderArgs('http://localhost/faqs'));
    expect(data.list.results).toEqual([
      {
        id: 3,
        slug: 'question-3',
        title: 'Question number 3?',
        created_at: '2025-08-10T06:30:00Z',
        category: 'student',
      },
    ]);
  });
});
