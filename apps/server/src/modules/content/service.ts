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
  ArticleListItem,
  ArticleListQuery,
  BlogList,
  BlogListItem,
  BlogListQuery,
  BlogPost,
} from '@gurumatch/shared/schemas/content';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import {
  answerPage,
  invalidateList,
  listCacheOf,
  listGeneration,
  readPageRequest,
  type SortKey,
} from '../../lib/paging.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';

import {
  countArticles,
  countPublishedBlogPosts,
  findPublishedBlogPostBySlug,
  incrementArticleViews,
  insertArticleIfAbsent,
  insertBlogPostIfAbsent,
  keyOfArticleAt,
  keyOfPublishedBlogPostAt,
  listArticleSlugs,
  listPublishedBlogSlugs,
  countArticleSlugs,
  countPublishedBlogSlugs,
  listUnsanitized,
  seekArticles,
  seekPublishedBlogPosts,
  updateSanitized,
  type ArticleListRow,
  type ArticleRow,
  type BlogListRow,
  type BlogPostRow,
  type ContentTable,
  type CreatedKey,
  type SearchPlan,
  type SearchQuery,
} from './queries.ts';
import { convertHtmlToText, sanitizeContentHtml } from './sanitize.ts';

export { convertHtmlToText, sanitizeContentHtml };

export const BLOG_LIST_PATH = '/api/blog/blogs/';
export const ARTICLE_LIST_PATH = '/api/blog/articles/';

/** Words a reader gets through in a minute, for `reading_time`. */
const READING_WORDS_PER_MINUTE = 200;
/** At most this many search words are used; the rest are ignored. */
const SEARCH_TERMS_MAX = 8;
/** Words at least this long also match as the start of a longer word (`tutor` → `tutors`). */
const SEARCH_PREFIX_MIN_LENGTH = 3;
/** Length of an excerpt made from the text when a post has none, in characters. */
const GENERATED_EXCERPT_LENGTH = 200;
/** Version of the stored-HTML clean-up; raise it when the allow-list changes (see 0006). */
export const SANITIZER_VERSION = 1;

/** The lists' names in the paging cache (lib/paging.ts). */
export const BLOG_LIST = 'blog_posts';
export const ARTICLE_LIST = 'articles';

/**
 * Search text → a `to_tsquery('simple', ...)` text where every word must
 * match, in any order: `Tutor, home!` → `tutor:* & home:*`. Only letters and
 * digits reach the query, so no input can break its syntax. `null`: no search
 * (every row); `''`: a search with no words in it (no row).
 */
export function toSearchQuery(search: string | undefined): SearchQuery {
  if (search === undefined || search.trim() === '') return null;
  const terms = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_TERMS_MAX);
  return terms
    .map((term) => (term.length >= SEARCH_PREFIX_MIN_LENGTH ? `${term}:*` : term))
    .join(' & ');
}

/**
 * Below this many matches a search reads its matches from the GIN index and
 * sorts them; above, it walks the list's index, where matches are dense enough
 * that a page is found after a few hundred rows. The planner cannot tell the
 * two apart for prefix searches (`word:*`), the count can.
 */
const SEARCH_FEW_MATCHES = 2_000;

function planFor(search: SearchQuery, count: number): SearchPlan {
  return search !== null && count < SEARCH_FEW_MATCHES ? 'matches' : 'index';
}

function toCreatedKey(key: SortKey | null): CreatedKey | null {
  if (key === null) return null;
  const [at, id] = key;
  return typeof at === 'string' && typeof id === 'number' ? [at, id] : null;
}

function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

const FORMER_AUTHOR = { username: 'gurumatch', first_name: 'GuruMatch', last_name: '' };

function toBlogPost(row: BlogPostRow, publicUrl: string): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    featured_image: toPublicFileUrl(publicUrl, row.featured_image),
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
    content: row.content,
    category: row.category,
    video_id: row.video_id,
    reading_time: row.reading_time,
    view_count: row.view_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const notFound = (): AppError => new AppError(404, 'not_found', MESSAGES.notFound);

/** A list item's `content` is its excerpt (plain text), never the body (API contract, compat). */
function toBlogListItem(row: BlogListRow, publicUrl: string): BlogListItem {
  return toBlogPost({ ...row, content: row.excerpt }, publicUrl);
}

function toArticleListItem(row: ArticleListRow): ArticleListItem {
  return { ...toArticle({ ...row, content: row.excerpt }), excerpt: row.excerpt };
}

/** Published posts, newest first, searched over title and text; no bodies. */
export async function listBlogPosts(ctx: AppContext, query: BlogListQuery): Promise<BlogList> {
  const search = toSearchQuery(query.search);
  const db = ctx.db;
  return answerPage({
    db,
    list: BLOG_LIST,
    filter: JSON.stringify([search]),
    request: readPageRequest(query),
    links: { baseUrl: ctx.config.publicUrl, path: BLOG_LIST_PATH, query },
    count: async () => (search === '' ? 0 : countPublishedBlogPosts(db, search)),
    rows: {
      seek: (after, limit, count) =>
        seekPublishedBlogPosts(db, search, toCreatedKey(after), limit, planFor(search, count)),
      keyAt: (after, skip, count) =>
        keyOfPublishedBlogPostAt(db, search, toCreatedKey(after), skip, planFor(search, count)),
      keyOf: (row) => [row.sort_at, row.id],
    },
    toItem: (row) => toBlogListItem(row, ctx.config.publicUrl),
  });
}

