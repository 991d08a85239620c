import { createHash } from 'node:crypto';

import type { Queryable } from '../../db/connection.ts';
import { findUserByEmail, insertUser } from '../../modules/auth/queries.ts';
import { findSeedHash, saveSeedHash } from '../../modules/content/queries.ts';
import { createArticle, createBlogPost, SANITIZER_VERSION } from '../../modules/content/service.ts';

import { SEED_BLOG_POSTS } from './blog-posts.ts';
import { SEED_ARTICLES } from './faq-articles.ts';

/** The staff account the seeded posts are written by. It cannot sign in. */
export const EDITOR_ACCOUNT = {
  email: 'editor@gurumatch.in',
  fullName: 'GuruMatch Editorial',
  /** Not a hash of any password: every sign-in check fails against it. */
  passwordHash: 'locked!',
} as const;

/** Seeded posts and articles are shown as written at 09:30 IST on their date. */
function toPublishedAt(isoDate: string): Date {
  return new Date(`${isoDate}T04:00:00.000Z`);
}

export interface SeedContentResult {
  blogPosts: number;
  articles: number;
}

async function ensureEditor(db: Queryable): Promise<number> {
  const existing = await findUserByEmail(db, EDITOR_ACCOUNT.email);
  if (existing) return existing.id;
  const created = await insertUser(db, {
    email: EDITOR_ACCOUNT.email,
    passwordHash: EDITOR_ACCOUNT.passwordHash,
    fullName: EDITOR_ACCOUNT.fullName,
    role: 'teacher',
  });
  const editor = created ?? (await findUserByEmail(db, EDITOR_ACCOUNT.email));
  if (!editor) throw new Error('seedContent: the editor account could not be created');
  // a staff account, not a tutor: it never signs in and is never listed
  await db.query('UPDATE users SET is_active = false, is_email_verified = true WHERE id = $1', [
    editor.id,
  ]);
  return editor.id;
}

/**
 * Demo content for a first start outside production: the blog posts and FAQ
 * articles of this folder, written by a locked editor account. Idempotent by
 * slug: content that exists (even if edited since) is left alone. Answers how
 * many posts and articles it added.
 */
export async function seedContent(db: Queryable): Promise<SeedContentResult> {
  const authorId = await ensureEditor(db);
  const writer = { db, now: () => new Date() };
  let blogPosts = 0;
  for (const post of SEED_BLOG_POSTS) {
    const id = await createBlogPost(writer, {
      slug: post.slug,
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      featuredImage: `/content/blog/${post.slug}.svg`,
      tags: post.tags,
      authorId,
      createdAt: toPublishedAt(post.publishedOn),
    });
    if (id !== null) blogPosts += 1;
  }
  let articles = 0;
  for (const article of SEED_ARTICLES) {
    const id = await createArticle(writer, {
      slug: article.slug,
      title: article.title,
      content: article.content,
      category: article.category,
      videoId: article.videoId,
      createdAt: toPublishedAt(article.publishedOn),
    });
    if (id !== null) articles += 1;
  }
  return { blogPosts, articles };
}

/** The name of this seed in `seed_state`. */
const CONTENT_SEED_NAME = 'content';

/** Changes whenever the seeded posts, articles or the sanitiser they go through change. */
export const CONTENT_SEED_HASH = createHash('sha256')
  .update(JSON.stringify({ SEED_BLOG_POSTS, SEED_ARTICLES, EDITOR_ACCOUNT, SANITIZER_VERSION }))
  .digest('hex');

/**
 * `seedContent` at start-up, only when it never ran on this database or the
 * seed changed since (a hash in `seed_state`): a start after the first does one
 * lookup. Answers what was added, or null when nothing had to be done.
 */
export async function seedContentIfChanged(db: Queryable): Promise<SeedContentResult | null> {
  if ((await findSeedHash(db, CONTENT_SEED_NAME)) === CONTENT_SEED_HASH) return null;
  const result = await seedContent(db);
  await saveSeedHash(db, CONTENT_SEED_NAME, CONTENT_SEED_HASH);
  return result;
}
