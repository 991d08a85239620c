import { z } from 'zod';

import { GST_PERCENT } from '../constants.ts';

// ---------------------------------------------------------------------------
// Money: integer paise everywhere; rupee strings with 2 decimals on the wire.

/** 49900 → '499.00'. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** GST on a taxable value in paise, rounded to the paisa (half up). */
export function gstOf(taxablePaise: number): number {
  return Math.floor((taxablePaise * GST_PERCENT + 50) / 100);
}

export interface OrderAmounts {
  price: number;
  discount: number;
  taxable: number;
  gst: number;
  total: number;
}

/** Plan price − discount (never below 0), + 18 % GST rounded to the paisa; all in paise. */
export function orderAmounts(pricePaise: number, discountPaise = 0): OrderAmounts {
  const discount = Math.min(Math.max(0, discountPaise), pricePaise);
  const taxable = pricePaise - discount;
  const gst = gstOf(taxable);
  return { price: pricePaise, discount, taxable, gst, total: taxable + gst };
}

export type CouponKind = 'percent' | 'flat';

/** A percentage (`value` in basis points: 1000 = 10 %) or a flat amount in paise, rounded to the paisa. */
export function couponDiscount(kind: CouponKind, value: number, pricePaise: number): number {
  const raw = kind === 'percent' ? Math.floor((pricePaise * value + 5000) / 10000) : value;
  return Math.min(Math.max(0, raw), pricePaise);
}

// ---------------------------------------------------------------------------
// Plans

const Rupees = z.string().regex(/^-?\d+\.\d{2}$/);

/** GET /api/payments/plans/ item (part 2 §3, API contract). */
export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  coins: z.number().int(),
  price: Rupees,
  price_with_gst: Rupees,
  description: z.string(),
  recommended: z.boolean(),
  features: z.array(z.string()),
  validity_days: z.number().int(),
  is_active: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListSchema = z.array(PlanSchema);

export const CurrentPlanSchema = z.object({
  success: z.literal(true),
  plan: PlanSchema.extend({ expiry_date: z.string().nullable() }),
  /**
   * Ours: a purchase newer than the current plan whose money went back to the
   * payment method (its coins taken back), so the plans page can say so; else null.
   */
  refunded_purchase: z
    .object({ display_name: z.string(), amount: Rupees, refunded_at: z.string() })
    .nullable(),
});
export type CurrentPlan = z.infer<typeof CurrentPlanSchema>;

// ---------------------------------------------------------------------------
// Coupons

const PlanId = z.coerce.number().int().positive().max(2_147_483_647);
const RedemptionId = z.coerce.number().int().positive().max(2_147_483_647);

export const COUPON_CODE_MAX_LENGTH = 40;

export const CouponBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a coupon code.')
    .max(COUPON_CODE_MAX_LENGTH, 'Invalid coupon'),
  plan_id: PlanId,
});
export type CouponBody = z.infer<typeof CouponBodySchema>;

export const CouponResultSchema = z.object({
  valid: z.boolean(),
  discount_amount: Rupees,
  discounted_price: Rupees,
  original_price: Rupees,
  coupon_code: z.string(),
  message: z.string(),
});
export type CouponResult = z.infer<typeof CouponResultSchema>;

export const ApplyCouponResultSchema = z.object({
  success: z.literal(true),
  coupon_code: z.string(),
  redemption_id: z.number().int(),
  message: z.string(),
  discount_amount: Rupees,
  discounted_price: Rupees,
  original_price: Rupees,
});
export type ApplyCouponResult = z.infer<typeof ApplyCouponResultSchema>;

export const FailRedemptionBodySchema = z.object({ redemption_id: RedemptionId });
export type FailRedemptionBody = z.infer<typeof FailRedemptionBodySchema>;

// ---------------------------------------------------------------------------
// Orders and payments

