import { PAGE_SIZE_MAX } from '@gurumatch/shared/constants';
import { ErrorBodySchema, type ErrorBody } from '@gurumatch/shared/errors';
import type { ArticleCategory } from '@gurumatch/shared/messages/content';
import {
  ArticleListSchema,
  ArticleSchema,
  BlogListSchema,
  BlogPostSchema,
  type BlogList,
} from '@gurumatch/shared/schemas/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { registerTeacher, rows } from '../../../test/factories.ts';

import {
  createArticle,
  createBlogPost,
  SANITIZER_VERSION,
  sanitizeStoredContent,
} from './service.ts';

const PUBLIC_URL = 'https://www.gurumatch.test';
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2025-01-01T06:00:00.000Z');
const dayAfterStart = (days: number): Date => new Date(START.getTime() + days * DAY_MS);

let t: TestApp;
let authorId: number;
let authorEmail: string;

/** Thirteen published posts (day 0 … day 12) plus one draft; day 12 is the newest. */
const POST_TITLES = [
  'Choosing a home tutor in Jayanagar',
  'CBSE or ICSE: what changes for your child',
  'Maths & Science: building a weekly routine',
  'How to prepare for board exams',
  'JEE and NEET timelines for Class 11',
  'Online or offline tuition?',
  'How tutors can win more students',
  'Reading habits for primary school',
  'Making revision stick',
  'Handling exam stress at home',
  'What a good first tuition class looks like',
  'Setting goals with your tutor',
  'Keeping parents in the loop',
];

const DIRTY =
  '<h2 onclick="steal()">Heading</h2><p>Safe text<script>alert(1)</script></p>' +
  '<img src="/content/x.svg" onerror="alert(2)" alt="x"><a href="javascript:alert(3)">link</a>' +
  '<iframe src="https://example.com"></iframe><a href="https://example.com" target="_blank">out</a>';

