import { randomBytes } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';

import { sandboxPagePolicy } from './sandbox-page.ts';
import {
  applyCouponSchema,
  createOrderSchema,
  currentPlanSchema,
  failRedemptionSchema,
  historySchema,
  invoiceSchema,
  ledgerSchema,
  plansSchema,
  sandboxCheckoutSchema,
  sandboxPaySchema,
  validateCouponSchema,
  verifyPaymentSchema,
  webhookSchema,
} from './schemas.ts';
import {
  applyCoupon,
  createOrder,
  failRedemption,
  getCurrentPlan,
  getInvoice,
  handleWebhook,
  listLedger,
  listPlans,
  listPurchases,
  sandboxCheckoutPage,
  sandboxPay,
  validateCoupon,
  verifyPayment,
} from './service.ts';

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const teacher = { onRequest: app.authenticate, preHandler: app.requireRole('teacher') };

  app.get('/plans/', { schema: plansSchema, ...teacher }, async () => listPlans(ctx));

  app.get('/current-plan/', { schema: currentPlanSchema, ...teacher }, async (request) =>
    getCurrentPlan(ctx, actorOf(request).user_id),
  );

  app.post('/coupons/validate/', { schema: validateCouponSchema, ...teacher }, async (request) =>
    validateCoupon(ctx, actorOf(request).user_id, request.body),
  );

  app.post('/coupons/apply/', { schema: applyCouponSchema, ...teacher }, async (request) =>
    applyCoupon(ctx, actorOf(request).user_id, request.body),
  );

  app.post(
    '/coupons/fail-redemption/',
    { schema: failRedemptionSchema, ...teacher },
    async (request) => failRedemption(ctx, actorOf(request).user_id, request.body),
  );

  app.post('/create-order/', { schema: createOrderSchema, ...teacher }, async (request) =>
    createOrder(ctx, actorOf(request).user_id, request.body),
  );

  app.post('/verify-payment/', { schema: verifyPaymentSchema, ...teacher }, async (request) =>
    verifyPayment(ctx, actorOf(request).user_id, request.body),
  );

  app.get('/ledger/', { schema: ledgerSchema, ...teacher }, async (request) =>
    listLedger(ctx, actorOf(request).user_id, request.query),
  );

  app.get('/history/', { schema: historySchema, ...teacher }, async (request) =>
    listPurchases(ctx, actorOf(request).user_id, request.query),
  );

  app.get('/invoices/:id/', { schema: invoiceSchema, ...teacher }, async (request) =>
    getInvoice(ctx, actorOf(request).user_id, request.params.id),
  );

  // The webhook's signature covers the raw bytes: this scope keeps the body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    raw.post('/razorpay/webhook/', { schema: webhookSchema }, async (request) => {
      const header = request.headers['x-razorpay-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handleWebhook(ctx, body, typeof header === 'string' ? header : undefined);
    });
  });

  if (ctx.paymentsSandbox) {
    app.get('/sandbox/checkout/', { schema: sandboxCheckoutSchema }, async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const html = await sandboxCheckoutPage(ctx, request.query.order_id, nonce);
      return reply
        .header('content-security-policy', sandboxPagePolicy(nonce))
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    });

    app.post('/sandbox/pay/', { schema: sandboxPaySchema }, async (request) =>
      sandboxPay(ctx, request.body),
    );
  }
};
