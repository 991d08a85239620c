import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { avatarSchema, contentImageSchema } from './schemas.ts';
import { getAvatar, getContentImage } from './service.ts';

/** Public files: avatars and the images of blogs and FAQs. Private documents are never served here. */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/avatars/:name', { schema: avatarSchema }, async (request, reply) => {
    const file = await getAvatar(ctx, request.params.name);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.body);
  });
  app.get('/content/:name', { schema: contentImageSchema }, async (request, reply) => {
    const file = await getContentImage(ctx, request.params.name);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