function expectClean(html: string): void {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|alert\(/i);
  expect(html).toContain('<h2>Heading</h2>');
  expect(html).toContain('<p>Safe text</p>');
  expect(html).toContain('<img src="/content/x.svg" alt="x" loading="lazy" />');
  expect(html).toContain(
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
  );
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

/** An error answer, checked against the one error shape. */
async function getError(url: string): Promise<{ status: number; body: ErrorBody }> {
  const { status, body } = await getJson(url);
  return { status, body: ErrorBodySchema.parse(body) };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL } });
  const author = await registerTeacher(t.app, { full_name: 'Meera Krishnan Iyer' });
  authorId = author.userId;
  authorEmail = author.email;
  for (const [index, title] of POST_TITLES.entries()) {
    await createBlogPost(t.ctx, {
      slug: `post-${String(index)}`,
      title,
      content:
        index === 5
          ? '<h2>Which suits you</h2><p>A <strong>tablet</strong> and a quiet corner are enough for virtual classes.</p>'
          : `<h2>${title}</h2><p>Practical advice for families in Bangalore.</p>`,
      excerpt: `Excerpt of ${title}`,
      featuredImage: `/content/blog/post-${String(index)}.svg`,
      tags: ['parents', `tag-${String(index)}`],
      authorId,
      createdAt: dayAfterStart(index),
    });
  }
  await createBlogPost(t.ctx, {
    slug: 'draft-post',
    title: 'Draft about CBSE',
    content: '<p>Not yet.</p>',
    authorId,
    isPublished: false,
    createdAt: dayAfterStart(30),
  });

  const categories: ArticleCategory[] = ['student', 'teacher'];
  for (let index = 0; index < 12; index += 1) {
    const category = categories[index % 2] ?? 'student';
    await createArticle(t.ctx, {
      slug: `faq-${String(index)}`,
      title:
        index === 4 ? 'How do coins work for tutors?' : `${category} question ${String(index)}`,
      content: `<p>${'word '.repeat(index === 4 ? 450 : 30)}</p>`,
      category,
      videoId: index === 4 ? 'dQw4w9WgXcQ' : null,
      createdAt: dayAfterStart(index),
    });
  }
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/blog/blogs/', () => {
  it('lists ten published posts, newest first, with the count and a link to page 2', async () => {
    const { status, body } = await getJson('/api/blog/blogs/');
    expect(status).toBe(200);
    const list = BlogListSchema.parse(body);
    expect(list.count).toBe(13);
    expect(list.results).toHaveLength(10);
    expect(list.results.map((post) => post.slug).slice(0, 3)).toEqual([
      'post-12',
      'post-11',
      'post-10',
    ]);
    expect(list.next).toBe(`${PUBLIC_URL}/api/blog/blogs/?page=2`);
    expect(list.previous).toBeNull();
  });

  it('answers the post shape with its author and excerpt, and the excerpt as content instead of the body', async () => {
    const { body } = await getJson('/api/blog/blogs/?search=jayanagar');
    const [post] = BlogListSchema.parse(body).results;
    expect(post).toMatchObject({
      slug: 'post-0',
      title: 'Choosing a home tutor in Jayanagar',
      excerpt: 'Excerpt of Choosing a home tutor in Jayanagar',
      featured_image: `${PUBLIC_URL}/content/blog/post-0.svg`,
      tags: ['parents', 'tag-0'],
      created_at: START.toISOString(),
      updated_at: START.toISOString(),
      author: {
        username: authorEmail.split('@')[0],
        first_name: 'Meera',
        last_name: 'Krishnan Iyer',
      },
    });
    // Another client renders `content.replace(...)` on each card: short plain text, not the body.
    expect(post?.content).toBe('Excerpt of Choosing a home tutor in Jayanagar');
  });

  it('answers page 2 with the rest and a link back to page 1', async () => {
    const { body } = await getJson('/api/blog/blogs/?page=2');
    const list = BlogListSchema.parse(body);
    expect(list.results.map((post) => post.slug)).toEqual(['post-2', 'post-1', 'post-0']);
    expect(list.next).toBeNull();
    expect(list.previous).toBe(`${PUBLIC_URL}/api/blog/blogs/`);
  });

  it('honours page_size=3 and keeps it in the links', async () => {
    const { body } = await getJson('/api/blog/blogs/?page=2&page_size=3');
    const list = BlogListSchema.parse(body);
    expect(list.results.map((post) => post.slug)).toEqual(['post-9', 'post-8', 'post-7']);
    expect(list.next).toBe(`${PUBLIC_URL}/api/blog/blogs/?page_size=3&page=3`);
    expect(list.previous).toBe(`${PUBLIC_URL}/api/blog/blogs/?page_size=3`);
  });

  it(`caps page_size at ${String(PAGE_SIZE_MAX)}`, async () => {
    const { status, body } = await getJson('/api/blog/blogs/?page_size=500&page=2');
    expect(status).toBe(200);
    const list = BlogListSchema.parse(body);
    expect(list.results).toEqual([]);
    expect(list.previous).toBe(`${PUBLIC_URL}/api/blog/blogs/?page_size=${String(PAGE_SIZE_MAX)}`);
  });

  it('answers a page past the end with no results, the right count and a link to the last page', async () => {
    const { status, body } = await getJson('/api/blog/blogs/?page=7');
    expect(status).toBe(200);
    const list = BlogListSchema.parse(body);
    expect(list).toMatchObject({ count: 13, results: [], next: null });
    expect(list.previous).toBe(`${PUBLIC_URL}/api/blog/blogs/?page=2`);
  });

  it.each(['0', '-1', 'two', '1.5'])('refuses page=%s with 400', async (page) => {
    const { status, body } = await getError(`/api/blog/blogs/?page=${page}`);
    expect(status).toBe(400);
    expect(body.errors?.page).toEqual(['Invalid page.']);
  });

  it('refuses page_size=0 with 400', async () => {
    const { status, body } = await getError('/api/blog/blogs/?page_size=0');
    expect(status).toBe(400);
    expect(body.errors?.page_size).toEqual(['Invalid page size.']);
  });

  it('searches titles case-insensitively', async () => {
    const { body } = await getJson('/api/blog/blogs/?search=cbse');
    const list = BlogListSchema.parse(body);
    expect(list.count).toBe(1);
    expect(list.results[0]?.slug).toBe('post-1');
  });

  it('searches the text of the body, not its markup', async () => {
    const byText = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=TABLET')).body);
    expect(byText.results.map((post) => post.slug)).toEqual(['post-5']);
    const byTag = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=strong')).body);
    expect(byTag.count).toBe(0);
  });

  it('matches every word of the search, in any order', async () => {
    const list = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=tutor%20home')).body);
    expect(list.results.map((post) => post.slug)).toEqual(['post-0']);
  });

  it('finds a post by two of its words given in reverse order', async () => {
    const list = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=jayanagar%20choosing')).body,
    );
    expect(list.results.map((post) => post.slug)).toEqual(['post-0']);
  });

  it('matches a word by its start', async () => {
    const list = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=tuto')).body);
    expect(list.results.map((post) => post.slug)).toEqual(['post-11', 'post-6', 'post-0']);
  });

  it('matches only the word still being typed by its start', async () => {
    const slugsOf = async (search: string) =>
      BlogListSchema.parse((await getJson(`/api/blog/blogs/?search=${search}`)).body).results.map(
        (post) => post.slug,
      );
    expect(await slugsOf('home%20tuto')).toEqual(['post-0']);
    // a word followed by another, or by a space, is whole
    expect(await slugsOf('tuto%20home')).toEqual([]);
    expect(await slugsOf('tuto%20')).toEqual([]);
  });

  it('answers an empty list for a word no post has', async () => {
    const list = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=cbse%20zeppelin')).body,
    );
    expect(list).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('walks every page through the next links and meets each post once, in order', async () => {
    const seen: string[] = [];
    let url: string | null = '/api/blog/blogs/?page_size=4';
    while (url !== null) {
      const list: BlogList = BlogListSchema.parse((await getJson(url)).body);
      seen.push(...list.results.map((post) => post.slug));
      url = list.next === null ? null : list.next.slice(PUBLIC_URL.length);
    }
    expect(seen).toEqual(POST_TITLES.map((_title, index) => `post-${String(12 - index)}`));
  });

  it('answers a deep page asked for directly, then the pages before it', async () => {
    const third = BlogListSchema.parse((await getJson('/api/blog/blogs/?page=3&page_size=4')).body);
    expect(third.results.map((post) => post.slug)).toEqual([
      'post-4',
      'post-3',
      'post-2',
      'post-1',
    ]);
    const second = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?page=2&page_size=4')).body,
    );
    expect(second.results.map((post) => post.slug)).toEqual([
      'post-8',
      'post-7',
      'post-6',
      'post-5',
    ]);
    const fourth = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?page=4&page_size=4')).body,
    );
    expect(fourth.results.map((post) => post.slug)).toEqual(['post-0']);
  });

  it('keeps an unencoded & inside the search and still reads the page after it', async () => {
    const raw = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=maths%20&%20science&page=1')).body,
    );
    expect(raw.results.map((post) => post.slug)).toEqual(['post-2']);
    const withSpaces = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=maths & science&page=1')).body,
    );
    expect(withSpaces.results.map((post) => post.slug)).toEqual(['post-2']);
    const encoded = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=maths%20%26%20science')).body,
    );
    expect(encoded.results.map((post) => post.slug)).toEqual(['post-2']);
  });

  it('ignores an unrelated parameter after the search', async () => {
    const list = BlogListSchema.parse(
      (await getJson('/api/blog/blogs/?search=cbse&utm_source=newsletter')).body,
    );
    expect(list.results.map((post) => post.slug)).toEqual(['post-1']);
  });

  it('matches % and _ literally', async () => {
    const list = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=%25')).body);
    expect(list.count).toBe(0);
  });

  it('refuses a search longer than 200 characters', async () => {
    const { status } = await getJson(`/api/blog/blogs/?search=${'a'.repeat(201)}`);
    expect(status).toBe(400);
  });

  it('never lists an unpublished post', async () => {
    const list = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=draft')).body);
    expect(list.count).toBe(0);
  });
});

