import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { buildRobotsTxt, buildSitemap } from './service.ts';

/** How long crawlers and caches may keep the sitemap and robots.txt, in seconds. */
const SEO_FILE_MAX_AGE_SECONDS = 60 * 60;

export const seoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Sitemap of public pages' } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${String(SEO_FILE_MAX_AGE_SECONDS)}`)
        .send(await buildSitemap(ctx)),
  );

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawler rules' } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${String(SEO_FILE_MAX_AGE_SECONDS)}`)
        .send(buildRobotsTxt(ctx)),
  );
};
