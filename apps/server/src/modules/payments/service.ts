import {
  COUPON_RESERVATION_MINUTES,
  FREE_PLAN_NAME,
  ORDER_RECONCILE_AFTER_MINUTES,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import type {
  AdminCouponBody,
  AdminCouponPatch,
  AdminPlanBody,
  AdminPlanPatch,
} from '@gurumatch/shared/schemas/admin';
import {
  couponDiscount,
  formatRupees,
  INVOICE_SAC,
  orderAmounts,
  type ApplyCouponResult,
  type CouponBody,
  type CouponResult,
  type CreateOrderBody,
  type CreateOrderResult,
  type CurrentPlan,
  type FailRedemptionBody,
  type Invoice,
  type LedgerEntry,
  type LedgerList,
  type PageQuery,
  type Plan,
  type Purchase,
  type PurchaseList,
  type SandboxPayBody,
  type VerifyPaymentBody,
  type VerifyPaymentResult,
} from '@gurumatch/shared/schemas/payments';
import sanitizeHtml from 'sanitize-html';

import type { ProviderPayment } from '../../adapters/payments/index.ts';
import type { SandboxCheckoutResult, SandboxPayments } from '../../adapters/payments/sandbox.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { againIfRaced } from '../../db/races.ts';
import { AppError, providerUnavailable } from '../../errors.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { requireFound } from '../../lib/not-found.ts';
import { pageSizeLinks, readPageRequest } from '../../lib/paging.ts';
import { queueJobPerItem, sweepJob } from '../../lib/sweep-job.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/time.ts';
import { sanitizeContentHtml } from '../content/service.ts';

import { creditCoinsOnce, getCoinBalance, settleExpiredCoins } from './ledger.ts';
import {
  consumeRedemption,
  countExistingPlans,
  countCouponUses,
  countLedgerEntries,
  countPurchases,
  extendReservation,
  findBuyer,
  findCouponByCode,
  findCurrentPurchase,
  findLatestRefundedPurchase,
  findFreePlanLot,
  findLiveReservation,
  findOrderByProviderId,
  findPaymentByProviderId,
  findPlanById,
  findPlanByName,
  findPurchase,
  insertEditableCoupon,
  insertPlan,
  hasFreePlanLot,
  insertConsumedRedemption,
  insertOrder,
  insertPayment,
  insertReservation,
  isOnboardedTeacher,
  isReservationOnOrder,
  listPlansForSale,
  listLedgerEntries,
  findOrderById,
  listOrdersToReconcile,
  listUsersWithExpiredCoins,
  listPurchases as listPurchaseRows,
  lockCoupon,
  lockEditableCoupon,
  lockEditablePlan,
  lockLiveReservationsOfUser,
  lockOrder,
  lockRedemption,
  lockRedemptionById,
  markOrderChecked,
  markOrderFailed,
  markOrderPaid,
  markOrderRefunded,
  releaseLapsedReservations,
  releaseRedemption,
  setOrderRedemption,
  updateEditableCoupon,
  updatePlan,
  type CouponRow,
  type EditableCouponRow,
  type EditablePlanRow,
  type LedgerRow,
  type OrderRow,
  type PlanRow,
  type PurchaseRow,
  type RedemptionRow,
} from './queries.ts';
import {
  latePaymentRefundJobOf,
  queuePendingRefundChecks,
  refundJobs,
  settleRefundFromWebhook,
} from './refunds.ts';
import { renderSandboxCheckout } from './sandbox-page.ts';

export {
  creditCoins,
  getCoinBalance,
  refundCoins,
  reverseLot,
  spendCoins,
  takeBackLot,
} from './ledger.ts';
export { requestRefundToMethod, retryRefundToMethod, type RefundablePayment } from './refunds.ts';

/** Orders nobody paid within a day are closed by reconciliation (their coupon is released). */
const ORDER_ABANDONED_AFTER_MS = DAY_MS;
/** The provider's smallest order (₹1). */
const MIN_ORDER_PAISE = 100;

/** The balance other modules show (token claim, `GET /api/auth/user/coins/`). */
export function coinBalanceAt(db: Queryable, userId: number, now: Date): Promise<number> {
  return getCoinBalance(db, userId, now);
}

function expiryOf(plan: PlanRow, now: Date): Date {
  return new Date(now.getTime() + plan.validity_days * DAY_MS);
}

/**
 * Gives the free plan's coins to a tutor, once ever (a unique index holds it
 * even when two requests race). Called when onboarding reaches the dashboard.
 */
export async function grantFreePlanOnce(ctx: AppContext, userId: number): Promise<void> {
  if (await hasFreePlanLot(ctx.db, userId)) return;
  const plan = await findPlanByName(ctx.db, FREE_PLAN_NAME);
  if (!plan?.is_active) return;
  const now = ctx.now();
  await ctx.db.transaction((tx) =>
    creditCoinsOnce(tx, {
      userId,
      coins: plan.coins,
      reason: PAYMENT_MESSAGES.freePlanReason,
      expiresAt: expiryOf(plan, now),
      now,
      source: 'free_plan',
      planId: plan.id,
    }),
  );
}

/** Grants the free plan if the user is a tutor whose onboarding is now complete. */
export async function grantFreePlanIfOnboarded(ctx: AppContext, userId: number): Promise<void> {
  if (await isOnboardedTeacher(ctx.db, userId)) await grantFreePlanOnce(ctx, userId);
}

// ---------------------------------------------------------------- plans

/** Plan descriptions are editable by administrators: only simple formatting survives. */
const PLAN_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'span'],
  allowedAttributes: {},
};

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    display_name: row.display_name,
    coins: row.coins,
    price: formatRupees(row.price_paise),
    price_with_gst: formatRupees(orderAmounts(row.price_paise).total),
    description: sanitizeHtml(row.description, PLAN_HTML).trim(),
    recommended: row.recommended,
    features: row.features,
    validity_days: row.validity_days,
    is_active: row.is_active,
  };
}