describe('GET /api/blog/blogs/{slug}/', () => {
  it('answers a post by its slug', async () => {
    const { status, body } = await getJson('/api/blog/blogs/post-3/');
    expect(status).toBe(200);
    expect(BlogPostSchema.parse(body).title).toBe('How to prepare for board exams');
  });

  it('answers without the trailing slash too', async () => {
    const { status } = await getJson('/api/blog/blogs/post-3');
    expect(status).toBe(200);
  });

  it.each(['no-such-post', 'draft-post'])('answers 404 "Not found." for %s', async (slug) => {
    const { status, body } = await getError(`/api/blog/blogs/${slug}/`);
    expect(status).toBe(404);
    expect(body.detail).toBe('Not found.');
  });
});

describe('sanitizing blog HTML', () => {
  it('cleans the body before it is stored', async () => {
    await createBlogPost(t.ctx, {
      slug: 'dirty-on-store',
      title: 'Dirty <b>title</b>',
      content: DIRTY,
      authorId,
      isPublished: false,
    });
    const [stored] = await rows<{ title: string; content: string }>(
      t.db,
      `SELECT title, content FROM blog_posts WHERE slug = 'dirty-on-store'`,
    );
    expect(stored?.title).toBe('Dirty title');
    expectClean(stored?.content ?? '');
  });
});

