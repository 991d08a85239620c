import { z } from 'zod';

import { PAGE_SIZE_MAX } from '../constants.ts';
import {
  ARTICLE_CATEGORIES,
  CONTENT_MESSAGES,
  CONTENT_SEARCH_MAX_LENGTH,
} from '../messages/content.ts';

/**
 * Blog posts (`/blogs`) and FAQ articles (`/faqs`), served by `/api/blog/...`.
 * `content` is HTML already sanitized by the server (when stored and again
 * when answered); render it as HTML. Messages, patterns and limits live in
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

/** `{count, next, previous, results}`; `next`/`previous` are absolute URLs or null. */
function pagedListOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const BlogListSchema = pagedListOf(BlogPostSchema);
export type BlogList = z.infer<typeof BlogListSchema>;

export const ArticleListSchema = pagedListOf(ArticleSchema);
export type ArticleList = z.infer<typeof ArticleListSchema>;

const positiveInteger = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);

/**
 * Query of `GET /api/blog/blogs/`: `page` (1-based) and `page_size` (capped at
 * PAGE_SIZE_MAX, not refused above it), `search` over title and text.
 */
export const BlogListQuerySchema = z.object({
  page: positiveInteger(CONTENT_MESSAGES.invalidPage).optional(),
  page_size: positiveInteger(CONTENT_MESSAGES.invalidPageSize)
    .transform((value) => Math.min(value, PAGE_SIZE_MAX))
    .optional(),
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
