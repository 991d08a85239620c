import type { ArticleCategory, DocumentKind } from '@gurumatch/shared/messages/content';

import type { Queryable } from '../../db/connection.ts';
import {
  anyRow,
  countOf,
  findRowById,
  firstRow,
  insertIdUnlessTaken,
  insertUnlessTaken,
  rowByIdFinder,
  updateRowById,
} from '../../db/rows.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

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

/**
 * A `to_tsquery('simple', ...)` text built by the service from letters and
 * digits only (`tutor:* & home:*`), or null for no search.
 */
export type SearchQuery = string | null;

/** A list row with its sort key: `sort_at` is `created_at` as text, exact to the microsecond. */
export interface SortedRow {
  id: number;
  sort_at: string;
}

export type BlogListRow = Omit<BlogPostRow, 'content'> & SortedRow;

/** The sort key of the newest-first lists: (created_at, id), both descending. */
export type CreatedKey = readonly [string, number];

/**
 * How a searched list is read: `index` walks the list's (created_at, id) index
 * and skips rows that do not match (cheap when matches are many); `matches`
 * gathers the matches from the GIN index first and sorts them (cheap when
 * they are few). The service picks by the cached count.
 */
export type SearchPlan = 'index' | 'matches';

/**
 * The newest-first ORDER BY under `plan`. For `matches` the keys are written
 * as expressions no index provides, so the planner cannot walk the list index
 * past non-matching rows: it takes the matches from the GIN index and keeps
 * the top rows of them (a bounded sort).
 */
function newestFirst(alias: string, plan: SearchPlan): string {
  const prefix = alias ? `${alias}.` : '';
  return plan === 'index'
    ? `${prefix}created_at DESC, ${prefix}id DESC`
    : `(${prefix}created_at + interval '0 seconds') DESC, (${prefix}id + 0) DESC`;
}

const BLOG_LIST_COLUMNS = `b.id, b.slug, b.title, b.excerpt, b.featured_image, b.tags,
       b.created_at, b.updated_at, b.created_at::text AS sort_at,
       u.email AS author_email, u.full_name AS author_full_name`;

const BLOG_COLUMNS = `b.id, b.slug, b.title, b.content, b.excerpt, b.featured_image, b.tags,
       b.created_at, b.updated_at, u.email AS author_email, u.full_name AS author_full_name`;

/**
 * WHERE of the published-posts list: `search` through the GIN index, `after`
 * as a row comparison the (created_at DESC, id DESC) index seeks to.
 * Answers the SQL and its parameters, numbered from 1.
 */
function blogListWhere(
  search: SearchQuery,
  after: CreatedKey | null,
): { where: string; params: unknown[] } {
  const conditions = ['b.is_published'];
  const params: unknown[] = [];
  if (search !== null) {
    params.push(search);
    conditions.push(`b.search_vector @@ to_tsquery('simple', $${String(params.length)})`);
  }
  if (after !== null) {
    params.push(after[0], after[1]);
    conditions.push(
      `(b.created_at, b.id) < ($${String(params.length - 1)}::timestamptz, $${String(params.length)}::int)`,
    );
  }
  return { where: conditions.join(' AND '), params };
}

export async function countPublishedBlogPosts(db: Queryable, search: SearchQuery): Promise<number> {
  const { where, params } = blogListWhere(search, null);
  return countOf(db, `SELECT count(*)::int AS count FROM blog_posts b WHERE ${where}`, params);
}

/** Up to `limit` published posts after `after`, newest first, without their bodies. */
export function seekPublishedBlogPosts(
  db: Queryable,
  search: SearchQuery,
  after: CreatedKey | null,
  limit: number,
  plan: SearchPlan = 'index',
): Promise<BlogListRow[]> {
  const { where, params } = blogListWhere(search, after);
  params.push(limit);
  return db.query<BlogListRow>(
    `SELECT ${BLOG_LIST_COLUMNS}
       FROM blog_posts b LEFT JOIN users u ON u.id = b.author_id
      WHERE ${where}
      ORDER BY ${newestFirst('b', plan)}
      LIMIT $${String(params.length)}`,
    params,
  );
}

