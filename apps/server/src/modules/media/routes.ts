import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { avatarSchema, contentImageSchema } from './schemas.ts';
import { getAvatar, getContentImage } from './service.ts';

/** A public image: kept by browsers and proxies for a year (names change with content), usable by other origins. */
function sendPublicImage(reply: FastifyReply, file: { contentType: string; body: Buffer }) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** Public files: avatars and the images of blogs and FAQs. Private documents are never served here. */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/avatars/:name', { schema: avatarSchema }, async (request, reply) =>
    sendPublicImage(reply, await getAvatar(ctx, request.params.name)),
  );
  app.get('/content/:name', { schema: contentImageSchema }, async (request, reply) =>
    sendPublicImage(reply, await getContentImage(ctx, request.params.name)),
  );
};