/** The plans a tutor can buy (compat: every item gets a Buy button); the free plan is in `current-plan`. */
export async function listPlans(ctx: AppContext): Promise<Plan[]> {
  return (await listPlansForSale(ctx.db)).map(toPlan);
}

/** The newest unexpired purchased plan; with none, the free plan (compat). */
export async function getCurrentPlan(ctx: AppContext, userId: number): Promise<CurrentPlan> {
  const now = ctx.now();
  const current = await findCurrentPurchase(ctx.db, userId, now);
  const plan = current
    ? await findPlanById(ctx.db, current.plan_id)
    : await findPlanByName(ctx.db, FREE_PLAN_NAME);
  if (!plan) throw new AppError(404, 'plan_not_found', PAYMENT_MESSAGES.planNotFound);
  const expiry = current?.expires_at ?? (await findFreePlanLot(ctx.db, userId))?.expires_at;
  const refunded = await findLatestRefundedPurchase(ctx.db, userId, now);
  // an older refund is history (billing shows it); a newer one explains why the plan changed
  const isNewer = refunded !== null && (current === null || refunded.lot_id > current.lot_id);
  return {
    success: true,
    plan: { ...toPlan(plan), expiry_date: expiry?.toISOString() ?? null },
    refunded_purchase: isNewer
      ? {
          display_name: refunded.plan_display_name,
          amount: formatRupees(refunded.amount_paise),
          refunded_at: refunded.refunded_at.toISOString(),
        }
      : null,
  };
}

async function requirePaidPlan(db: Queryable, planId: number): Promise<PlanRow> {
  const plan = await findPlanById(db, planId);
  if (!plan?.is_active) throw new AppError(404, 'plan_not_found', PAYMENT_MESSAGES.planNotFound);
  if (plan.price_paise <= 0) {
    throw new AppError(400, 'plan_not_found', PAYMENT_MESSAGES.freePlanNotForSale);
  }
  return plan;
}

// ---------------------------------------------------------------- coupons

function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why the coupon cannot be used on the plan at `now` (limits aside), or null. */
function couponProblem(coupon: CouponRow | null, plan: PlanRow, now: Date): string | null {
  if (!coupon?.is_active) return PAYMENT_MESSAGES.invalidCoupon;
  if (coupon.valid_from && now < coupon.valid_from) return PAYMENT_MESSAGES.couponNotStarted;
  if (coupon.valid_until && now >= coupon.valid_until) return PAYMENT_MESSAGES.couponExpired;
  if (coupon.plan_ids.length > 0 && !coupon.plan_ids.includes(plan.id)) {
    return PAYMENT_MESSAGES.couponNotForPlan;
  }
  const { total } = orderAmounts(plan.price_paise, discountOf(coupon, plan));
  if (total < MIN_ORDER_PAISE) return PAYMENT_MESSAGES.couponNotForPlan;
  return null;
}

function discountOf(coupon: CouponRow, plan: PlanRow): number {
  return couponDiscount(coupon.kind, coupon.value, plan.price_paise);
}

function limitProblem(coupon: CouponRow, uses: { total: number; by_user: number }): string | null {
  if (coupon.max_redemptions !== null && uses.total >= coupon.max_redemptions) {
    return PAYMENT_MESSAGES.couponUsedUp;
  }
  if (uses.by_user >= coupon.max_per_user) return PAYMENT_MESSAGES.couponAlreadyUsed;
  return null;
}

function priceFields(plan: PlanRow, discount: number) {
  const amounts = orderAmounts(plan.price_paise, discount);
  return {
    discount_amount: formatRupees(amounts.discount),
    discounted_price: formatRupees(amounts.taxable),
    original_price: formatRupees(plan.price_paise),
  };
}

/** Checks a coupon against a plan without reserving it (prices before GST). */
export async function validateCoupon(
  ctx: AppContext,
  userId: number,
  body: CouponBody,
): Promise<CouponResult> {
  const plan = await requirePaidPlan(ctx.db, body.plan_id);
  const code = normalizeCode(body.code);
  const now = ctx.now();
  const coupon = await findCouponByCode(ctx.db, code);
  let problem = couponProblem(coupon, plan, now);
  if (!problem && coupon) {
    const own = await findLiveReservation(ctx.db, coupon.id, userId, plan.id, now);
    if (!own) problem = limitProblem(coupon, await countCouponUses(ctx.db, coupon.id, userId, now));
  }
  if (problem || !coupon) {
    return { valid: false, ...priceFields(plan, 0), coupon_code: code, message: problem ?? '' };
  }
  return {
    valid: true,
    ...priceFields(plan, discountOf(coupon, plan)),
    coupon_code: coupon.code,
    message: PAYMENT_MESSAGES.couponValid,
  };
}

/**
 * Reserves one use of the coupon for the user and plan, inside `tx`, under a
 * lock on the coupon row (so limits hold under races). An own live reservation
 * for the same plan is reused; one for another plan is released first. For a
 * new order (`forOrder`), a reservation another order already carries is not
 * reused: it is released and a new one taken, so each reservation sits on one
 * order at most and the older order no longer holds the coupon
 * (docs/decisions/042-coupon-redemptions-and-order-snapshots.md).
 */
