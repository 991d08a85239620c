import { PAGE_SIZE } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import {
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  YOUTUBE_VIDEO_ID_PATTERN,
  type ArticleCategory,
} from '@gurumatch/shared/messages/content';
import type {
  Article,
  ArticleList,
  ArticleListQuery,
  BlogList,
  BlogListQuery,
  BlogPost,
} from '@gurumatch/shared/schemas/content';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

import {
  countArticles,
  countPublishedBlogPosts,
  findPublishedBlogPostBySlug,
  incrementArticleViews,
  insertArticleIfAbsent,
  insertBlogPostIfAbsent,
  listArticles as selectArticles,
  listArticleSlugs,
  listPublishedBlogPosts,
  listPublishedBlogSlugs,
  type ArticleRow,
  type BlogPostRow,
} from './queries.ts';
import { convertHtmlToText, sanitizeContentHtml } from './sanitize.ts';

export { convertHtmlToText, sanitizeContentHtml };

export const BLOG_LIST_PATH = '/api/blog/blogs/';
export const ARTICLE_LIST_PATH = '/api/blog/articles/';

/** Words a reader gets through in a minute, for `reading_time`. */
const READING_WORDS_PER_MINUTE = 200;
/** At most this many search words are used; the rest are ignored. */
const SEARCH_TERMS_MAX = 8;
/** Length of an excerpt made from the text when a post has none, in characters. */
const GENERATED_EXCERPT_LENGTH = 200;

/** Search text → one ILIKE pattern per word (`%`, `_` and `\` matched literally). */
export function toSearchPatterns(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_TERMS_MAX)
    .map((term) => `%${term.replace(/[\\%_]/g, '\\$&')}%`);
}

interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

function toPageRequest(query: BlogListQuery): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * `next` and `previous` as absolute URLs that keep the other parameters, like
 * the usual page-number paging: page 1 is written without `page`. A page past
 * the end answers no results, and `previous` points at the last page.
 */
function buildPageLinks(
  ctx: AppContext,
  path: string,
  query: Record<string, string | number | undefined>,
  { page, pageSize }: PageRequest,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const linkTo = (target: number): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (name === 'page' || value === undefined || value === '') continue;
      params.set(name, String(value));
    }
    if (target > 1) params.set('page', String(target));
    const search = params.toString();
    return `${ctx.config.publicUrl}${path}${search ? `?${search}` : ''}`;
  };
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}

function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

const FORMER_AUTHOR = { username: 'gurumatch', first_name: 'GuruMatch', last_name: '' };

function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: sanitizeContentHtml(row.content),
    excerpt: row.excerpt,
    featured_image: row.featured_image,
    tags: row.tags,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    author:
      row.author_email === null
        ? FORMER_AUTHOR
        : {
            username: row.author_email.split('@')[0] ?? '',
            ...splitFullName(row.author_full_name ?? ''),
          },
  };
}

function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: sanitizeContentHtml(row.content),
    category: row.category,
    video_id: row.video_id,
    reading_time: row.reading_time,
    view_count: row.view_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const notFound = (): AppError => new AppError(404, 'not_found', MESSAGES.notFound);

/** Published posts, newest first, searched over title and text. */
export async function listBlogPosts(ctx: AppContext, query: BlogListQuery): Promise<BlogList> {
  const request = toPageRequest(query);
  const patterns = toSearchPatterns(query.search);
  const count = await countPublishedBlogPosts(ctx.db, patterns);
  const rows =
    request.offset < count
      ? await listPublishedBlogPosts(ctx.db, patterns, request.pageSize, request.offset)
      : [];
  return {
    count,
    ...buildPageLinks(ctx, BLOG_LIST_PATH, query, request, count),
    results: rows.map(toBlogPost),
  };
}

export async function getBlogPost(ctx: AppContext, slug: string): Promise<BlogPost> {
  const row = await findPublishedBlogPostBySlug(ctx.db, slug);
  if (!row) throw notFound();
  return toBlogPost(row);
}

