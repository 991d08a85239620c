import type {
  Article,
  BlogListItem,
  BlogPost,
  SiteDocument,
} from '@gurumatch/shared/schemas/content';
import { vi } from 'vitest';

/** A blog post as `GET /api/blog/blogs/...` answers it. */
export function makeBlogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `post-${String(id)}`,
    title: `Post number ${String(id)}`,
    content:
      '<p>Board exams reward <strong>steady revision</strong>. Start with the chapters that carry the most marks, then practise past papers every weekend until the exam.</p>',
    excerpt: 'Board exams reward steady revision.',
    featured_image: `/content/blog/post-${String(id)}.svg`,
    tags: ['exams'],
    created_at: '2025-08-10T06:30:00Z',
    updated_at: '2025-08-12T06:30:00Z',
    author: { username: 'priya.sharma', first_name: 'Priya', last_name: 'Sharma' },
    ...overrides,
  };
}

/** A blog post as the list answers it: `content` is the excerpt (plain text), not the body. */
export function makeBlogListItem(overrides: Partial<BlogListItem> = {}): BlogListItem {
  const excerpt =
    'Board exams reward steady revision. Start with the chapters that carry the most marks, then practise past papers every weekend until the exam.';
  return { ...makeBlogPost({ id: overrides.id ?? 1, excerpt, content: excerpt }), ...overrides };
}

/** An FAQ article as `GET /api/blog/articles/...` answers it. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `question-${String(id)}`,
    title: `Question number ${String(id)}?`,
    content: '<p>Open your dashboard and choose <em>Post an enquiry</em>.</p>',
    category: 'student',
    video_id: null,
    reading_time: 2,
    view_count: 10,
    created_at: '2025-08-10T06:30:00Z',
    updated_at: '2025-09-01T06:30:00Z',
    ...overrides,
  };
}

export function pagedList<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs `fetch` for one test: `answer` gets the path and query of each call and returns
 * the response; every call is kept in `calls` (path with query).
 */
export function stubApi(answer: (url: URL) => Response) {
  const calls: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    return Promise.resolve(answer(url));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** A policy as `GET /api/blog/documents/{slug}/` answers it. */
export function makePolicy(overrides: Partial<SiteDocument> = {}): SiteDocument {
  return {
    slug: 'cancellation-and-refund-policy',
    kind: 'policy',
    title: 'Cancellation and Refund Policy',
    description: 'Coin plan validity and refunds on GuruMatch.',
    content:
      '<p>We want every purchase to be fair.</p>' +
      '<h2>What this policy covers</h2><p>Coin plans &amp; refunds.</p>' +
      '<h2>Coin plans and validity</h2><table><thead><tr><th>Plan</th><th>Coins valid for</th></tr></thead>' +
      '<tbody><tr><td>3-month plan</td><td>90 days</td></tr></tbody></table>' +
      '<h2>Contact us</h2><p>Use our <a href="/contact-us">contact form</a>.</p>',
    updated_at: '2025-08-09T18:30:00.000Z',
    guide: null,
    ...overrides,
  };
}