async function reserveCoupon(
  ctx: AppContext,
  tx: Queryable,
  userId: number,
  plan: PlanRow,
  rawCode: string,
  forOrder = false,
): Promise<{ coupon: CouponRow; redemption: RedemptionRow }> {
  const now = ctx.now();
  const found = await findCouponByCode(tx, normalizeCode(rawCode));
  const coupon = found ? await lockCoupon(tx, found.id) : null;
  const problem = couponProblem(coupon, plan, now);
  if (problem || !coupon) throw new AppError(400, 'invalid_coupon', problem ?? '');
  await releaseLapsedReservations(tx, coupon.id, now);
  const until = new Date(now.getTime() + COUPON_RESERVATION_MINUTES * MINUTE_MS);
  const own = await findLiveReservation(tx, coupon.id, userId, plan.id, now);
  if (own && forOrder && (await isReservationOnOrder(tx, own.id))) {
    await releaseRedemption(tx, own.id, now);
  } else if (own) {
    await extendReservation(tx, own.id, until);
    return { coupon, redemption: { ...own, reserved_until: until } };
  }
  await releaseOtherPlansOfUser(tx, coupon.id, userId, now);
  const limit = limitProblem(coupon, await countCouponUses(tx, coupon.id, userId, now));
  if (limit) throw new AppError(400, 'coupon_limit', limit);
  const redemption = await insertReservation(tx, {
    couponId: coupon.id,
    userId,
    planId: plan.id,
    until,
    now,
  });
  return { coupon, redemption };
}

async function releaseOtherPlansOfUser(
  tx: Queryable,
  couponId: number,
  userId: number,
  now: Date,
): Promise<void> {
  // a tutor who switches plans moves the reservation rather than using up their limit
  for (const row of await lockLiveReservationsOfUser(tx, couponId, userId, now)) {
    await releaseRedemption(tx, row.id, now);
  }
}

export async function applyCoupon(
  ctx: AppContext,
  userId: number,
  body: CouponBody,
): Promise<ApplyCouponResult> {
  const plan = await requirePaidPlan(ctx.db, body.plan_id);
  const { coupon, redemption } = await ctx.db.transaction((tx) =>
    reserveCoupon(ctx, tx, userId, plan, body.code),
  );
  return {
    success: true,
    coupon_code: coupon.code,
    redemption_id: redemption.id,
    message: PAYMENT_MESSAGES.couponApplied,
    ...priceFields(plan, discountOf(coupon, plan)),
  };
}

/** Releases the user's reservation (the checkout failed or was closed). */
export async function failRedemption(
  ctx: AppContext,
  userId: number,
  body: FailRedemptionBody,
): Promise<SuccessMessage> {
  return ctx.db.transaction(async (tx) => {
    const redemption = await lockRedemption(tx, body.redemption_id, userId);
    if (!redemption) throw new AppError(404, 'not_found', PAYMENT_MESSAGES.redemptionNotFound);
    if (redemption.status === 'consumed') {
      throw new AppError(409, 'coupon_limit', PAYMENT_MESSAGES.couponAlreadyUsed);
    }
    await releaseRedemption(tx, redemption.id, ctx.now());
    return { success: true, message: PAYMENT_MESSAGES.couponReleased };
  });
}

// ---------------------------------------------------------------- the back office's payments

/** For the back office's payments list and its refund decisions (the audit entry shares the transaction). */
export {
  countBackOfficePayments,
  insertPaymentRefund,
  listBackOfficePayments,
  lockBackOfficePayment,
  type BackOfficePaymentRow,
} from './queries.ts';

// ---------------------------------------------------------------- plans and coupons, edited

/** For the back office's lists of plans and coupons. */
export {
  countCouponsMatching,
  countPlans,
  listCouponsMatching,
  listPlansPage,
  type EditableCouponRow,
  type EditablePlanRow,
} from './queries.ts';

/** A row before and after an edit, for the audit log. */
export interface Edited<Row> {
  before: Row;
  after: Row;
}

/** Makes a plan within the caller's transaction; its description is cleaned once, on store. */
export async function createPlan(
  tx: Queryable,
  body: AdminPlanBody,
  at: Date,
): Promise<EditablePlanRow> {
  const row = await insertPlan(
    tx,
    { ...body, description: sanitizeContentHtml(body.description) },
    at,
  );
  if (!row) {
    throw new AppError(400, 'name_taken', ADMIN_MESSAGES.nameTaken, {
      name: [ADMIN_MESSAGES.nameTaken],
    });
  }
  return row;
}

/** Edits a plan within the caller's transaction; its name stays as it was made. */
export async function editPlan(
  tx: Queryable,
  id: number,
  patch: AdminPlanPatch,
  at: Date,
): Promise<Edited<EditablePlanRow>> {
  const before = requireFound(await lockEditablePlan(tx, id));
  const merged = { ...before, ...patch };
  const after = requireFound(
    await updatePlan(
      tx,
      id,
      { ...merged, description: sanitizeContentHtml(merged.description) },
      at,
    ),
  );
  return { before, after };
}

/** A coupon's rules: a percentage up to 100 %, an end after its start, plans that exist. */
async function checkCouponRules(
  tx: Queryable,
  rules: {
    kind: string;
    value: number;
    valid_from: Date | null;
    valid_until: Date | null;
    plan_ids: number[];
  },
): Promise<void> {
  if (rules.kind === 'percent' && rules.value > 10_000) {
    throw new AppError(400, 'validation_error', ADMIN_MESSAGES.couponPercentTooHigh, {
      value: [ADMIN_MESSAGES.couponPercentTooHigh],
    });
  }
  if (rules.valid_from && rules.valid_until && rules.valid_until <= rules.valid_from) {
    throw new AppError(400, 'validation_error', ADMIN_MESSAGES.couponEndsBeforeStart, {
      valid_until: [ADMIN_MESSAGES.couponEndsBeforeStart],
    });
  }
  const unique = [...new Set(rules.plan_ids)];
  if ((await countExistingPlans(tx, unique)) !== unique.length) {
    throw new AppError(400, 'validation_error', ADMIN_MESSAGES.couponUnknownPlan, {
      plan_ids: [ADMIN_MESSAGES.couponUnknownPlan],
    });
  }
}

