import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (_app, _opts) => {
  // routes are added with the feature
};