export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export const CreateOrderBodySchema = z.object({
  plan_id: PlanId,
  coupon_code: z
    .string()
    .trim()
    .max(COUPON_CODE_MAX_LENGTH, 'Invalid coupon')
    .nullish()
    .transform((value) => value || null),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const CreateOrderResultSchema = z.object({
  key: z.string(),
  /** Paise, GST included, after the discount. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  order_id: z.string(),
  plan_details: z.object({ id: z.number().int(), name: z.string(), coins: z.number().int() }),
  user_details: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  redemption_id: z.number().int().nullable(),
  /** Which checkout to open: Razorpay's checkout.js, or our sandbox page at `checkout_url`. */
  provider: z.enum(PAYMENT_PROVIDERS),
  checkout_url: z.string().nullable(),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>;

const ProviderId = z.string().trim().min(1).max(100);

export const VerifyPaymentBodySchema = z.object({
  razorpay_payment_id: ProviderId,
  razorpay_order_id: ProviderId,
  razorpay_signature: z.string().trim().min(1).max(200),
  plan_id: z.unknown().optional(),
  redemption_id: z.unknown().optional(),
});
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBodySchema>;

export const VerifyPaymentResultSchema = z.object({
  success: z.literal(true),
  coins_added: z.number().int(),
  message: z.string(),
  /** The balance after the credit. */
  coins: z.number().int(),
});
export type VerifyPaymentResult = z.infer<typeof VerifyPaymentResultSchema>;

/** The sandbox checkout page posts the test instrument typed in. */
export const SandboxPayBodySchema = z.object({
  order_id: ProviderId,
  method: z.enum(['card', 'upi']),
  instrument: z.string().trim().min(1).max(100),
});
export type SandboxPayBody = z.infer<typeof SandboxPayBodySchema>;

// ---------------------------------------------------------------------------
// Ledger, purchases, invoices

function pagedListOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** `reversal`: the coins of a purchase refunded to the original payment method, taken back. */
export const LEDGER_KINDS = ['credit', 'spend', 'expiry', 'refund', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: credits and refunds add, spends, expiries and reversals take away. */
  coins: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerListSchema = pagedListOf(LedgerEntrySchema);
export type LedgerList = z.infer<typeof LedgerListSchema>;

/** A purchase's refund: as coins (the money stays paid) or to the payment method (coins taken back). */
export const PurchaseRefundSchema = z.object({
  kind: z.enum(['coins', 'original']),
  /** The provider's progress of a refund to the payment method; null for a refund as coins. */
  status: z.enum(['pending', 'processed', 'failed']).nullable(),
  coins: z.number().int(),
  amount: Rupees,
  refunded_at: z.string(),
});
export type PurchaseRefund = z.infer<typeof PurchaseRefundSchema>;

export const PurchaseSchema = z.object({
  id: z.number().int(),
  plan: z.object({ id: z.number().int(), name: z.string(), display_name: z.string() }),
  coins: z.number().int(),
  price: Rupees,
  discount: Rupees,
  taxable_value: Rupees,
  gst: Rupees,
  amount: Rupees,
  currency: z.literal('INR'),
  coupon_code: z.string().nullable(),
  payment_id: z.string(),
  order_id: z.string(),
  invoice_number: z.string(),
  invoice_url: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  /** Ours: null while the purchase stands. */
  refund: PurchaseRefundSchema.nullable(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const PurchaseListSchema = pagedListOf(PurchaseSchema);
export type PurchaseList = z.infer<typeof PurchaseListSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((value) => Math.min(value, 50))
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Services Accounting Code printed on invoices: commercial training and coaching services. */
export const INVOICE_SAC = '999293';

export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.string(),
  date: z.string(),
  seller: z.object({
    name: z.string(),
    gstin: z.string(),
    address: z.string(),
    state: z.string(),
  }),
  buyer: z.object({ name: z.string(), email: z.string(), state: z.string() }),
  sac: z.string(),
  description: z.string(),
  coins: z.number().int(),
  price: Rupees,
  discount: Rupees,
  taxable_value: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  igst: Rupees,
  /** 'intra' (CGST + SGST, 9 % each) when the buyer's state is the seller's, else 'inter' (IGST 18 %). */
  supply: z.enum(['intra', 'inter']),
  total: Rupees,
  payment_id: z.string(),
  order_id: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