const toDate = (value: string | null): Date | null => (value ? new Date(value) : null);

/** Makes a coupon within the caller's transaction; its code and kind are fixed from then on. */
export async function createCoupon(
  tx: Queryable,
  body: AdminCouponBody,
  at: Date,
): Promise<EditableCouponRow> {
  const fields = {
    ...body,
    valid_from: toDate(body.valid_from),
    valid_until: toDate(body.valid_until),
  };
  await checkCouponRules(tx, fields);
  const id = await insertEditableCoupon(tx, fields, at);
  if (id === null) {
    throw new AppError(400, 'code_taken', ADMIN_MESSAGES.codeTaken, {
      code: [ADMIN_MESSAGES.codeTaken],
    });
  }
  return requireFound(await lockEditableCoupon(tx, id));
}

/** Edits a coupon within the caller's transaction, under the same rules as a new one. */
export async function editCoupon(
  tx: Queryable,
  id: number,
  patch: AdminCouponPatch,
): Promise<Edited<EditableCouponRow>> {
  const before = requireFound(await lockEditableCoupon(tx, id));
  const fields = {
    ...before,
    ...patch,
    valid_from: patch.valid_from === undefined ? before.valid_from : toDate(patch.valid_from),
    valid_until: patch.valid_until === undefined ? before.valid_until : toDate(patch.valid_until),
  };
  await checkCouponRules(tx, fields);
  await updateEditableCoupon(tx, id, fields);
  const after = requireFound(await lockEditableCoupon(tx, id));
  return { before, after };
}

// ---------------------------------------------------------------- orders

/**
 * Refuses a coupon that cannot be used before the provider is asked for an
 * order (the reservation itself is taken, under the coupon's lock, with the
 * order's row). Answers the coupon for the price.
 */
async function checkCouponBeforeOrder(
  ctx: AppContext,
  userId: number,
  plan: PlanRow,
  code: string,
): Promise<CouponRow> {
  const now = ctx.now();
  const coupon = await findCouponByCode(ctx.db, code);
  const problem = couponProblem(coupon, plan, now);
  if (problem || !coupon) throw new AppError(400, 'invalid_coupon', problem ?? '');
  const own = await findLiveReservation(ctx.db, coupon.id, userId, plan.id, now);
  const limit = own
    ? null
    : limitProblem(coupon, await countCouponUses(ctx.db, coupon.id, userId, now));
  if (limit) throw new AppError(400, 'coupon_limit', limit);
  return coupon;
}

/** The checkout the client opens for a sandbox order (served by this server). */
export function sandboxCheckoutPath(orderId: string): string {
  return `/api/payments/sandbox/checkout/?order_id=${encodeURIComponent(orderId)}`;
}

/**
 * Creates an order with the provider for a paid plan. The amount is computed
 * here only: plan price − coupon discount, + 18 % GST, in paise.
 */
export async function createOrder(
  ctx: AppContext,
  userId: number,
  body: CreateOrderBody,
): Promise<CreateOrderResult> {
  const plan = await requirePaidPlan(ctx.db, body.plan_id);
  const code = body.coupon_code ? normalizeCode(body.coupon_code) : null;
  const coupon = code ? await checkCouponBeforeOrder(ctx, userId, plan, code) : null;
  const amounts = orderAmounts(plan.price_paise, coupon ? discountOf(coupon, plan) : 0);
  const buyer = await findBuyer(ctx.db, userId);
  if (!buyer) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
  const now = ctx.now();
  let providerOrder;
  try {
    providerOrder = await ctx.payments.createOrder({
      amount: amounts.total,
      currency: 'INR',
      receipt: `gm-${String(userId)}-${String(now.getTime())}`,
      notes: { user_id: String(userId), plan_id: String(plan.id) },
    });
  } catch (error) {
    throw providerUnavailable(PAYMENT_MESSAGES.processingFailed, error);
  }
  // the reservation and the order that carries it are written together, under the coupon's lock
  const reserved = await ctx.db.transaction(async (tx) => {
    const held = code ? await reserveCoupon(ctx, tx, userId, plan, code, true) : null;
    if (held && discountOf(held.coupon, plan) !== amounts.discount) {
      // the coupon was edited while the provider made the order: its amount is no longer right
      throw new AppError(409, 'invalid_coupon', PAYMENT_MESSAGES.invalidCoupon);
    }
    await insertOrder(tx, {
      userId,
      planId: plan.id,
      provider: ctx.payments.kind,
      providerOrderId: providerOrder.id,
      pricePaise: amounts.price,
      discountPaise: amounts.discount,
      taxablePaise: amounts.taxable,
      gstPaise: amounts.gst,
      amountPaise: amounts.total,
      couponId: held?.coupon.id ?? null,
      redemptionId: held?.redemption.id ?? null,
      coins: plan.coins,
      validityDays: plan.validity_days,
      createdAt: now,
    });
    return held;
  });
  return {
    key: ctx.payments.keyId,
    amount: amounts.total,
    currency: 'INR',
    order_id: providerOrder.id,
    plan_details: { id: plan.id, name: plan.name, coins: plan.coins },
    user_details: { name: buyer.full_name, email: buyer.email, contact: buyer.phone },
    redemption_id: reserved?.redemption.id ?? null,
    provider: ctx.payments.kind,
    checkout_url: ctx.payments.kind === 'sandbox' ? sandboxCheckoutPath(providerOrder.id) : null,
  };
}

