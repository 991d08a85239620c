import { z } from 'zod';

import {
  ARTICLE_CATEGORIES,
  CONTENT_MESSAGES,
  CONTENT_SEARCH_MAX_LENGTH,
  DOCUMENT_KINDS,
} from '../messages/content.ts';

import { PageQuerySchema, pagedListOf } from './paging.ts';

/**
 * Blog posts (`/blogs`) and FAQ articles (`/faqs`), served by `/api/blog/...`.
 * `content` is HTML the server sanitized when it was stored; render it as
 * HTML. List items carry `excerpt` (plain text) and, for clients that render
 * `content` on cards, `content` holding that same short plain text, never the
 * full body. Messages, patterns and limits live in
 * `messages/content.ts`, which the pages can load without zod.
 */

export const BlogAuthorSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type BlogAuthor = z.infer<typeof BlogAuthorSchema>;

export const BlogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  excerpt: z.string(),
  /** A URL (site-relative such as `/content/blog/x.svg`, or absolute), or null. */
  featured_image: z.string().nullable(),
  tags: z.array(z.string()),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
  author: BlogAuthorSchema,
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const ArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  /** A YouTube video id for the 'Related Video' embed, or null. */
  video_id: z.string().nullable(),
  /** Minutes. */
  reading_time: z.number().int(),
  view_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/**
 * A post in a list: `content` is the excerpt (short plain text), never the
 * sanitized body; another client renders `content` on each card.
 */
export const BlogListItemSchema = BlogPostSchema;
export type BlogListItem = z.infer<typeof BlogListItemSchema>;

export const BlogListSchema = pagedListOf(BlogListItemSchema);
export type BlogList = z.infer<typeof BlogListSchema>;

/**
 * An article in a list: a plain-text `excerpt`, and `content` carrying that
 * same excerpt (never the body) for clients that render `content` on cards.
 */
export const ArticleListItemSchema = ArticleSchema.extend({
  excerpt: z.string(),
});
export type ArticleListItem = z.infer<typeof ArticleListItemSchema>;

export const ArticleListSchema = pagedListOf(ArticleListItemSchema);
export type ArticleList = z.infer<typeof ArticleListSchema>;

/**
 * Query of `GET /api/blog/blogs/`: the paging parameters and `search`, whose
 * words must all appear in the title or text, in any order (a word also
 * matches as the start of a longer one).
 */
export const BlogListQuerySchema = PageQuerySchema.extend({
  search: z.string().max(CONTENT_SEARCH_MAX_LENGTH, CONTENT_MESSAGES.searchTooLong).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

/** Query of `GET /api/blog/articles/`: as the blog list, plus `category` ('' means all). */
export const ArticleListQuerySchema = BlogListQuerySchema.extend({
  category: z
    .union([z.enum(ARTICLE_CATEGORIES), z.literal('')], {
      error: CONTENT_MESSAGES.invalidCategory,
    })
    .optional(),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>;

export const AreaFaqSchema = z.object({ question: z.string(), answer: z.string() });
export type AreaFaq = z.infer<typeof AreaFaqSchema>;

/**
 * What an area page says that no other area page says: the parts of its
 * document (plain text, read from the stored HTML when it is saved) and the
 * lists kept beside it.
 */
export const AreaGuideSchema = z.object({
  intro: z.string(),
  travel: z.string(),
  faqs: z.array(AreaFaqSchema),
  landmarks: z.array(z.string()),
  popular_subjects: z.array(z.string()),
  popular_boards: z.array(z.string()),
  /** Other areas with their own page, linked. */
  nearby_areas: z.array(z.string()),
  nearby_localities: z.array(z.string()),
});
export type AreaGuide = z.infer<typeof AreaGuideSchema>;

/**
 * `GET /api/blog/documents/{slug}/`: a policy or an area guide. `content` is
 * sanitized HTML; `updated_at` (ISO 8601) is the page's "last updated" date;
 * `guide` is set for area guides only.
 */
export const SiteDocumentSchema = z.object({
  slug: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  updated_at: z.string(),
  guide: AreaGuideSchema.nullable(),
});
export type SiteDocument = z.infer<typeof SiteDocumentSchema>;
