import { randomBytes } from 'node:crypto';

import { ADMIN_MESSAGES, type AuditTargetType } from '@gurumatch/shared/messages/admin';
import {
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  YOUTUBE_VIDEO_ID_PATTERN,
  type ArticleCategory,
} from '@gurumatch/shared/messages/content';
import type {
  AdminArticle,
  AdminArticleBody,
  AdminArticlePatch,
  AdminBlog,
  AdminBlogBody,
  AdminBlogPatch,
  AdminUploadResult,
} from '@gurumatch/shared/schemas/admin';
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
import sharp from 'sharp';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { requireFound } from '../../lib/not-found.ts';
import {
  answerPage,
  invalidateList,
  listCacheOf,
  listGeneration,
  readPageRequest,
  type SortKey,
} from '../../lib/paging.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { detectFileType, isReadableImage } from '../profile/service.ts';

import {
  countArticles,
  countContent,
  deleteContent,
  findContent,
  insertContent,
  isSlugTaken,
  listContent,
  updateContent,
  type ContentColumns,
  type ContentCreatedFields,
  type ContentFields,
  type ContentRow,
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
/** A word being typed at least this long also matches as the start of a longer word (`tuto` → `tutors`). */
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
 * match, in any order. The search box asks as the reader types, so the word
 * still being typed (the last, with nothing after it) also matches as the
 * start of a longer word; the words before it are whole: `home tuto` →
 * `home & tuto:*`, `Tutor, home!` → `tutor & home`. (Every word a prefix made
 * the index gather every post of a common word's start, `class:*`, on each
 * search: four to five times the work.) Only letters and digits reach the
 * query, so no input can break its syntax. `null`: no search (every row);
 * `''`: a search with no words in it (no row).
 */
export function toSearchQuery(search: string | undefined): SearchQuery {
  if (search === undefined || search.trim() === '') return null;
  const lowered = search.toLowerCase();
  const terms = lowered.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const typing = /[\p{L}\p{N}]$/u.test(lowered) && terms.length <= SEARCH_TERMS_MAX;
  const used = terms.slice(0, SEARCH_TERMS_MAX);
  return used
    .map((term, index) =>
      typing && index === used.length - 1 && term.length >= SEARCH_PREFIX_MIN_LENGTH
        ? `${term}:*`
        : term,
    )
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

/** What every answer about a post or article carries: which it is, its body and its times. */
interface ContentBase {
  id: number;
  slug: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}

function toContentBase(
  row: Omit<ContentBase, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date },
): ContentBase {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function toBlogPost(row: BlogPostRow, publicUrl: string): BlogPost {
  return {
    ...toContentBase(row),
    excerpt: row.excerpt,
    featured_image: toPublicFileUrl(publicUrl, row.featured_image),
    tags: row.tags,
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
    ...toContentBase(row),
    category: row.category,
    video_id: row.video_id,
    reading_time: row.reading_time,
    view_count: row.view_count,
  };
}

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
  const row = requireFound(await findPublishedBlogPostBySlug(ctx.db, slug));
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
  const row = requireFound(await incrementArticleViews(ctx.db, slug));
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

// ---- the back office's editing (its routes, role check and audit log are in modules/admin) ----

/** A slug from a title: lower-case words joined by hyphens (`post` when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/** The given slug, or one made from the title with `-2`, `-3`… until it is free. */
async function chooseSlug(
  db: Queryable,
  table: ContentTable,
  wanted: string | undefined,
  title: string,
  exceptId: number | null,
): Promise<string> {
  if (wanted) {
    if (await isSlugTaken(db, table, wanted, exceptId)) {
      throw new AppError(400, 'slug_taken', ADMIN_MESSAGES.slugTaken, {
        slug: [ADMIN_MESSAGES.slugTaken],
      });
    }
    return wanted;
  }
  const base = slugify(title);
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}-${String(n)}`;
    if (!(await isSlugTaken(db, table, candidate, exceptId))) return candidate;
  }
  throw new AppError(400, 'slug_taken', ADMIN_MESSAGES.slugTaken);
}

function prepareHtml(html: string): { content: string; contentText: string } {
  const content = sanitizeContentHtml(html);
  return { content, contentText: convertHtmlToText(content) };
}

/** The columns both kinds write for a cleaned body. */
function commonColumns(
  body: { title: string; content: string; published: boolean },
  slug: string,
): { contentText: string; columns: ContentColumns } {
  const { content, contentText } = prepareHtml(body.content);
  return {
    contentText,
    columns: {
      slug,
      title: convertHtmlToText(body.title),
      content,
      content_text: contentText,
      excerpt: makeExcerpt(contentText),
      is_published: body.published,
      sanitized_version: SANITIZER_VERSION,
    },
  };
}

/** What both kinds answer the back office of a stored row. */
function toContentItem(row: ContentRow<ContentTable>): ContentBase & { published: boolean } {
  return { ...toContentBase(row), published: row.is_published };
}

/** What the audit log keeps of a post or article, before and after a change. */
function contentSnapshot(row: ContentRow<ContentTable>): Record<string, unknown> {
  return { slug: row.slug, title: row.title, published: row.is_published };
}

/**
 * One kind of edited content (blog posts, FAQ articles): where it is stored,
 * how it is answered, and which public list a change clears.
 */
interface ContentKind<T extends ContentTable, Item, Body, Patch> {
  table: T;
  /** The audit log's action prefix (`blog` → `blog.create`) and target type. */
  action: string;
  target: AuditTargetType;
  /** The public list in the paging cache; its counts and the sitemap follow it. */
  list: string;
  toItem: (row: ContentRow<T>) => Item;
  /** The stored row with a patch laid over it. */
  merge: (before: ContentRow<T>, patch: Patch) => Body;
  toFields: (body: Body, slug: string) => ContentFields<T>;
  /** The fields written only when the row is made. */
  createdFields: (authorId: number) => ContentCreatedFields<T>;
}

/** An edit's result: the item answered, the audit log's snapshots, and what kind of change it was. */
export interface ContentEdit<Item> {
  id: number;
  item: Item;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  change: 'create' | 'update' | 'publish' | 'unpublish';
}

/**
 * The back office's operations on one kind of content. Writes take the
 * caller's transaction (the back office writes its audit entry in it);
 * `changed` clears the public list, its counts and the sitemap once that
 * transaction is committed.
 */
export interface ContentEditor<Item, Body, Patch> {
  action: string;
  target: AuditTargetType;
  list: (
    db: Queryable,
    patterns: readonly string[],
    limit: number,
    offset: number,
  ) => Promise<{ count: number; rows: Item[] }>;
  create: (tx: Queryable, body: Body, authorId: number, at: Date) => Promise<ContentEdit<Item>>;
  update: (tx: Queryable, id: number, patch: Patch, at: Date) => Promise<ContentEdit<Item>>;
  /** Answers the deleted row's snapshot. */
  remove: (tx: Queryable, id: number) => Promise<Record<string, unknown>>;
  changed: (db: Queryable) => void;
}

function editContent<
  T extends ContentTable,
  Item,
  Body extends { title: string; slug?: string | undefined },
  Patch extends { slug?: string | undefined },
>(kind: ContentKind<T, Item, Body, Patch>): ContentEditor<Item, Body, Patch> {
  const slugTaken = (): AppError => new AppError(400, 'slug_taken', ADMIN_MESSAGES.slugTaken);
  return {
    action: kind.action,
    target: kind.target,

    list: async (db, patterns, limit, offset) => {
      const [count, rows] = await Promise.all([
        countContent(db, kind.table, patterns),
        listContent(db, kind.table, patterns, limit, offset),
      ]);
      return { count, rows: rows.map(kind.toItem) };
    },

    create: async (tx, body, authorId, at) => {
      const slug = await chooseSlug(tx, kind.table, body.slug, body.title, null);
      const fields = { ...kind.toFields(body, slug), ...kind.createdFields(authorId) };
      const row = await insertContent(tx, kind.table, fields, at);
      if (!row) throw slugTaken();
      return {
        id: row.id,
        item: kind.toItem(row),
        before: null,
        after: contentSnapshot(row),
        change: 'create',
      };
    },

    update: async (tx, id, patch, at) => {
      const before = requireFound(await findContent(tx, kind.table, id, true));
      const merged = kind.merge(before, patch);
      const slug = await chooseSlug(tx, kind.table, patch.slug ?? before.slug, merged.title, id);
      const row = await updateContent(tx, kind.table, id, kind.toFields(merged, slug), at);
      if (!row) throw slugTaken();
      return {
        id,
        item: kind.toItem(row),
        before: contentSnapshot(before),
        after: contentSnapshot(row),
        change:
          before.is_published === row.is_published
            ? 'update'
            : row.is_published
              ? 'publish'
              : 'unpublish',
      };
    },

    remove: async (tx, id) => {
      const before = requireFound(await findContent(tx, kind.table, id, true));
      await deleteContent(tx, kind.table, id);
      return contentSnapshot(before);
    },

    changed: (db) => {
      invalidateList(db, kind.list);
    },
  };
}

export const blogEditor = editContent<'blog_posts', AdminBlog, AdminBlogBody, AdminBlogPatch>({
  table: 'blog_posts',
  action: 'blog',
  target: 'blog_post',
  list: BLOG_LIST,
  toItem: (row) => ({
    ...toContentItem(row),
    excerpt: row.excerpt,
    featured_image: row.featured_image,
    tags: row.tags,
  }),
  merge: (before, patch) => ({
    title: patch.title ?? before.title,
    content: patch.content ?? before.content,
    featured_image:
      patch.featured_image === undefined ? before.featured_image : patch.featured_image,
    published: patch.published ?? before.is_published,
    tags: patch.tags ?? before.tags,
  }),
  toFields: (body, slug) => ({
    ...commonColumns(body, slug).columns,
    featured_image: toSafeImageUrl(body.featured_image),
    tags: (body.tags ?? []).map((tag) => tag.trim()).filter(Boolean),
  }),
  createdFields: (authorId) => ({ author_id: authorId }),
});

export const articleEditor = editContent<
  'articles',
  AdminArticle,
  AdminArticleBody,
  AdminArticlePatch
>({
  table: 'articles',
  action: 'article',
  target: 'article',
  list: ARTICLE_LIST,
  toItem: (row) => ({ ...toContentItem(row), category: row.category, video_id: row.video_id }),
  merge: (before, patch) => ({
    title: patch.title ?? before.title,
    content: patch.content ?? before.content,
    published: patch.published ?? before.is_published,
    category: patch.category ?? before.category,
    video_id: patch.video_id === undefined ? before.video_id : patch.video_id,
  }),
  toFields: (body, slug) => {
    const { contentText, columns } = commonColumns(body, slug);
    return {
      ...columns,
      category: body.category,
      video_id: body.video_id ?? null,
      reading_time: countMinutes(contentText),
    };
  },
  createdFields: () => ({}),
});

// ---- images in posts and articles --------------------------------------------

const CONTENT_IMAGE_TYPES = {
  'image/jpeg': { extension: 'jpg', format: 'jpeg' },
  'image/png': { extension: 'png', format: 'png' },
  'image/webp': { extension: 'webp', format: 'webp' },
} as const;
type ContentImageType = keyof typeof CONTENT_IMAGE_TYPES;

/** Wider images are scaled down to this many pixels: the article column is far narrower. */
const CONTENT_IMAGE_MAX_WIDTH_PX = 2400;

function isContentImageType(type: string | null): type is ContentImageType {
  return type !== null && type in CONTENT_IMAGE_TYPES;
}

/**
 * Stores a public image for blogs and FAQs. What the file is comes from its
 * first bytes, never its name or declared type, and it must decode as that
 * format; it is then written again in the same format (dropping camera and GPS
 * metadata, turned upright, at most 2,400 pixels wide) under
 * `content/<random>.<ext>`, served at `/media/content/…`.
 */
export async function storeContentImage(
  ctx: AppContext,
  data: Buffer | undefined,
): Promise<AdminUploadResult> {
  if (!data || data.length === 0) {
    throw new AppError(400, 'validation_error', ADMIN_MESSAGES.imageMissing, {
      image: [ADMIN_MESSAGES.imageMissing],
    });
  }
  const type = detectFileType(data);
  if (!isContentImageType(type) || !(await isReadableImage(data, type))) {
    throw new AppError(400, 'unsupported_file', ADMIN_MESSAGES.imageWrongType, {
      image: [ADMIN_MESSAGES.imageWrongType],
    });
  }
  const { extension, format } = CONTENT_IMAGE_TYPES[type];
  const body = await sharp(data, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: CONTENT_IMAGE_MAX_WIDTH_PX, withoutEnlargement: true })
    .toFormat(format)
    .toBuffer();
  const path = `/media/content/${randomBytes(16).toString('hex')}.${extension}`;
  await ctx.storage.put(path.slice('/media/'.length), body, type);
  return {
    path,
    url: toPublicFileUrl(ctx.config.publicUrl, path),
    content_type: type,
    bytes: body.length,
  };
}

/** Removes an image `storeContentImage` stored (its `/media/content/…` path); a failure is ignored. */
export async function removeContentImage(ctx: AppContext, path: string): Promise<void> {
  await ctx.storage.delete(path.slice('/media/'.length)).catch(() => undefined);
}