type CreditVia = 'verify' | 'webhook' | 'reconcile';

interface CreditOutcome {
  credited: boolean;
  /** The payment was refunded to its method instead (the order's coupon use was gone). */
  refunded: boolean;
  coins: number;
  balance: number;
}

/**
 * Takes the use of the coupon a paid order was priced with, inside the credit's
 * transaction, under the coupon's lock. A live reservation the order carries is
 * simply consumed. A payment that arrives after the reservation lapsed or was
 * released takes a use afresh: first from the tutor's own reservations still
 * waiting for a payment (the payment that arrived wins over the checkout that
 * has not), then only while the coupon's limits leave room. Answers false
 * when no use is left: the discount is no longer available to this order.
 */
async function takeCouponUse(tx: Queryable, order: OrderRow, now: Date): Promise<boolean> {
  if (order.coupon_id === null) return true;
  const coupon = await lockCoupon(tx, order.coupon_id);
  if (!coupon) return false;
  const redemption =
    order.redemption_id === null ? null : await lockRedemptionById(tx, order.redemption_id);
  const reusable = redemption && redemption.status !== 'consumed' ? redemption : null;
  if (reusable?.status === 'reserved' && reusable.reserved_until.getTime() > now.getTime()) {
    await consumeRedemption(tx, reusable.id, now);
    return true;
  }
  let uses = await countCouponUses(tx, coupon.id, order.user_id, now, reusable?.id ?? null);
  if (limitProblem(coupon, uses)) {
    for (const row of await lockLiveReservationsOfUser(tx, coupon.id, order.user_id, now)) {
      if (row.id !== reusable?.id) await releaseRedemption(tx, row.id, now);
    }
    uses = await countCouponUses(tx, coupon.id, order.user_id, now, reusable?.id ?? null);
    if (limitProblem(coupon, uses)) return false;
  }
  if (reusable) {
    await consumeRedemption(tx, reusable.id, now);
  } else {
    const taken = await insertConsumedRedemption(tx, {
      couponId: coupon.id,
      userId: order.user_id,
      planId: order.plan_id,
      now,
    });
    await setOrderRedemption(tx, order.id, taken.id);
  }
  return true;
}

/**
 * A payment whose order's coupon use is gone: the order is marked refunded
 * in the crediting transaction, and the refund is asked of the provider by a
 * job outside it (`refundLatePayment`), never by holding the transaction open.
 */
async function refundUncreditable(
  ctx: AppContext,
  tx: Queryable,
  order: OrderRow,
  paymentId: string,
  now: Date,
): Promise<void> {
  await markOrderRefunded(tx, order.id, { paymentId, at: now });
  await ctx.jobs.enqueue(tx, latePaymentRefundJobOf(order.provider), { orderId: order.id });
  ctx.log.warn(
    { order: order.provider_order_id, payment: paymentId },
    "a payment arrived after its order's coupon use was gone; refunding it, not credited",
  );
}

/**
 * Credits the order's coins (as they were when the order was made) for a
 * captured payment of the order, once per provider payment id: the order row
 * is locked, an existing payment answers "already credited", and the unique
 * constraint on the payment id is the last guard. Takes the coupon use the
 * order was priced with; when none is left the payment is refunded instead.
 */
async function creditOrder(
  ctx: AppContext,
  order: OrderRow,
  payment: { id: string; method: string | null },
  via: CreditVia,
): Promise<CreditOutcome> {
  const attempt = (): Promise<CreditOutcome> =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw new AppError(404, 'order_not_found', PAYMENT_MESSAGES.orderNotFound);
      const plan = await findPlanById(tx, locked.plan_id);
      const existing = await findPaymentByProviderId(tx, payment.id);
      const settled = locked.status === 'paid' || locked.status === 'refunded';
      if (existing || settled) {
        if (existing?.order_id !== locked.id && locked.refunded_payment_id !== payment.id) {
          ctx.log.error(
            { order: locked.provider_order_id, payment: payment.id, via },
            'a second payment for a paid order was not credited; refund it',
          );
        }
        return {
          credited: false,
          refunded: locked.status === 'refunded' && locked.refunded_payment_id === payment.id,
          coins: locked.coins,
          balance: await getCoinBalance(tx, locked.user_id, now),
        };
      }
      if (!(await takeCouponUse(tx, locked, now))) {
        await refundUncreditable(ctx, tx, locked, payment.id, now);
        return {
          credited: false,
          refunded: true,
          coins: 0,
          balance: await getCoinBalance(tx, locked.user_id, now),
        };
      }
      const buyer = await findBuyer(tx, locked.user_id);
      const credit = await creditCoinsOnce(tx, {
        userId: locked.user_id,
        coins: locked.coins,
        reason: PAYMENT_MESSAGES.purchaseReason(plan?.display_name ?? ''),
        expiresAt: new Date(now.getTime() + locked.validity_days * DAY_MS),
        now,
        source: 'purchase',
        planId: locked.plan_id,
      });
      if (!credit) throw new Error('creditOrder: lot not stored');
      await insertPayment(tx, {
        orderId: locked.id,
        userId: locked.user_id,
        providerPaymentId: payment.id,
        amountPaise: locked.amount_paise,
        method: payment.method,
        lotId: credit.lotId,
        ledgerEntryId: credit.entryId,
        creditedBy: via,
        buyerName: buyer?.full_name ?? '',
        buyerEmail: buyer?.email ?? '',
        buyerState: buyer?.state ?? '',
        createdAt: now,
      });
      await markOrderPaid(tx, locked.id, now);
      return { credited: true, refunded: false, coins: locked.coins, balance: credit.balanceAfter };
    });
  // another request stored the same payment id between our check and insert
  return againIfRaced(attempt);
}