/** The sort key `skip` published posts after `after` (index only), or null past the end. */
export async function keyOfPublishedBlogPostAt(
  db: Queryable,
  search: SearchQuery,
  after: CreatedKey | null,
  skip: number,
  plan: SearchPlan = 'index',
): Promise<CreatedKey | null> {
  const { where, params } = blogListWhere(search, after);
  params.push(skip);
  const row = await firstRow<SortedRow>(
    db,
    `SELECT b.created_at::text AS sort_at, b.id
       FROM blog_posts b
      WHERE ${where}
      ORDER BY ${newestFirst('b', plan)}
      OFFSET $${String(params.length)} LIMIT 1`,
    params,
  );
  return row ? [row.sort_at, row.id] : null;
}

export const findPublishedBlogPostBySlug = rowFinder<BlogPostRow, [slug: string]>(
  `SELECT ${BLOG_COLUMNS}
     FROM blog_posts b LEFT JOIN users u ON u.id = b.author_id
    WHERE b.slug = $1 AND b.is_published`,
);

/** What a seeded post and a seeded article both write. */
interface NewContentBase {
  slug: string;
  title: string;
  content: string;
  contentText: string;
  excerpt: string;
  createdAt: Date;
  /** The sanitiser version `content` went through. */
  sanitizedVersion: number;
}

/**
 * Inserts a post or article unless its slug is taken, with the columns of its
 * own table (`own`); answers the new id or null.
 */
function insertContentIfAbsent(
  db: Queryable,
  table: ContentTable,
  item: NewContentBase,
  own: Readonly<Record<string, unknown>>,
): Promise<number | null> {
  const fields = {
    slug: item.slug,
    title: item.title,
    content: item.content,
    content_text: item.contentText,
    excerpt: item.excerpt,
    ...own,
    created_at: item.createdAt,
    updated_at: item.createdAt,
    sanitized_version: item.sanitizedVersion,
  };
  return insertIdUnlessTaken(db, table, fields, 'slug');
}

export interface NewBlogPost extends NewContentBase {
  featuredImage: string | null;
  tags: readonly string[];
  authorId: number | null;
  isPublished: boolean;
}

/** Inserts a post unless its slug is taken; answers the new id or null. */
export function insertBlogPostIfAbsent(db: Queryable, post: NewBlogPost): Promise<number | null> {
  return insertContentIfAbsent(db, 'blog_posts', post, {
    featured_image: post.featuredImage,
    tags: post.tags,
    author_id: post.authorId,
    is_published: post.isPublished,
  });
}

const ARTICLE_COLUMNS = `id, slug, title, content, category, video_id, reading_time, view_count,
       created_at, updated_at`;

export type ArticleListRow = Omit<ArticleRow, 'content'> & SortedRow & { excerpt: string };

const ARTICLE_LIST_COLUMNS = `id, slug, title, excerpt, category, video_id, reading_time, view_count,
       created_at, updated_at, created_at::text AS sort_at`;

/** WHERE of the article list; a null category means all (see blogListWhere). */
function articleListWhere(
  search: SearchQuery,
  category: ArticleCategory | null,
  after: CreatedKey | null,
): { where: string; params: unknown[] } {
  const conditions = ['is_published'];
  const params: unknown[] = [];
  if (category !== null) {
    params.push(category);
    conditions.push(`category = $${String(params.length)}`);
  }
  if (search !== null) {
    params.push(search);
    conditions.push(`search_vector @@ to_tsquery('simple', $${String(params.length)})`);
  }
  if (after !== null) {
    params.push(after[0], after[1]);
    conditions.push(
      `(created_at, id) < ($${String(params.length - 1)}::timestamptz, $${String(params.length)}::int)`,
    );
  }
  return { where: conditions.join(' AND '), params };
}

export async function countArticles(
  db: Queryable,
  search: SearchQuery,
  category: ArticleCategory | null,
): Promise<number> {
  const { where, params } = articleListWhere(search, category, null);
  return countOf(db, `SELECT count(*)::int AS count FROM articles WHERE ${where}`, params);
}

