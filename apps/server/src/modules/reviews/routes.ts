import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';

import { listReviewsSchema, myReviewSchema, saveReviewSchema } from './schemas.ts';
import { findMyReview, listTutorReviews, saveReview } from './service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/',
    {
      schema: saveReviewSchema,
      onRequest: app.authenticate,
      preHandler: app.requireRole('student'),
    },
    async (request, reply) => {
      const { created, review } = await saveReview(ctx, actorOf(request).user_id, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.get('/', { schema: listReviewsSchema }, async (request) =>
    listTutorReviews(ctx, request.query),
  );

  app.get('/mine/', { schema: myReviewSchema, onRequest: app.authenticate }, async (request) =>
    findMyReview(ctx, actorOf(request), request.query.tutor),
  );
};