/**
 * With the offline sandbox, a signature is not enough: the payment must be one
 * the sandbox checkout page captured for this order, at its amount. Razorpay's
 * signatures are made with a secret only Razorpay and this server hold.
 */
async function capturedBySandbox(
  ctx: AppContext,
  order: OrderRow,
  paymentId: string,
): Promise<boolean> {
  if (ctx.payments.kind !== 'sandbox') return true;
  const payments = await ctx.payments.paymentsOfOrder(order.provider_order_id);
  return payments.some(
    (payment) =>
      payment.id === paymentId &&
      payment.status !== 'failed' &&
      payment.status !== 'created' &&
      payment.amount === order.amount_paise,
  );
}

/**
 * The browser's proof of payment: the signature must be Razorpay's HMAC of
 * `order_id|payment_id` with the key secret; the order must be the user's; the
 * plan is the order's (the client's `plan_id` is ignored).
 */
export async function verifyPayment(
  ctx: AppContext,
  userId: number,
  body: VerifyPaymentBody,
): Promise<VerifyPaymentResult> {
  const order = await findOrderByProviderId(ctx.db, ctx.payments.kind, body.razorpay_order_id);
  if (!order) throw new AppError(404, 'order_not_found', PAYMENT_MESSAGES.verificationFailed);
  if (order.user_id !== userId) {
    throw new AppError(403, 'permission_denied', PAYMENT_MESSAGES.verificationFailed);
  }
  const valid = ctx.payments.verifyPaymentSignature(
    body.razorpay_order_id,
    body.razorpay_payment_id,
    body.razorpay_signature,
  );
  if (!valid) throw new AppError(400, 'invalid_signature', PAYMENT_MESSAGES.verificationFailed);
  if (!(await capturedBySandbox(ctx, order, body.razorpay_payment_id))) {
    throw new AppError(400, 'invalid_signature', PAYMENT_MESSAGES.verificationFailed);
  }
  const outcome = await creditOrder(
    ctx,
    order,
    { id: body.razorpay_payment_id, method: null },
    'verify',
  );
  if (outcome.refunded) {
    throw new AppError(409, 'coupon_unavailable', PAYMENT_MESSAGES.couponGoneRefunded);
  }
  return {
    success: true,
    coins_added: outcome.coins,
    message: PAYMENT_MESSAGES.coinsAdded(outcome.coins),
    coins: outcome.balance,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payment entity of a `payment.captured` event, or null for any other event. */
function capturedPaymentOf(event: unknown): ProviderPayment | null {
  if (!isRecord(event) || event.event !== 'payment.captured') return null;
  const payload = isRecord(event.payload) ? event.payload : {};
  const wrapper = isRecord(payload.payment) ? payload.payment : {};
  const entity = isRecord(wrapper.entity) ? wrapper.entity : null;
  if (!entity || typeof entity.id !== 'string' || typeof entity.order_id !== 'string') return null;
  return {
    id: entity.id,
    order_id: entity.order_id,
    amount: typeof entity.amount === 'number' ? entity.amount : 0,
    currency: typeof entity.currency === 'string' ? entity.currency : '',
    status: 'captured',
    method: typeof entity.method === 'string' ? entity.method : null,
  };
}

/** The refund id, payment and outcome of a `refund.processed` or `refund.failed` event, else null. */
function refundOutcomeOf(
  event: unknown,
): { refundId: string; paymentId: string | null; status: 'processed' | 'failed' } | null {
  if (!isRecord(event)) return null;
  const status =
    event.event === 'refund.processed'
      ? 'processed'
      : event.event === 'refund.failed'
        ? 'failed'
        : null;
  if (!status) return null;
  const payload = isRecord(event.payload) ? event.payload : {};
  const wrapper = isRecord(payload.refund) ? payload.refund : {};
  const entity = isRecord(wrapper.entity) ? wrapper.entity : null;
  if (!entity || typeof entity.id !== 'string') return null;
  const paymentId = typeof entity.payment_id === 'string' ? entity.payment_id : null;
  return { refundId: entity.id, paymentId, status };
}

/**
 * The provider's webhook: the raw body must carry `X-Razorpay-Signature` (HMAC
 * with the webhook secret). A `payment.captured` of one of our orders credits
 * it, at most once; `refund.processed` and `refund.failed` settle a refund to
 * the original method; every other event is acknowledged and ignored.
 */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ status: 'ok' | 'ignored' }> {
  if (!signature || !ctx.payments.verifyWebhookSignature(rawBody, signature)) {
    throw new AppError(400, 'invalid_signature', 'Invalid webhook signature.');
  }
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError(400, 'validation_error', 'The webhook body is not JSON.');
  }
  const refund = refundOutcomeOf(event);
  if (refund) return settleRefundFromWebhook(ctx, refund);
  const payment = capturedPaymentOf(event);
  if (!payment) return { status: 'ignored' };
  const order = await findOrderByProviderId(ctx.db, ctx.payments.kind, payment.order_id);
  if (!order) {
    ctx.log.warn({ order: payment.order_id, payment: payment.id }, 'webhook for an unknown order');
    return { status: 'ignored' };
  }
  if (payment.amount !== order.amount_paise) {
    ctx.log.error(
      { order: payment.order_id, payment: payment.id, amount: payment.amount },
      'captured amount differs from the order; not credited',
    );
    return { status: 'ignored' };
  }
  if (!(await capturedBySandbox(ctx, order, payment.id))) {
    ctx.log.warn(
      { order: payment.order_id, payment: payment.id },
      'webhook for no sandbox capture',
    );
    return { status: 'ignored' };
  }
  await creditOrder(ctx, order, payment, 'webhook');
  return { status: 'ok' };
}