export function seekArticles(
  db: Queryable,
  search: SearchQuery,
  category: ArticleCategory | null,
  after: CreatedKey | null,
  limit: number,
  plan: SearchPlan = 'index',
): Promise<ArticleListRow[]> {
  const { where, params } = articleListWhere(search, category, after);
  params.push(limit);
  return db.query<ArticleListRow>(
    `SELECT ${ARTICLE_LIST_COLUMNS}
       FROM articles
      WHERE ${where}
      ORDER BY ${newestFirst('', plan)}
      LIMIT $${String(params.length)}`,
    params,
  );
}

export async function keyOfArticleAt(
  db: Queryable,
  search: SearchQuery,
  category: ArticleCategory | null,
  after: CreatedKey | null,
  skip: number,
  plan: SearchPlan = 'index',
): Promise<CreatedKey | null> {
  const { where, params } = articleListWhere(search, category, after);
  params.push(skip);
  const row = await firstRow<SortedRow>(
    db,
    `SELECT created_at::text AS sort_at, id
       FROM articles
      WHERE ${where}
      ORDER BY ${newestFirst('', plan)}
      OFFSET $${String(params.length)} LIMIT 1`,
    params,
  );
  return row ? [row.sort_at, row.id] : null;
}

/** Counts one more view and answers the article, or null when the slug is unknown. */
export const incrementArticleViews = rowFinder<ArticleRow, [slug: string]>(
  `UPDATE articles SET view_count = view_count + 1
    WHERE slug = $1 AND is_published
    RETURNING ${ARTICLE_COLUMNS}`,
);

export interface NewArticle extends NewContentBase {
  category: ArticleCategory;
  videoId: string | null;
  readingTime: number;
}

/** Inserts an article unless its slug is taken; answers the new id or null. */
export function insertArticleIfAbsent(db: Queryable, article: NewArticle): Promise<number | null> {
  return insertContentIfAbsent(db, 'articles', article, {
    category: article.category,
    video_id: article.videoId,
    reading_time: article.readingTime,
  });
}

export interface SitemapRow {
  slug: string;
  updated_at: Date;
}

export async function countPublishedBlogSlugs(db: Queryable): Promise<number> {
  return countPublishedBlogPosts(db, null);
}

/** A sitemap's page of slugs: rows to skip, then rows to answer. */
type SitemapPage = [offset: number, limit: number];

