import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppContext } from '../../context.ts';
import { requireFound } from '../../lib/not-found.ts';

import { buildRobotsTxt, buildSitemapFile, buildSitemapIndex } from './service.ts';

/** How long crawlers and caches may keep the sitemap and robots.txt, in seconds. */
const SEO_FILE_MAX_AGE_SECONDS = 60 * 60;

export const seoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Sitemap index: the files listing the public pages' } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${String(SEO_FILE_MAX_AGE_SECONDS)}`)
        .send(await buildSitemapIndex(ctx)),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One sitemap file (pages-N, blogs-N or faqs-N .xml)',
        params: z.object({ file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const xml = requireFound(await buildSitemapFile(ctx, request.params.file));
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${String(SEO_FILE_MAX_AGE_SECONDS)}`)
        .send(xml);
    },
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