export async function getBlogPost(ctx: AppContext, slug: string): Promise<BlogPost> {
  const row = await findPublishedBlogPostBySlug(ctx.db, slug);
  if (!row) throw notFound();
  return toBlogPost(row, ctx.config.publicUrl);
}

/** FAQ articles, newest first, searched by title, optionally of one category. */
export async function listArticles(ctx: AppContext, query: ArticleListQuery): Promise<ArticleList> {
  const search = toSearchQuery(query.search);
  const category = query.category ? query.category : null;
  const db = ctx.db;
  return answerPage({
    db,
    list: ARTICLE_LIST,
    filter: JSON.stringify([search, category]),
    request: readPageRequest(query),
    links: { baseUrl: ctx.config.publicUrl, path: ARTICLE_LIST_PATH, query },
    count: async () => (search === '' ? 0 : countArticles(db, search, category)),
    rows: {
      seek: (after, limit) =>
        seekArticles(db, search || null, category, toCreatedKey(after), limit),
      keyAt: (after, skip) =>
        keyOfArticleAt(db, search || null, category, toCreatedKey(after), skip),
      keyOf: (row) => [row.sort_at, row.id],
    },
    toItem: toArticleListItem,
  });
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
  const id = await insertBlogPostIfAbsent(ctx.db, {
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
    sanitizedVersion: SANITIZER_VERSION,
  });
  if (id !== null) invalidateList(ctx.db, BLOG_LIST);
  return id;
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
  const id = await insertArticleIfAbsent(ctx.db, {
    slug: input.slug,
    title: convertHtmlToText(input.title),
    content,
    contentText,
    excerpt: makeExcerpt(contentText),
    category: input.category,
    videoId,
    readingTime: countMinutes(contentText),
    createdAt: input.createdAt ?? ctx.now(),
    sanitizedVersion: SANITIZER_VERSION,
  });
  if (id !== null) invalidateList(ctx.db, ARTICLE_LIST);
  return id;
}

/** Stored bodies cleaned per start-up batch. */
const SANITIZE_BATCH = 200;

/**
 * Cleans, once, every stored body that an older sanitiser (or none) wrote:
 * its HTML, search text, excerpt and reading time. Rows already at
 * SANITIZER_VERSION are never read, so a start-up after the first does one
 * index lookup per table. Answers how many rows it cleaned.
 */
export async function sanitizeStoredContent(ctx: ContentWriter): Promise<number> {
  let cleaned = 0;
  for (const table of ['blog_posts', 'articles'] as const satisfies readonly ContentTable[]) {
    for (;;) {
      const rows = await listUnsanitized(ctx.db, table, SANITIZER_VERSION, SANITIZE_BATCH);
      for (const row of rows) {
        const content = sanitizeContentHtml(row.content);
        const contentText = convertHtmlToText(content);
        await updateSanitized(ctx.db, table, {
          id: row.id,
          content,
          contentText,
          excerpt:
            table === 'blog_posts' && row.excerpt.trim()
              ? convertHtmlToText(row.excerpt)
              : makeExcerpt(contentText),
          readingTime: countMinutes(contentText),
          version: SANITIZER_VERSION,
        });
      }
      cleaned += rows.length;
      if (rows.length < SANITIZE_BATCH) break;
    }
    if (cleaned > 0) invalidateList(ctx.db, table === 'blog_posts' ? BLOG_LIST : ARTICLE_LIST);
  }
  return cleaned;
}

export interface ContentUrl {
  path: string;
  updatedAt: Date;
}

export type PublicContentKind = 'blogs' | 'faqs';

const LIST_OF_KIND = { blogs: BLOG_LIST, faqs: ARTICLE_LIST } as const;

/** How many public pages of a kind there are (the lists' cached unfiltered count). */
export function countPublicContent(ctx: AppContext, kind: PublicContentKind): Promise<number> {
  const list = LIST_OF_KIND[kind];
  return listCacheOf(ctx.db).count(
    list,
    JSON.stringify(kind === 'blogs' ? [null] : [null, null]),
    () => (kind === 'blogs' ? countPublishedBlogSlugs(ctx.db) : countArticleSlugs(ctx.db)),
  );
}

/** Changes whenever content of the kind is written in this process (the sitemap's cache key). */
export function publicContentGeneration(ctx: AppContext, kind: PublicContentKind): number {
  return listGeneration(ctx.db, LIST_OF_KIND[kind]);
}

/** Public blog or FAQ pages in list order, `limit` from `offset`, for the sitemap. */
export async function listPublicContentUrls(
  ctx: AppContext,
  kind: PublicContentKind,
  offset: number,
  limit: number,
): Promise<ContentUrl[]> {
  const rows =
    kind === 'blogs'
      ? await listPublishedBlogSlugs(ctx.db, offset, limit)
      : await listArticleSlugs(ctx.db, offset, limit);
  return rows.map((row) => ({
    path: `/${kind}/${row.slug}`,
    updatedAt: new Date(row.updated_at),
  }));
}

// Policies and area guides (documents.ts)

export {
  AREA_GUIDE_HEADINGS,
  documentSnapshot,
  editDocument,
  findDocuments,
  getDocument,
  readAreaGuide,
  storeDocumentFile,
  type AreaGuideLists,
  type DocumentFile,
  type SiteDocumentWithId,
} from './documents.ts';