/** Published posts' slugs in list order, `limit` from `offset` (an index-only range). */
export const listPublishedBlogSlugs = rowLister<SitemapRow, SitemapPage>(
  `SELECT slug, updated_at FROM blog_posts WHERE is_published
    ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
);

export async function countArticleSlugs(db: Queryable): Promise<number> {
  return countArticles(db, null, null);
}

export const listArticleSlugs = rowLister<SitemapRow, SitemapPage>(
  `SELECT slug, updated_at FROM articles WHERE is_published
    ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`,
);

/** A stored body not yet cleaned by the current sanitiser. */
export interface UnsanitizedRow {
  id: number;
  title: string;
  content: string;
  excerpt: string;
}

export type ContentTable = 'blog_posts' | 'articles';

export function listUnsanitized(
  db: Queryable,
  table: ContentTable,
  version: number,
  limit: number,
): Promise<UnsanitizedRow[]> {
  return db.query<UnsanitizedRow>(
    `SELECT id, title, content, excerpt FROM ${table}
      WHERE sanitized_version < $1 ORDER BY id LIMIT $2`,
    [version, limit],
  );
}

export interface SanitizedBody {
  id: number;
  content: string;
  contentText: string;
  excerpt: string;
  /** Articles only. */
  readingTime?: number;
  version: number;
}

export async function updateSanitized(
  db: Queryable,
  table: ContentTable,
  body: SanitizedBody,
): Promise<void> {
  await db.query(
    `UPDATE ${table}
        SET content = $2, content_text = $3, excerpt = $4, sanitized_version = $5
            ${table === 'articles' ? ', reading_time = $6' : ''}
      WHERE id = $1`,
    table === 'articles'
      ? [body.id, body.content, body.contentText, body.excerpt, body.version, body.readingTime ?? 1]
      : [body.id, body.content, body.contentText, body.excerpt, body.version],
  );
}

export async function findSeedHash(db: Queryable, name: string): Promise<string | null> {
  const row = await firstRow<{ content_hash: string }>(
    db,
    'SELECT content_hash FROM seed_state WHERE name = $1',
    [name],
  );
  return row?.content_hash ?? null;
}

export async function saveSeedHash(db: Queryable, name: string, hash: string): Promise<void> {
  await db.query(
    `INSERT INTO seed_state (name, content_hash) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET content_hash = EXCLUDED.content_hash, seeded_at = now()`,
    [name, hash],
  );
}

// ---- documents (policies and area guides) ---------------------------------

export interface DocumentRow {
  id: number;
  slug: string;
  kind: DocumentKind;
  title: string;
  description: string;
  content: string;
  /** An area guide's parts (see AreaGuide), or null for a policy. */
  details: unknown;
  seeded_hash: string | null;
  updated_at: Date;
}

const DOCUMENT_COLUMNS = `id, slug, kind, title, description, content, details, seeded_hash, updated_at`;

export const findDocumentBySlug = rowFinder<DocumentRow, [slug: string]>(
  `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE slug = $1`,
);

/** A document by id, locked for an update when `lock` is set. */
export const findDocument = rowByIdFinder<DocumentRow>('documents', DOCUMENT_COLUMNS);

/** Every search word in the title or the slug. */
const DOCUMENT_WHERE = everyPatternMatches('$1', ['title', 'slug']);

export const countDocuments = rowCounter<[patterns: Patterns]>(
  `SELECT count(*)::int AS count FROM documents WHERE ${DOCUMENT_WHERE}`,
);

/** Policies first, then area guides, each by title. */
export const listDocuments = rowLister<
  DocumentRow,
  [patterns: Patterns, limit: number, offset: number]
>(
  `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE ${DOCUMENT_WHERE}
    ORDER BY kind DESC, title, id LIMIT $2 OFFSET $3`,
);

export interface DocumentFields {
  title: string;
  description: string;
  content: string;
  contentText: string;
  details: unknown;
  sanitizedVersion: number;
}

/** An administrator's edit: the seed leaves the row alone from now on (`seeded_hash` cleared). */
export function updateDocument(
  db: Queryable,
  id: number,
  fields: DocumentFields,
  at: Date,
): Promise<DocumentRow | null> {
  return firstRow<DocumentRow>(
    db,
    `UPDATE documents
        SET title = $2, description = $3, content = $4, content_text = $5, details = $6,
            sanitized_version = $7, seeded_hash = NULL, updated_at = $8
      WHERE id = $1
      RETURNING ${DOCUMENT_COLUMNS}`,
    [
      id,
      fields.title,
      fields.description,
      fields.content,
      fields.contentText,
      JSON.stringify(fields.details),
      fields.sanitizedVersion,
      at,
    ],
  );
}

export interface SeededDocument extends DocumentFields {
  slug: string;
  kind: DocumentKind;
  /** The hash of the file it was read from. */
  seededHash: string;
  updatedAt: Date;
}

/**
 * Writes a document from its file: inserted when absent, rewritten only when
 * the stored row is still an earlier version of the file (an edited row has
 * no `seeded_hash`). Answers whether a row was written.
 */
export function upsertSeededDocument(db: Queryable, doc: SeededDocument): Promise<boolean> {
  return anyRow(
    db,
    `INSERT INTO documents (slug, kind, title, description, content, content_text, details,
                            sanitized_version, seeded_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (slug) DO UPDATE
        SET kind = EXCLUDED.kind, title = EXCLUDED.title, description = EXCLUDED.description,
            content = EXCLUDED.content, content_text = EXCLUDED.content_text,
            details = EXCLUDED.details, sanitized_version = EXCLUDED.sanitized_version,
            seeded_hash = EXCLUDED.seeded_hash, updated_at = EXCLUDED.updated_at
      WHERE documents.seeded_hash IS NOT NULL AND documents.seeded_hash <> EXCLUDED.seeded_hash
     RETURNING id`,
    [
      doc.slug,
      doc.kind,
      doc.title,
      doc.description,
      doc.content,
      doc.contentText,
      JSON.stringify(doc.details),
      doc.sanitizedVersion,
      doc.seededHash,
      doc.updatedAt,
    ],
  );
}

// ---- the back office's editing of posts and articles -------------------

/** What a blog post and an FAQ article both read back. */
interface ContentRowBase {
  id: number;
  slug: string;
  title: string;
  content: string;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface EditedBlogRow extends ContentRowBase {
  excerpt: string;
  featured_image: string | null;
  tags: string[];
}

export interface EditedArticleRow extends ContentRowBase {
  category: ArticleCategory;
  video_id: string | null;
}

/** The columns every blog post and FAQ article writes (a type, so it is a record of columns). */
export type ContentColumns = {
  slug: string;
  title: string;
  content: string;
  content_text: string;
  excerpt: string;
  is_published: boolean;
  /** The sanitiser version the body was cleaned with. */
  sanitized_version: number;
};

/** The two tables of edited content: the row read back and the columns written. */
interface ContentTables extends Record<ContentTable, unknown> {
  blog_posts: {
    row: EditedBlogRow;
    columns: ContentColumns & { featured_image: string | null; tags: readonly string[] };
    created: { author_id: number };
  };
  articles: {
    row: EditedArticleRow;
    columns: ContentColumns & {
      category: ArticleCategory;
      video_id: string | null;
      reading_time: number;
    };
    created: object;
  };
}

export type ContentRow<T extends ContentTable> = ContentTables[T]['row'];
/** Column → value, written on insert and on update. */
export type ContentFields<T extends ContentTable> = ContentTables[T]['columns'];
/** Column → value, written only when the row is made. */
export type ContentCreatedFields<T extends ContentTable> = ContentTables[T]['created'];

const CONTENT_COLUMNS: Record<ContentTable, string> = {
  blog_posts: `id, slug, title, content, excerpt, featured_image, tags, is_published, created_at,
       updated_at`,
  articles: `id, slug, title, content, category, video_id, is_published, created_at, updated_at`,
};

const TITLE_WHERE = everyPatternMatches('$1', ['title']);

export function countContent(
  db: Queryable,
  table: ContentTable,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM ${table} WHERE ${TITLE_WHERE}`, [
    patterns,
  ]);
}

