import multipart from '@fastify/multipart';
import { CONTENT_IMAGE_MAX_BYTES } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { actorOf } from '../../plugins/auth.ts';
import { readUploadedFiles } from '../profile/service.ts';

import { S } from './schemas.ts';
import * as admin from './service.ts';

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function adminOf(request: FastifyRequest): admin.AdminActor {
  const actor = actorOf(request);
  return { user_id: actor.user_id, email: actor.email };
}

/** The back office under `/api/admin/`: administrators only (401 without a token, 403 otherwise). */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // both checks run before the body is read, so a refusal never depends on the body
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    if (actorOf(request).role !== 'admin') {
      throw new AppError(403, 'permission_denied', MESSAGES.permissionDenied);
    }
  });

  app.get('/verifications/', { schema: S.verifications }, async (request) =>
    admin.listVerifications(ctx, request.query),
  );
  app.post('/verifications/:user_id/approve/', { schema: S.approve }, async (request) =>
    admin.decideVerification(ctx, adminOf(request), request.params.user_id, {
      approved: true,
      reason: null,
    }),
  );
  app.post('/verifications/:user_id/reject/', { schema: S.reject }, async (request) =>
    admin.decideVerification(ctx, adminOf(request), request.params.user_id, {
      approved: false,
      reason: request.body.reason,
    }),
  );

  app.get('/reports/', { schema: S.reports }, async (request) =>
    admin.listReports(ctx, request.query),
  );
  app.post('/reports/:id/dismiss/', { schema: S.dismiss }, async (request) =>
    admin.dismissReport(ctx, adminOf(request), request.params.id),
  );
  app.post('/reports/:id/confirm-fake/', { schema: S.confirmFake }, async (request) =>
    admin.confirmFakeReport(
      ctx,
      adminOf(request),
      request.params.id,
      request.body ?? { poster_action: 'warn' },
    ),
  );

  app.get('/users/', { schema: S.users }, async (request) => admin.listUsers(ctx, request.query));
  app.get('/users/:id/', { schema: S.user }, async (request) =>
    admin.getUser(ctx, request.params.id),
  );
  app.post('/users/:id/suspend/', { schema: S.suspend }, async (request) =>
    admin.suspendUser(ctx, adminOf(request), request.params.id, request.body.reason),
  );
  app.post('/users/:id/reinstate/', { schema: S.reinstate }, async (request) =>
    admin.reinstateUser(ctx, adminOf(request), request.params.id),
  );
  app.post('/users/:id/premium/', { schema: S.premium }, async (request) =>
    admin.setPremium(ctx, adminOf(request), request.params.id, request.body?.is_premium ?? true),
  );

  app.get('/payments/', { schema: S.payments }, async (request) =>
    admin.listPayments(ctx, request.query),
  );
  app.post('/payments/:id/refund/', { schema: S.refund }, async (request) =>
    admin.refundPayment(ctx, adminOf(request), request.params.id, request.body),
  );
  app.post('/payments/:id/refund/retry/', { schema: S.retryRefund }, async (request) =>
    admin.retryRefund(ctx, adminOf(request), request.params.id),
  );

  app.get('/jobs/failed/', { schema: S.failedJobs }, async () => admin.listFailedJobs(ctx));
  app.post('/jobs/:id/retry/', { schema: S.retryJob }, async (request) =>
    admin.retryFailedJob(ctx, adminOf(request), request.params.id),
  );

  // Multipart is understood only by the upload call.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: CONTENT_IMAGE_MAX_BYTES,
        files: 1,
        fields: 5,
        parts: 6,
        fieldNameSize: 100,
        fieldSize: 1024,
        headerPairs: 100,
      },
    });
    uploads.post(
      '/uploads/',
      {
        schema: S.uploadImage,
        bodyLimit: CONTENT_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      },
      async (request, reply) => {
        const files = await readUploadedFiles(request, {
          fields: ['image'],
          maxBytes: CONTENT_IMAGE_MAX_BYTES,
          tooLargeMessage: ADMIN_MESSAGES.imageTooLarge,
        });
        const result = await admin.uploadContentImage(ctx, adminOf(request), files.get('image'));
        return reply.status(201).send(result);
      },
    );
  });

  app.get('/documents/', { schema: S.documents }, async (request) =>
    admin.listDocuments(ctx, request.query),
  );
  app.patch('/documents/:id/', { schema: S.updateDocument }, async (request) =>
    admin.updateDocument(ctx, adminOf(request), request.params.id, request.body),
  );

  app.get('/blogs/', { schema: S.blogs }, async (request) => admin.listBlogs(ctx, request.query));
  app.post('/blogs/', { schema: S.createBlog }, async (request, reply) =>
    reply.status(201).send(await admin.createBlog(ctx, adminOf(request), request.body)),
  );
  app.patch('/blogs/:id/', { schema: S.updateBlog }, async (request) =>
    admin.updateBlog(ctx, adminOf(request), request.params.id, request.body),
  );
  app.delete('/blogs/:id/', { schema: S.deleteBlog }, async (request) =>
    admin.deleteBlog(ctx, adminOf(request), request.params.id),
  );

  app.get('/articles/', { schema: S.articles }, async (request) =>
    admin.listArticles(ctx, request.query),
  );
  app.post('/articles/', { schema: S.createArticle }, async (request, reply) =>
    reply.status(201).send(await admin.createArticle(ctx, adminOf(request), request.body)),
  );
  app.patch('/articles/:id/', { schema: S.updateArticle }, async (request) =>
    admin.updateArticle(ctx, adminOf(request), request.params.id, request.body),
  );
  app.delete('/articles/:id/', { schema: S.deleteArticle }, async (request) =>
    admin.deleteArticle(ctx, adminOf(request), request.params.id),
  );

  app.get('/plans/', { schema: S.plans }, async (request) => admin.listPlans(ctx, request.query));
  app.post('/plans/', { schema: S.createPlan }, async (request, reply) =>
    reply.status(201).send(await admin.createPlan(ctx, adminOf(request), request.body)),
  );
  app.patch('/plans/:id/', { schema: S.updatePlan }, async (request) =>
    admin.updatePlan(ctx, adminOf(request), request.params.id, request.body),
  );

  app.get('/coupons/', { schema: S.coupons }, async (request) =>
    admin.listCoupons(ctx, request.query),
  );
  app.post('/coupons/', { schema: S.createCoupon }, async (request, reply) =>
    reply.status(201).send(await admin.createCoupon(ctx, adminOf(request), request.body)),
  );
  app.patch('/coupons/:id/', { schema: S.updateCoupon }, async (request) =>
    admin.updateCoupon(ctx, adminOf(request), request.params.id, request.body),
  );

  app.get('/contact-requests/', { schema: S.contactRequests }, async (request) =>
    admin.listContactRequests(ctx, request.query),
  );
  app.patch('/contact-requests/:id/', { schema: S.updateContactRequest }, async (request) =>
    admin.updateContactRequest(ctx, adminOf(request), request.params.id, request.body),
  );
  app.get(
    '/contact-requests/:id/image/',
    { schema: S.contactRequestImage },
    async (request, reply) => {
      const file = await admin.getContactRequestImage(ctx, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get('/audit-log/', { schema: S.auditLog }, async (request) =>
    admin.listAuditLog(ctx, request.query),
  );
};