describe('GET /api/blog/articles/', () => {
  it('lists articles newest first, ten a page', async () => {
    const list = ArticleListSchema.parse((await getJson('/api/blog/articles/')).body);
    expect(list.count).toBe(12);
    expect(list.results).toHaveLength(10);
    expect(list.results[0]?.slug).toBe('faq-11');
    expect(list.next).toBe(`${PUBLIC_URL}/api/blog/articles/?page=2`);
  });

  it.each([
    ['student', ['faq-10', 'faq-8', 'faq-6', 'faq-4', 'faq-2', 'faq-0']],
    ['teacher', ['faq-11', 'faq-9', 'faq-7', 'faq-5', 'faq-3', 'faq-1']],
  ])('filters category=%s', async (category, slugs) => {
    const list = ArticleListSchema.parse(
      (await getJson(`/api/blog/articles/?category=${category}`)).body,
    );
    expect(list.results.map((article) => article.slug)).toEqual(slugs);
    expect(list.results.every((article) => article.category === category)).toBe(true);
  });

  it('treats an empty category as all categories', async () => {
    const list = ArticleListSchema.parse((await getJson('/api/blog/articles/?category=')).body);
    expect(list.count).toBe(12);
  });

  it('refuses an unknown category with 400', async () => {
    const { status, body } = await getError('/api/blog/articles/?category=tutor');
    expect(status).toBe(400);
    expect(body.errors?.category).toHaveLength(1);
  });

  it('searches titles with the category and honours page_size=3 (related FAQs)', async () => {
    const list = ArticleListSchema.parse(
      (await getJson('/api/blog/articles/?search=STUDENT question&category=student&page_size=3'))
        .body,
    );
    expect(list.count).toBe(5);
    expect(list.results.map((article) => article.slug)).toEqual(['faq-10', 'faq-8', 'faq-6']);
    expect(list.next).toBe(
      `${PUBLIC_URL}/api/blog/articles/?page_size=3&search=STUDENT+question&category=student&page=2`,
    );
  });
});

describe('GET /api/blog/articles/{slug}/', () => {
  it('answers the article with its video and reading time, counting each view', async () => {
    const first = ArticleSchema.parse((await getJson('/api/blog/articles/faq-4/')).body);
    expect(first).toMatchObject({
      slug: 'faq-4',
      title: 'How do coins work for tutors?',
      category: 'student',
      video_id: 'dQw4w9WgXcQ',
      reading_time: 2,
      view_count: 1,
    });
    const second = ArticleSchema.parse((await getJson('/api/blog/articles/faq-4/')).body);
    expect(second.view_count).toBe(2);
    const [stored] = await rows<{ view_count: number }>(
      t.db,
      `SELECT view_count FROM articles WHERE slug = 'faq-4'`,
    );
    expect(stored?.view_count).toBe(2);
  });

  it('answers 404 "Not found." for an unknown slug', async () => {
    const { status, body } = await getError('/api/blog/articles/nothing-here/');
    expect(status).toBe(404);
    expect(body.detail).toBe('Not found.');
  });
});

