import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { readListQuery } from './list-query.ts';
import {
  ARTICLE_LIST_QUERY_KEYS,
  articleListSchema,
  articleSchema,
  BLOG_LIST_QUERY_KEYS,
  blogListSchema,
  blogPostSchema,
  documentSchema,
} from './schemas.ts';
import { getBlogPost, getDocument, listArticles, listBlogPosts, viewArticle } from './service.ts';

/** Re-reads the query string so an unencoded `&` inside `search` stays in the search. */
function tolerateRawSearch(keys: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    request.query = readListQuery(request.url, keys, 'search');
  };
}

export const contentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/blogs/',
    {
      schema: blogListSchema,
      preValidation: tolerateRawSearch(BLOG_LIST_QUERY_KEYS),
      config: { publicCache: true },
    },
    async (request) => listBlogPosts(ctx, request.query),
  );

  app.get(
    '/blogs/:slug/',
    { schema: blogPostSchema, config: { publicCache: true } },
    async (request) => getBlogPost(ctx, request.params.slug),
  );

  app.get(
    '/articles/',
    {
      schema: articleListSchema,
      preValidation: tolerateRawSearch(ARTICLE_LIST_QUERY_KEYS),
      config: { publicCache: true },
    },
    async (request) => listArticles(ctx, request.query),
  );

  app.get('/articles/:slug/', { schema: articleSchema }, async (request) =>
    viewArticle(ctx, request.params.slug),
  );

  app.get(
    '/documents/:slug/',
    { schema: documentSchema, config: { publicCache: true } },
    async (request) => getDocument(ctx, request.params.slug),
  );
};
