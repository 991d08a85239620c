import { FailureBodySchema, SuccessMessageSchema } from '@gurumatch/shared/schemas/account';
import {
  ApplyCouponResultSchema,
  CouponBodySchema,
  CouponResultSchema,
  CreateOrderBodySchema,
  CreateOrderResultSchema,
  CurrentPlanSchema,
  FailRedemptionBodySchema,
  InvoiceSchema,
  LedgerListSchema,
  PageQuerySchema,
  PlanListSchema,
  PurchaseListSchema,
  SandboxPayBodySchema,
  VerifyPaymentBodySchema,
  VerifyPaymentResultSchema,
} from '@gurumatch/shared/schemas/payments';
import { z } from 'zod';

const failures = {
  400: FailureBodySchema,
  401: FailureBodySchema,
  403: FailureBodySchema,
  404: FailureBodySchema,
  409: FailureBodySchema,
  503: FailureBodySchema,
};

const bearer = [{ bearerAuth: [] }];
const tags = ['payments'];

export const plansSchema = {
  tags,
  summary: 'Coin plans on sale (a plain array; prices in rupees, GST 18 %)',
  security: bearer,
  response: { 200: PlanListSchema, ...failures },
};

export const currentPlanSchema = {
  tags,
  summary: "The tutor's current plan with its expiry date (the free plan when none was bought)",
  security: bearer,
  response: { 200: CurrentPlanSchema, ...failures },
};

export const validateCouponSchema = {
  tags,
  summary: 'Check a coupon against a plan (nothing reserved)',
  security: bearer,
  body: CouponBodySchema,
  response: { 200: CouponResultSchema, ...failures },
};

export const applyCouponSchema = {
  tags,
  summary: 'Reserve one use of a coupon for this tutor and plan (30 minutes)',
  security: bearer,
  body: CouponBodySchema,
  response: { 200: ApplyCouponResultSchema, ...failures },
};

export const failRedemptionSchema = {
  tags,
  summary: 'Release a coupon reservation after a failed or closed checkout',
  security: bearer,
  body: FailRedemptionBodySchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const createOrderSchema = {
  tags,
  summary: 'Create a checkout order for a paid plan (amount computed by the server, in paise)',
  security: bearer,
  body: CreateOrderBodySchema,
  response: { 200: CreateOrderResultSchema, ...failures },
};

export const verifyPaymentSchema = {
  tags,
  summary: "Verify the checkout's signature and credit the plan's coins once",
  security: bearer,
  body: VerifyPaymentBodySchema,
  response: { 200: VerifyPaymentResultSchema, ...failures },
};

export const webhookSchema = {
  tags,
  summary: "Razorpay's webhook (payment.captured), signed in X-Razorpay-Signature",
  response: { 200: z.object({ status: z.enum(['ok', 'ignored']) }), 400: FailureBodySchema },
};

export const ledgerSchema = {
  tags,
  summary: 'The coin ledger, newest first (paged)',
  security: bearer,
  querystring: PageQuerySchema,
  response: { 200: LedgerListSchema, ...failures },
};

export const historySchema = {
  tags,
  summary: 'Purchases, newest first, each with its invoice (paged)',
  security: bearer,
  querystring: PageQuerySchema,
  response: { 200: PurchaseListSchema, ...failures },
};

export const invoiceSchema = {
  tags,
  summary: 'The GST tax invoice of one purchase',
  security: bearer,
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: { 200: InvoiceSchema, ...failures },
};

export const sandboxCheckoutSchema = {
  tags,
  summary: 'The offline sandbox checkout page (only without Razorpay, never in production)',
  querystring: z.object({ order_id: z.string().trim().min(1).max(100) }),
};

export const sandboxPaySchema = {
  tags,
  summary: 'Pay a sandbox order with a test card or UPI id',
  body: SandboxPayBodySchema,
  response: {
    200: z.object({
      razorpay_payment_id: z.string(),
      razorpay_order_id: z.string(),
      razorpay_signature: z.string(),
    }),
    ...failures,
    402: FailureBodySchema,
  },
};
