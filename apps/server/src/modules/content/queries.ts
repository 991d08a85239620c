import type { ArticleCategory } from '@gurumatch/shared/messages/content';

import type { Queryable } from '../../db/connection.ts';

export interface BlogPostRow {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  author_email: string | null;
  author_full_name: string | null;
}

export interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  content: string;
  category: ArticleCategory;
  video_id: string | null;
  reading_time: number;
  view_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Search terms as ILIKE patterns; an empty list matches everything. */
export type SearchPatterns = readonly string[];

const BLOG_COLUMNS = `b.id, b.slug, b.title, b.content, b.excerpt, b.featured_image, b.tags,
       b.created_at, b.updated_at, u.email AS author_email, u.full_name AS author_full_name`;

/** Every pattern must match the title or the text. */
const BLOG_MATCHES = `b.is_published
   AND NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(pattern)
                    WHERE NOT (b.title ILIKE t.pattern OR b.content_text ILIKE t.pattern))`;

export async function countPublishedBlogPosts(
  db: Queryable,
  patterns: SearchPatterns,
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM blog_posts b WHERE ${BLOG_MATCHES}`,
    [patterns],
  );
  return rows[0]?.count ?? 0;
}

export function listPublishedBlogPosts(
  db: Queryable,
  patterns: SearchPatterns,
  limit: number,
  offset: number,
): Promise<BlogPostRow[]> {
  return db.query<BlogPostRow>(
    `SELECT ${BLOG_COLUMNS}
       FROM blog_posts b LEFT JOIN users u ON u.id = b.author_id
      WHERE ${BLOG_MATCHES}
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT $2 OFFSET $3`,
    [patterns, limit, offset],
  );
}

export async function findPublishedBlogPostBySlug(
  db: Queryable,
  slug: string,
): Promise<BlogPostRow | null> {
  const rows = await db.query<BlogPostRow>(
    `SELECT ${BLOG_COLUMNS}
       FROM blog_posts b LEFT JOIN users u ON u.id = b.author_id
      WHERE b.slug = $1 AND b.is_published`,
    [slug],
  );
  return rows[0] ?? null;
}

export interface NewBlogPost {
  slug: string;
  title: string;
  content: string;
  contentText: string;
  excerpt: string;
  featuredImage: string | null;
  tags: readonly string[];
  authorId: number | null;
  isPublished: boolean;
  createdAt: Date;
}

/** Inserts a post unless its slug is taken; answers the new id or null. */
export async function insertBlogPostIfAbsent(
  db: Queryable,
  post: NewBlogPost,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO blog_posts (slug, title, content, content_text, excerpt, featured_image, tags,
                             author_id, is_published, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (slug) DO NOTHING
     RETURNING id`,
    [
      post.slug,
      post.title,
      post.content,
      post.contentText,
      post.excerpt,
      post.featuredImage,
      post.tags,
      post.authorId,
      post.isPublished,
      post.createdAt,
    ],
  );
  return rows[0]?.id ?? null;
}

const ARTICLE_COLUMNS = `id, slug, title, content, category, video_id, reading_time, view_count,
       created_at, updated_at`;

/** Every pattern must match the title; a null category means all. */
const ARTICLE_MATCHES = `is_published AND ($2::text IS NULL OR category = $2)
   AND NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(pattern) WHERE NOT (title ILIKE t.pattern))`;

export async function countArticles(
  db: Queryable,
  patterns: SearchPatterns,
  category: ArticleCategory | null,
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM articles WHERE ${ARTICLE_MATCHES}`,
    [patterns, category],
  );
  return rows[0]?.count ?? 0;
}

export function listArticles(
  db: Queryable,
  patterns: SearchPatterns,
  category: ArticleCategory | null,
  limit: number,
  offset: number,
): Promise<ArticleRow[]> {
  return db.query<ArticleRow>(
    `SELECT ${ARTICLE_COLUMNS}
       FROM articles
      WHERE ${ARTICLE_MATCHES}
      ORDER BY created_at DESC, id DESC
      LIMIT $3 OFFSET $4`,
    [patterns, category, limit, offset],
  );
}

/** Counts one more view and answers the article, or null when the slug is unknown. */
export async function incrementArticleViews(
  db: Queryable,
  slug: string,
): Promise<ArticleRow | null> {
  const rows = await db.query<ArticleRow>(
    `UPDATE articles SET view_count = view_count + 1
      WHERE slug = $1 AND is_published
      RETURNING ${ARTICLE_COLUMNS}`,
    [slug],
  );
  return rows[0] ?? null;
}

export interface NewArticle {
  slug: string;
  title: string;
  content: string;
  contentText: string;
  category: ArticleCategory;
  videoId: string | null;
  readingTime: number;
  createdAt: Date;
}

/** Inserts an article unless its slug is taken; answers the new id or null. */
export async function insertArticleIfAbsent(
  db: Queryable,
  article: NewArticle,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO articles (slug, title, content, content_text, category, video_id, reading_time,
                           created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (slug) DO NOTHING
     RETURNING id`,
    [
      article.slug,
      article.title,
      article.content,
      article.contentText,
      article.category,
      article.videoId,
      article.readingTime,
      article.createdAt,
    ],
  );
  return rows[0]?.id ?? null;
}

export interface SitemapRow {
  slug: string;
  updated_at: Date;
}

export function listPublishedBlogSlugs(db: Queryable): Promise<SitemapRow[]> {
  return db.query<SitemapRow>(
    `SELECT slug, updated_at FROM blog_posts WHERE is_published ORDER BY created_at DESC, id DESC`,
  );
}

export function listArticleSlugs(db: Queryable): Promise<SitemapRow[]> {
  return db.query<SitemapRow>(
    `SELECT slug, updated_at FROM articles WHERE is_published ORDER BY created_at DESC, id DESC`,
  );
}
