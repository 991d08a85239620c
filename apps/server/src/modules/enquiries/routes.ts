import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { builtAnswers } from '../../lib/answers.ts';
import { actorOf } from '../../plugins/auth.ts';

import { startFeedCache } from './feed-cache.ts';
import {
  archiveEnquirySchema,
  checkContactedSchema,
  checkReportedSchema,
  createEnquirySchema,
  feedSchema,
  filterFeedSchema,
  getEnquirySchema,
  listOwnEnquiriesSchema,
  reportSchema,
  sendMessageSchema,
  starSchema,
  totalEnquiriesSchema,
  tutorListSchema,
} from './schemas.ts';
import {
  archiveEnquiry,
  checkContacted,
  checkReported,
  createEnquiry,
  feedWithFilters,
  filterFeed,
  getEnquiry,
  listContacted,
  listOwnEnquiries,
  listStarred,
  reportEnquiry,
  sendMessage,
  toggleStar,
  totalEnquiries,
} from './service.ts';

/** Enquiries, the tutor feed, stars, contacts and reports, under /api/enquiry. */
export const enquiriesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const stopFeedCache = await startFeedCache(ctx, {
    pubsub: ctx.pubsub,
    db: ctx.db,
    log: ctx.log,
    clock: () => ctx.now().getTime(),
  });
  app.addHook('onClose', stopFeedCache);
  // the role is checked before the body, so a wrong role is a 403 whatever it sends
  const student = { onRequest: app.authenticate, preValidation: app.requireRole('student') };
  const teacher = { onRequest: app.authenticate, preValidation: app.requireRole('teacher') };

  app.post('/enquiries/', { schema: createEnquirySchema, ...student }, async (request, reply) => {
    const result = await createEnquiry(ctx, actorOf(request).user_id, request.body);
    return reply.status(201).send(result);
  });

  app.get(
    '/enquiries/total_enquiries/',
    { schema: totalEnquiriesSchema, ...student },
    async (request) => totalEnquiries(ctx, actorOf(request).user_id),
  );

  app.get(
    '/enquiries/:id/',
    { schema: getEnquirySchema, onRequest: app.authenticate },
    async (request) => getEnquiry(ctx, actorOf(request), request.params.id),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/enquiries/:id/archive/',
      schema: archiveEnquirySchema,
      ...student,
      handler: async (request) => archiveEnquiry(ctx, actorOf(request).user_id, request.params.id),
    });
  }

  // the busiest lists: answers written as built, without the parse (checked in tests)
  await app.register(async (scope) => {
    const lists = scope.withTypeProvider<ZodTypeProvider>();
    lists.setSerializerCompiler(builtAnswers(ctx.config.nodeEnv === 'test'));
    lists.get('/enquiries/', { schema: listOwnEnquiriesSchema, ...student }, async (request) =>
      listOwnEnquiries(ctx, actorOf(request).user_id, request.query),
    );
    // the feed's session check may read the tutors this instance keeps (decision 058)
    const feedReader = { ...teacher, config: { sessionFromMemory: true } };
    lists.get('/teacher/enquiry-filters/', { schema: feedSchema, ...feedReader }, async (request) =>
      feedWithFilters(ctx, actorOf(request).user_id, request.query),
    );
    lists.post(
      '/teacher/enquiry-filters/',
      { schema: filterFeedSchema, ...feedReader },
      async (request) => filterFeed(ctx, actorOf(request).user_id, request.body, request.query),
    );
  });

  app.get('/contacted/', { schema: tutorListSchema, ...teacher }, async (request) =>
    listContacted(ctx, actorOf(request).user_id, request.query),
  );

  app.get('/starred/', { schema: tutorListSchema, ...teacher }, async (request) =>
    listStarred(ctx, actorOf(request).user_id, request.query),
  );

  app.post('/:id/star/', { schema: starSchema, ...teacher }, async (request) =>
    toggleStar(ctx, actorOf(request).user_id, request.params.id),
  );

  app.get('/:id/check-contacted/', { schema: checkContactedSchema, ...teacher }, async (request) =>
    checkContacted(ctx, actorOf(request).user_id, request.params.id),
  );

  app.post('/:id/send-message/', { schema: sendMessageSchema, ...teacher }, async (request) =>
    sendMessage(ctx, actorOf(request).user_id, request.params.id, request.body),
  );

  app.get('/:id/check-reported/', { schema: checkReportedSchema, ...teacher }, async (request) =>
    checkReported(ctx, actorOf(request).user_id, request.params.id),
  );

  app.post('/report/', { schema: reportSchema, ...teacher }, async (request, reply) => {
    const result = await reportEnquiry(ctx, actorOf(request).user_id, request.body);
    return reply.status(201).send(result);
  });
};
