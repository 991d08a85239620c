import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ArticleListSchema, BlogListSchema } from '@gurumatch/shared/schemas/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countRows, rows, signIn } from '../../../test/factories.ts';
import { convertHtmlToText } from '../../modules/content/sanitize.ts';

import { SEED_BLOG_POSTS } from './blog-posts.ts';
import { SEED_ARTICLES } from './faq-articles.ts';
import {
  CONTENT_SEED_HASH,
  EDITOR_ACCOUNT,
  seedContent,
  seedContentIfChanged,
} from './seed-content.ts';

const WEB_PUBLIC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/public',
);

const countWords = (html: string): number => convertHtmlToText(html).split(' ').length;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('seedContentIfChanged', () => {
  it('seeds a database once, then does nothing until the seed changes', async () => {
    const other = await buildTestApp();
    try {
      expect(await seedContentIfChanged(other.db)).toEqual({
        blogPosts: SEED_BLOG_POSTS.length,
        articles: SEED_ARTICLES.length,
      });
      const [state] = await rows<{ content_hash: string }>(
        other.db,
        `SELECT content_hash FROM seed_state WHERE name = 'content'`,
      );
      expect(state?.content_hash).toBe(CONTENT_SEED_HASH);
      await other.db.query(`DELETE FROM articles WHERE slug = $1`, [SEED_ARTICLES[0]?.slug]);
      expect(await seedContentIfChanged(other.db)).toBeNull();
      expect(await countRows(other.db, 'articles')).toBe(SEED_ARTICLES.length - 1);

      await other.db.query(`UPDATE seed_state SET content_hash = 'older seed'`);
      expect(await seedContentIfChanged(other.db)).toEqual({ blogPosts: 0, articles: 1 });
      expect(await countRows(other.db, 'articles')).toBe(SEED_ARTICLES.length);
    } finally {
      await other.close();
    }
  });
});

describe('seedContent', () => {
  it('adds every post and article once, however often it runs', async () => {
    expect(await seedContent(t.db)).toEqual({
      blogPosts: SEED_BLOG_POSTS.length,
      articles: SEED_ARTICLES.length,
    });
    expect(await seedContent(t.db)).toEqual({ blogPosts: 0, articles: 0 });
    expect(await countRows(t.db, 'blog_posts')).toBe(SEED_BLOG_POSTS.length);
    expect(await countRows(t.db, 'articles')).toBe(SEED_ARTICLES.length);
    expect(await countRows(t.db, 'users', 'email = $1', [EDITOR_ACCOUNT.email])).toBe(1);
  });

  it('serves the seeded posts newest first, by the editor, with their images', async () => {
    const list = BlogListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/blog/blogs/' })).json(),
    );
    expect(list.count).toBe(SEED_BLOG_POSTS.length);
    const newest = [...SEED_BLOG_POSTS].sort((a, b) => b.publishedOn.localeCompare(a.publishedOn));
    expect(list.results.map((post) => post.slug)).toEqual(newest.map((post) => post.slug));
    for (const post of list.results) {
      expect(post.author).toEqual({
        username: 'editor',
        first_name: 'GuruMatch',
        last_name: 'Editorial',
      });
      expect(post.featured_image).toBe(`${t.ctx.config.publicUrl}/content/blog/${post.slug}.svg`);
    }
  });

  it('serves six or more FAQs for each category', async () => {
    for (const category of ['student', 'teacher']) {
      const list = ArticleListSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/blog/articles/?category=${category}` })
        ).json(),
      );
      expect(list.count).toBeGreaterThanOrEqual(6);
    }
  });

  it('leaves the editor unable to sign in', async () => {
    const response = await signIn(t.app, EDITOR_ACCOUNT.email, 'locked!');
    expect(response.statusCode).toBe(401);
    const [editor] = await rows<{ role: string; is_active: boolean }>(
      t.db,
      'SELECT role, is_active FROM users WHERE email = $1',
      [EDITOR_ACCOUNT.email],
    );
    expect(editor).toEqual({ role: 'teacher', is_active: false });
  });
});

describe('the seeded writing', () => {
  it('has at least six blog posts and twelve FAQs, six for students and six for tutors', () => {
    expect(SEED_BLOG_POSTS.length).toBeGreaterThanOrEqual(6);
    expect(
      SEED_ARTICLES.filter((article) => article.category === 'student').length,
    ).toBeGreaterThanOrEqual(6);
    expect(
      SEED_ARTICLES.filter((article) => article.category === 'teacher').length,
    ).toBeGreaterThanOrEqual(6);
    expect(
      SEED_ARTICLES.filter((article) => article.videoId !== null).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it.each(SEED_BLOG_POSTS.map((post) => [post.slug, post] as const))(
    '%s: 400 to 900 words with headings and a list, an excerpt, tags and its illustration',
    (slug, post) => {
      const words = countWords(post.content);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(900);
      expect(post.content).toMatch(/<h2>/);
      expect(post.content).toMatch(/<(ul|ol)>/);
      expect(post.excerpt.length).toBeGreaterThan(60);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(fs.existsSync(path.join(WEB_PUBLIC_DIR, 'content', 'blog', `${slug}.svg`))).toBe(true);
    },
  );

  it('states the policy figures the way the policies do', () => {
    const text = SEED_ARTICLES.map((article) => convertHtmlToText(article.content)).join(' ');
    expect(text).toMatch(/90 days/);
    expect(text).toMatch(/180 days/);
    expect(text).toMatch(/365 days/);
    expect(text).toMatch(/within 7 days of the transaction/);
    expect(text).toMatch(/within 2 business days/);
    expect(text).toMatch(/within 10 business days/);
    expect(text).toMatch(/within 7 business days/);
    expect(text).toMatch(/within 24 hours/);
    expect(text).not.toMatch(/lorem ipsum/i);
  });
});