/** Orders one reconciliation sweep asks about (a job each). */
const ORDERS_PER_SWEEP = 500;
/** Users whose expired coins one expiry sweep writes (a job each). */
const EXPIRIES_PER_SWEEP = 5000;
export const RECONCILE_SWEEP_JOB = 'payments.reconcile-sweep';
export const COIN_EXPIRY_SWEEP_JOB = 'payments.coin-expiry-sweep';
export const COIN_EXPIRY_JOB = 'payments.coin-expiry';

/** The job that reconciles one order with one provider (an instance works its own provider's). */
export function reconcileOrderJobOf(provider: string): string {
  return `payments.reconcile-order.${provider}`;
}

/**
 * Asks the provider about one order left unpaid for 15 minutes (the browser
 * closed before verifying, the webhook never came) and credits what was
 * captured, once. An order with nothing captured after a day is closed and its
 * coupon released. A provider that fails throws (the job is retried).
 */
export async function reconcileOrder(
  ctx: AppContext,
  orderId: number,
): Promise<'credited' | 'checked' | 'closed'> {
  const order = await findOrderById(ctx.db, orderId);
  if (order?.status !== 'created' || order.provider !== ctx.payments.kind) return 'closed';
  const payments = await ctx.payments.paymentsOfOrder(order.provider_order_id);
  const captured = payments.find(
    (payment) => payment.status === 'captured' && payment.amount === order.amount_paise,
  );
  if (captured) {
    const outcome = await creditOrder(ctx, order, captured, 'reconcile');
    return outcome.credited ? 'credited' : 'checked';
  }
  const now = ctx.now();
  await markOrderChecked(ctx.db, order.id, now);
  if (now.getTime() - order.created_at.getTime() >= ORDER_ABANDONED_AFTER_MS) {
    await ctx.db.transaction(async (tx) => {
      await markOrderFailed(tx, order.id, now);
      if (order.redemption_id !== null) await releaseRedemption(tx, order.redemption_id, now);
    });
    return 'closed';
  }
  return 'checked';
}

async function ordersToReconcile(ctx: AppContext, limit: number): Promise<OrderRow[]> {
  const due = new Date(ctx.now().getTime() - ORDER_RECONCILE_AFTER_MINUTES * MINUTE_MS);
  return listOrdersToReconcile(ctx.db, ctx.payments.kind, due, due, limit);
}

/**
 * The reconciliation sweep (every minute): one job per order of this
 * provider left unverified, and one per refund left pending at the provider.
 * An order whose job waits or failed is not asked for again, so orders the
 * provider cannot answer never hold up newer ones.
 */
export async function queueReconciliation(
  ctx: AppContext,
): Promise<{ orders: number; refunds: number }> {
  const orders = await ordersToReconcile(ctx, ORDERS_PER_SWEEP);
  const name = reconcileOrderJobOf(ctx.payments.kind);
  await queueJobPerItem(ctx, name, orders, (order) => ({
    key: order.id,
    data: { orderId: order.id },
  }));
  const refunds = await queuePendingRefundChecks(ctx);
  return { orders: orders.length, refunds };
}

/**
 * What one sweep's order jobs do, here and now, one order after another,
 * each on its own (a failing order is logged and the next one is asked).
 */
export async function reconcileOrders(
  ctx: AppContext,
  limit = 50,
): Promise<{ checked: number; credited: number }> {
  let checked = 0;
  let credited = 0;
  for (const order of await ordersToReconcile(ctx, limit)) {
    try {
      const outcome = await reconcileOrder(ctx, order.id);
      checked += 1;
      if (outcome === 'credited') credited += 1;
    } catch (error) {
      ctx.log.warn({ err: error, order: order.provider_order_id }, 'reconciliation failed');
    }
  }
  return { checked, credited };
}

/** The coin expiry sweep (daily): one job per user whose expired coins have no entry yet. */
export async function queueCoinExpiries(ctx: AppContext): Promise<number> {
  const users = await listUsersWithExpiredCoins(ctx.db, ctx.now(), EXPIRIES_PER_SWEEP);
  await queueJobPerItem(ctx, COIN_EXPIRY_JOB, users, (user) => ({
    key: user.user_id,
    data: { userId: user.user_id },
  }));
  return users.length;
}

/**
 * The payments module's jobs: reconciliation (a sweep, then one job per order
 * and per pending refund), refunds to the original method, and coin expiry
 * (the ledger's `expiry` entries written even for tutors who never open it;
 * the balance never waits for them).
 */
export function paymentJobs(ctx: AppContext): JobKind<never>[] {
  const provider = ctx.payments.kind;
  const sweep = sweepJob({
    name: RECONCILE_SWEEP_JOB,
    cron: '* * * * *',
    describe: 'Look for orders and refunds to reconcile',
    run: () => queueReconciliation(ctx),
  });
  const order: JobKind<{ orderId: number }> = {
    name: reconcileOrderJobOf(provider),
    retryLimit: 5,
    retryDelaySeconds: 60,
    describe: (job) => `Reconcile order ${String(job.orderId)} with ${provider}`,
    run: async (job) => {
      await reconcileOrder(ctx, job.orderId);
    },
  };
  const expirySweep = sweepJob({
    name: COIN_EXPIRY_SWEEP_JOB,
    cron: '15 0 * * *',
    describe: 'Look for coins that expired',
    run: () => queueCoinExpiries(ctx),
    retryLimit: 2,
    retryDelaySeconds: 300,
  });
  const expiry: JobKind<{ userId: number }> = {
    name: COIN_EXPIRY_JOB,
    retryLimit: 5,
    retryDelaySeconds: 60,
    describe: (job) => `Write the expired coins of user ${String(job.userId)}`,
    run: async (job) => {
      await ctx.db.transaction((tx) => settleExpiredCoins(tx, job.userId, ctx.now()));
    },
  };
  return [sweep, order, expirySweep, expiry, ...refundJobs(ctx)] as JobKind<never>[];
}

