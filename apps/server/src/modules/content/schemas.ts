import { ErrorBodySchema } from '@gurumatch/shared/errors';
import { SLUG_MAX_LENGTH } from '@gurumatch/shared/messages/content';
import {
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleSchema,
  BlogListQuerySchema,
  BlogListSchema,
  BlogPostSchema,
  SiteDocumentSchema,
} from '@gurumatch/shared/schemas/content';
import { z } from 'zod';

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(SLUG_MAX_LENGTH) });

export const blogListSchema = {
  tags: ['content'],
  summary: 'Published blog posts, newest first (paged, searchable)',
  querystring: BlogListQuerySchema,
  response: { 200: BlogListSchema, 400: ErrorBodySchema },
};

export const blogPostSchema = {
  tags: ['content'],
  summary: 'One published blog post',
  params: SlugParamsSchema,
  response: { 200: BlogPostSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
};

export const articleListSchema = {
  tags: ['content'],
  summary: 'FAQ articles, newest first (paged, searchable by title, by category)',
  querystring: ArticleListQuerySchema,
  response: { 200: ArticleListSchema, 400: ErrorBodySchema },
};

export const articleSchema = {
  tags: ['content'],
  summary: 'One FAQ article (counts a view)',
  params: SlugParamsSchema,
  response: { 200: ArticleSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
};

export const documentSchema = {
  tags: ['content'],
  summary: 'A policy or area guide (its page text, sanitized HTML)',
  params: SlugParamsSchema,
  response: { 200: SiteDocumentSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
};

/** The list calls' parameters, read from the raw query string (see list-query.ts). */
export const BLOG_LIST_QUERY_KEYS = ['page', 'page_size', 'search'] as const;
export const ARTICLE_LIST_QUERY_KEYS = ['page', 'page_size', 'search', 'category'] as const;
