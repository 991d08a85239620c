import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { OUTBOX_PAGE_PATH, renderOutboxPage } from './page.ts';
import { outboxPageSchema, outboxSchema } from './schemas.ts';
import { listOutboxEntries } from './service.ts';

/**
 * The development outbox: JSON for tests and tools, a page for people. Both
 * answer 404 unless an offline mail or code sender is in use (never in production).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/dev/outbox', { schema: outboxSchema }, async (request) =>
    listOutboxEntries(ctx, request.query.to),
  );

  app.get(OUTBOX_PAGE_PATH, { schema: outboxPageSchema }, async (request, reply) => {
    const entries = await listOutboxEntries(ctx, request.query.to);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderOutboxPage(entries, {
          refreshSeconds: request.query.refresh,
          to: request.query.to,
          styleNonce: reply.documentPolicy().style,
        }),
      );
  });
};