// ---------------------------------------------------------------- ledger, purchases, invoices

function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    coins: row.coins,
    balance_after: row.balance_after,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

/** The coin ledger, newest first; pending expiries are written before it is read. */
export async function listLedger(
  ctx: AppContext,
  userId: number,
  query: PageQuery,
): Promise<LedgerList> {
  await ctx.db.transaction((tx) => settleExpiredCoins(tx, userId, ctx.now()));
  const request = readPageRequest(query);
  const count = await countLedgerEntries(ctx.db, userId);
  const rows = await listLedgerEntries(ctx.db, userId, request.pageSize, request.offset);
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, '/api/payments/ledger/', request, count),
    results: rows.map(toLedgerEntry),
  };
}

export function invoicePagePath(paymentId: number): string {
  return `/teacher/billing/invoices/${String(paymentId)}`;
}

function toPurchase(ctx: AppContext, row: PurchaseRow): Purchase {
  return {
    id: row.id,
    plan: { id: row.plan_id, name: row.plan_name, display_name: row.plan_display_name },
    coins: row.coins,
    price: formatRupees(row.price_paise),
    discount: formatRupees(row.discount_paise),
    taxable_value: formatRupees(row.taxable_paise),
    gst: formatRupees(row.gst_paise),
    amount: formatRupees(row.amount_paise),
    currency: 'INR',
    coupon_code: row.coupon_code,
    payment_id: row.provider_payment_id,
    order_id: row.provider_order_id,
    invoice_number: row.invoice_number,
    invoice_url: `${ctx.config.publicUrl}${invoicePagePath(row.id)}`,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    refund:
      row.refund_kind === null || row.refunded_at === null
        ? null
        : {
            kind: row.refund_kind,
            status: row.refund_status,
            coins: row.refund_coins ?? 0,
            amount: formatRupees(row.refund_amount_paise ?? 0),
            refunded_at: row.refunded_at.toISOString(),
          },
  };
}

export async function listPurchases(
  ctx: AppContext,
  userId: number,
  query: PageQuery,
): Promise<PurchaseList> {
  const request = readPageRequest(query);
  const count = await countPurchases(ctx.db, userId);
  const rows = await listPurchaseRows(ctx.db, userId, request.pageSize, request.offset);
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, '/api/payments/history/', request, count),
    results: rows.map((row) => toPurchase(ctx, row)),
  };
}

function sameState(a: string, b: string): boolean {
  const clean = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');
  return clean(a) !== '' && clean(a) === clean(b);
}

/** A GST tax invoice of one purchase: CGST + SGST within the seller's state, IGST across states. */
export async function getInvoice(
  ctx: AppContext,
  userId: number,
  paymentId: number,
): Promise<Invoice> {
  const row = await findPurchase(ctx.db, userId, paymentId);
  if (!row) throw new AppError(404, 'not_found', PAYMENT_MESSAGES.invoiceNotFound);
  const seller = ctx.config.invoiceSeller;
  const intra = sameState(row.buyer_state, seller.state);
  const gst = row.gst_paise;
  const cgst = intra ? Math.floor(gst / 2) : 0;
  const sgst = intra ? gst - cgst : 0;
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    date: row.created_at.toISOString(),
    seller: {
      name: seller.name,
      gstin: seller.gstin,
      address: seller.address,
      state: seller.state,
    },
    buyer: { name: row.buyer_name, email: row.buyer_email, state: row.buyer_state },
    sac: INVOICE_SAC,
    description: `${row.plan_display_name} plan: ${String(row.coins)} coins`,
    coins: row.coins,
    price: formatRupees(row.price_paise),
    discount: formatRupees(row.discount_paise),
    taxable_value: formatRupees(row.taxable_paise),
    cgst: formatRupees(cgst),
    sgst: formatRupees(sgst),
    igst: formatRupees(intra ? 0 : gst),
    supply: intra ? 'intra' : 'inter',
    total: formatRupees(row.taxable_paise + gst),
    payment_id: row.provider_payment_id,
    order_id: row.provider_order_id,
  };
}

// ---------------------------------------------------------------- sandbox checkout

function requireSandbox(ctx: AppContext): SandboxPayments {
  return requireFound(ctx.paymentsSandbox);
}

/** The sandbox checkout page of an order. */
export async function sandboxCheckoutPage(
  ctx: AppContext,
  orderId: string,
  nonce: string,
): Promise<string> {
  const sandbox = requireSandbox(ctx);
  return renderSandboxCheckout(await sandbox.findOrder(orderId), nonce);
}

/** Pays a sandbox order with a test instrument: 402 when the instrument is a failing one. */
export async function sandboxPay(
  ctx: AppContext,
  body: SandboxPayBody,
): Promise<SandboxCheckoutResult> {
  const sandbox = requireSandbox(ctx);
  try {
    return await sandbox.pay(body.order_id, { method: body.method, instrument: body.instrument });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const detail = error.message.replace(/^[^:]*:\s*/, '');
    if (error.status === 402)
      throw new AppError(402, 'payment_failed', PAYMENT_MESSAGES.paymentFailed);
    if (error.status === 404)
      throw new AppError(404, 'order_not_found', PAYMENT_MESSAGES.orderNotFound);
    if (error.status === 409)
      throw new AppError(409, 'order_already_paid', PAYMENT_MESSAGES.orderAlreadyPaid);
    throw new AppError(400, 'validation_error', detail);
  }
}