/** FAQ articles, newest first, searched by title, optionally of one category. */
export async function listArticles(ctx: AppContext, query: ArticleListQuery): Promise<ArticleList> {
  const request = toPageRequest(query);
  const patterns = toSearchPatterns(query.search);
  const category = query.category ? query.category : null;
  const count = await countArticles(ctx.db, patterns, category);
  const rows =
    request.offset < count
      ? await selectArticles(ctx.db, patterns, category, request.pageSize, request.offset)
      : [];
  return {
    count,
    ...buildPageLinks(ctx, ARTICLE_LIST_PATH, query, request, count),
    results: rows.map(toArticle),
  };
}

/** An article, counting the view. */
export async function viewArticle(ctx: AppContext, slug: string): Promise<Article> {
  const row = await incrementArticleViews(ctx.db, slug);
  if (!row) throw notFound();
  return toArticle(row);
}

// Writing content (the seed, and later an editor's screen)

/** What writing content needs: a database or an open transaction, and the time. */
export interface ContentWriter {
  db: Queryable;
  now: () => Date;
}

export interface BlogPostInput {
  slug: string;
  title: string;
  /** HTML; sanitized before it is stored. */
  content: string;
  excerpt?: string;
  featuredImage?: string | null;
  tags?: readonly string[];
  authorId: number | null;
  isPublished?: boolean;
  createdAt?: Date;
}

export interface ArticleInput {
  slug: string;
  title: string;
  content: string;
  category: ArticleCategory;
  videoId?: string | null;
  createdAt?: Date;
}

function checkSlug(slug: string): void {
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug))
    throw new AppError(400, 'validation_error', `Bad slug: ${slug}`, { slug: ['Invalid slug.'] });
}

/** A site-relative path or an http(s) URL; anything else is dropped. */
export function toSafeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^\/(?!\/)[\w\-./]*$/.test(url)) return url;
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null;
}

export function countMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}

export function makeExcerpt(text: string): string {
  if (text.length <= GENERATED_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, GENERATED_EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}…`;
}

/** Stores a post (HTML sanitized, text kept for search) unless the slug exists; answers the id or null. */
export async function createBlogPost(
  ctx: ContentWriter,
  input: BlogPostInput,
): Promise<number | null> {
  checkSlug(input.slug);
  const content = sanitizeContentHtml(input.content);
  const contentText = convertHtmlToText(content);
  return insertBlogPostIfAbsent(ctx.db, {
    slug: input.slug,
    title: convertHtmlToText(input.title),
    content,
    contentText,
    excerpt: input.excerpt ? convertHtmlToText(input.excerpt) : makeExcerpt(contentText),
    featuredImage: toSafeImageUrl(input.featuredImage),
    tags: (input.tags ?? []).map((tag) => tag.trim()).filter(Boolean),
    authorId: input.authorId,
    isPublished: input.isPublished ?? true,
    createdAt: input.createdAt ?? ctx.now(),
  });
}

/** Stores an FAQ article unless the slug exists; answers the id or null. */
export async function createArticle(
  ctx: ContentWriter,
  input: ArticleInput,
): Promise<number | null> {
  checkSlug(input.slug);
  const videoId = input.videoId ?? null;
  if (videoId !== null && !YOUTUBE_VIDEO_ID_PATTERN.test(videoId))
    throw new AppError(400, 'validation_error', 'Invalid video id.', {
      video_id: ['Invalid video id.'],
    });
  const content = sanitizeContentHtml(input.content);
  const contentText = convertHtmlToText(content);
  return insertArticleIfAbsent(ctx.db, {
    slug: input.slug,
    title: convertHtmlToText(input.title),
    content,
    contentText,
    category: input.category,
    videoId,
    readingTime: countMinutes(contentText),
    createdAt: input.createdAt ?? ctx.now(),
  });
}

export interface ContentUrl {
  path: string;
  updatedAt: Date;
}

/** Public blog and FAQ pages, for the sitemap. */
export async function listPublicContentUrls(
  ctx: AppContext,
): Promise<{ blogs: ContentUrl[]; faqs: ContentUrl[] }> {
  const [blogs, faqs] = await Promise.all([
    listPublishedBlogSlugs(ctx.db),
    listArticleSlugs(ctx.db),
  ]);
  return {
    blogs: blogs.map((row) => ({
      path: `/blogs/${row.slug}`,
      updatedAt: new Date(row.updated_at),
    })),
    faqs: faqs.map((row) => ({ path: `/faqs/${row.slug}`, updatedAt: new Date(row.updated_at) })),
  };
}