export function listContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<ContentRow<T>[]> {
  return db.query<ContentRow<T>>(
    `SELECT ${CONTENT_COLUMNS[table]} FROM ${table} WHERE ${TITLE_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [patterns, limit, offset],
  );
}

export function findContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  id: number,
  lock = false,
): Promise<ContentRow<T> | null> {
  return findRowById<ContentRow<T>>(db, table, CONTENT_COLUMNS[table], id, lock);
}

/** Inserts a post or article; null when the slug is taken. */
export function insertContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  fields: ContentFields<T> & ContentCreatedFields<T>,
  at: Date,
): Promise<ContentRow<T> | null> {
  return insertUnlessTaken<ContentRow<T>>(
    db,
    table,
    { ...fields, created_at: at, updated_at: at },
    'slug',
    CONTENT_COLUMNS[table],
  );
}

/** Updates a post or article; null when the new slug is taken by another row. */
export async function updateContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  id: number,
  fields: ContentFields<T>,
  at: Date,
): Promise<ContentRow<T> | null> {
  if (await isSlugTaken(db, table, fields.slug, id)) return null;
  return updateRowById<ContentRow<T>>(
    db,
    table,
    id,
    { ...fields, updated_at: at },
    CONTENT_COLUMNS[table],
  );
}

export async function deleteContent(db: Queryable, table: ContentTable, id: number): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

export async function isSlugTaken(
  db: Queryable,
  table: ContentTable,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const count = await countOf(
    db,
    `SELECT count(*)::int AS count FROM ${table} WHERE slug = $1 AND ($2::int IS NULL OR id <> $2)`,
    [slug, exceptId],
  );
  return count > 0;
}
