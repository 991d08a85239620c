import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { avatarSchema } from './schemas.ts';
import { getAvatar } from './service.ts';

/** Public files: avatars only. Private documents are never served here. */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/avatars/:name', { schema: avatarSchema }, async (request, reply) => {
    const file = await getAvatar(ctx, request.params.name);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.body);
  });
};