describe('writing content', () => {
  it('keeps the first post of a slug (writing is idempotent by slug)', async () => {
    const again = await createBlogPost(t.ctx, {
      slug: 'post-0',
      title: 'Replaced?',
      content: '<p>x</p>',
      authorId,
    });
    expect(again).toBeNull();
    const [stored] = await rows<{ title: string }>(
      t.db,
      `SELECT title FROM blog_posts WHERE slug = 'post-0'`,
    );
    expect(stored?.title).toBe('Choosing a home tutor in Jayanagar');
  });

  it('counts and lists a new post at once', async () => {
    const before = BlogListSchema.parse((await getJson('/api/blog/blogs/')).body);
    await createBlogPost(t.ctx, {
      slug: 'fresh-post',
      title: 'Fresh news for Whitefield parents',
      content: '<p>Hello</p>',
      authorId,
      createdAt: dayAfterStart(100),
    });
    const after = BlogListSchema.parse((await getJson('/api/blog/blogs/')).body);
    expect(after.count).toBe(before.count + 1);
    expect(after.results[0]?.slug).toBe('fresh-post');
    const found = BlogListSchema.parse((await getJson('/api/blog/blogs/?search=whitefield')).body);
    expect(found.results.map((post) => post.slug)).toEqual(['fresh-post']);
  });

  it('lists FAQs with a plain-text excerpt, carried as content too, and without their bodies', async () => {
    const list = ArticleListSchema.parse((await getJson('/api/blog/articles/?page_size=1')).body);
    const [article] = list.results;
    expect(article?.excerpt).toMatch(/^word word/);
    expect(article?.content).toBe(article?.excerpt);
    expect(article?.content).not.toContain('<');
    const full = ArticleSchema.parse(
      (await getJson(`/api/blog/articles/${article?.slug ?? ''}/`)).body,
    );
    expect(full.content.startsWith('<p>')).toBe(true);
    expect(article?.content.length).toBeLessThan(full.content.length);
  });

  it('refuses a video id that is not a YouTube id', async () => {
    await expect(
      createArticle(t.ctx, {
        slug: 'bad-video',
        title: 'Bad',
        content: '<p>x</p>',
        category: 'student',
        videoId: 'javascript:alert(1)',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('public answers kept for everyone', () => {
  it('sends a stored answer until content changes, and never to a signed-in request', async () => {
    await createBlogPost(t.ctx, {
      slug: 'marathahalli',
      title: 'Marathahalli tutors',
      content: '<p>Hello</p>',
      authorId,
      createdAt: dayAfterStart(200),
    });
    const url = '/api/blog/blogs/marathahalli/';
    const titleOf = (body: unknown) => BlogPostSchema.parse(body).title;
    expect(titleOf((await getJson(url)).body)).toBe('Marathahalli tutors');
    // a change no service announced (another tool writing to the database)
    await t.db.query(`UPDATE blog_posts SET title = 'Renamed' WHERE slug = 'marathahalli'`);
    expect(titleOf((await getJson(url)).body)).toBe('Marathahalli tutors');
    const signedIn = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: 'Bearer not-checked-on-public-routes' },
    });
    expect(titleOf(signedIn.json())).toBe('Renamed');
    t.clock.advance(10_000);
    expect(titleOf((await getJson(url)).body)).toBe('Renamed');
    // a post written through the service drops every stored answer at once
    await t.db.query(`UPDATE blog_posts SET title = 'Renamed again' WHERE slug = 'marathahalli'`);
    await createBlogPost(t.ctx, {
      slug: 'marathahalli-2',
      title: 'More Marathahalli tutors',
      content: '<p>Hello</p>',
      authorId,
      createdAt: dayAfterStart(201),
    });
    expect(titleOf((await getJson(url)).body)).toBe('Renamed again');
  });
});

describe('cleaning rows stored before the sanitiser', () => {
  it('cleans rows stored by an older path once, at start, and never again', async () => {
    await t.db.query(
      `INSERT INTO blog_posts (slug, title, content, author_id, created_at, updated_at)
       VALUES ('dirty-in-table', 'Dirty row', $1, $2, $3, $3)`,
      [DIRTY, authorId, dayAfterStart(-10)],
    );
    await t.db.query(
      `INSERT INTO articles (slug, title, content, category)
       VALUES ('dirty-faq', 'Dirty FAQ', '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>', 'teacher')`,
    );
    expect(await sanitizeStoredContent(t.ctx)).toBe(2);
    const [post] = await rows<{ content: string; content_text: string; sanitized_version: number }>(
      t.db,
      `SELECT content, content_text, sanitized_version FROM blog_posts WHERE slug = 'dirty-in-table'`,
    );
    expectClean(post?.content ?? '');
    expect(post?.content_text).toContain('Safe text');
    expect(post?.sanitized_version).toBe(SANITIZER_VERSION);
    const { body } = await getJson('/api/blog/blogs/dirty-in-table/');
    expectClean(BlogPostSchema.parse(body).content);
    const article = ArticleSchema.parse((await getJson('/api/blog/articles/dirty-faq/')).body);
    expect(article.content).toBe('<p>ok</p><img src="x" loading="lazy" />');
    const [faq] = await rows<{ excerpt: string }>(
      t.db,
      `SELECT excerpt FROM articles WHERE slug = 'dirty-faq'`,
    );
    expect(faq?.excerpt).toBe('ok');
    expect(await sanitizeStoredContent(t.ctx)).toBe(0);
  });
});
