import { AdminCouponPatchSchema, AdminPlanPatchSchema } from '@gurumatch/shared/schemas/admin';

import { pick } from '../../db/columns.ts';
import type { Queryable } from '../../db/connection.ts';
import {
  anyRow,
  findRowById,
  firstRow,
  insertIdUnlessTaken,
  insertUnlessTaken,
  returnedRow,
  updateRowById,
} from '../../db/rows.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowChecker, rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

// ---------------------------------------------------------------- coin lots and ledger

export type LedgerKind = 'credit' | 'spend' | 'expiry' | 'refund' | 'reversal';
export type LotSource = 'free_plan' | 'purchase' | 'grant';

export interface LotRow {
  id: number;
  user_id: number;
  source: LotSource;
  plan_id: number | null;
  coins: number;
  remaining: number;
  expires_at: Date;
  expired_at: Date | null;
  created_at: Date;
}

export interface LedgerRow {
  id: number;
  user_id: number;
  kind: LedgerKind;
  coins: number;
  balance_after: number;
  reason: string;
  lot_id: number | null;
  enquiry_id: number | null;
  refund_of: number | null;
  created_at: Date;
}

/** Locks the user row: every change of one user's coins happens one at a time. */
export const lockCoinOwner = rowChecker<[userId: number]>(
  'SELECT id FROM users WHERE id = $1 FOR UPDATE',
);

/** The sum of every lot's remaining coins (expired lots count until their expiry is written). */
export async function sumRemaining(db: Queryable, userId: number): Promise<number> {
  const row = await firstRow<{ total: number }>(
    db,
    'SELECT COALESCE(SUM(remaining), 0)::int AS total FROM coin_lots WHERE user_id = $1',
    [userId],
  );
  return row?.total ?? 0;
}

/** The balance: coins left in lots that have not expired at `now`. */
export async function sumUnexpired(db: Queryable, userId: number, now: Date): Promise<number> {
  const row = await firstRow<{ total: number }>(
    db,
    `SELECT COALESCE(SUM(remaining), 0)::int AS total
       FROM coin_lots WHERE user_id = $1 AND expires_at > $2`,
    [userId, now],
  );
  return row?.total ?? 0;
}

/** Lots past their expiry that still hold coins, oldest expiry first, locked. */
export const lockExpiredLots = rowLister<LotRow, [userId: number, now: Date]>(
  `SELECT * FROM coin_lots
    WHERE user_id = $1 AND remaining > 0 AND expires_at <= $2
    ORDER BY expires_at, id
    FOR UPDATE`,
);

/** Lots that can be spent from, the one expiring first first, locked. */
export const lockSpendableLots = rowLister<LotRow, [userId: number, now: Date]>(
  `SELECT * FROM coin_lots
    WHERE user_id = $1 AND remaining > 0 AND expires_at > $2
    ORDER BY expires_at, id
    FOR UPDATE`,
);

/** One lot of the user, locked. */
export const lockLot = rowFinder<LotRow, [userId: number, lotId: number]>(
  'SELECT * FROM coin_lots WHERE id = $2 AND user_id = $1 FOR UPDATE',
);

export async function setLotRemaining(
  db: Queryable,
  lotId: number,
  remaining: number,
  expiredAt: Date | null = null,
): Promise<void> {
  await db.query(
    'UPDATE coin_lots SET remaining = $2, expired_at = COALESCE($3, expired_at) WHERE id = $1',
    [lotId, remaining, expiredAt],
  );
}

export interface NewLot {
  userId: number;
  source: LotSource;
  planId: number | null;
  coins: number;
  expiresAt: Date;
  createdAt: Date;
}

/** Inserts a lot; null when it would be a second free-plan lot of the user. */
export function insertLot(db: Queryable, lot: NewLot): Promise<LotRow | null> {
  return firstRow<LotRow>(
    db,
    `INSERT INTO coin_lots (user_id, source, plan_id, coins, remaining, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [lot.userId, lot.source, lot.planId, lot.coins, lot.expiresAt, lot.createdAt],
  );
}

export interface NewLedgerEntry {
  userId: number;
  kind: LedgerKind;
  coins: number;
  balanceAfter: number;
  reason: string;
  lotId?: number | null;
  enquiryId?: number | null;
  refundOf?: number | null;
  createdAt: Date;
}

export function insertLedgerEntry(db: Queryable, entry: NewLedgerEntry): Promise<LedgerRow> {
  return returnedRow<LedgerRow>(
    db,
    `INSERT INTO coin_ledger (user_id, kind, coins, balance_after, reason, lot_id, enquiry_id,
                              refund_of, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING *`,
    [
      entry.userId,
      entry.kind,
      entry.coins,
      entry.balanceAfter,
      entry.reason,
      entry.lotId ?? null,
      entry.enquiryId ?? null,
      entry.refundOf ?? null,
      entry.createdAt,
    ],
    'insertLedgerEntry',
  );
}

export async function insertSpendLot(
  db: Queryable,
  entryId: number,
  lotId: number,
  coins: number,
): Promise<void> {
  await db.query('INSERT INTO coin_spend_lots (entry_id, lot_id, coins) VALUES ($1, $2, $3)', [
    entryId,
    lotId,
    coins,
  ]);
}

export const findLedgerEntry = rowFinder<LedgerRow, [userId: number, entryId: number]>(
  'SELECT * FROM coin_ledger WHERE id = $2 AND user_id = $1',
);

export const findRefundOf = rowFinder<LedgerRow, [spendEntryId: number]>(
  'SELECT * FROM coin_ledger WHERE refund_of = $1',
);

export interface SpendLotRow {
  lot_id: number;
  coins: number;
  remaining: number;
  lot_coins: number;
  expires_at: Date;
}

/** The lots a spend took from, locked. */
export const lockLotsOfSpend = rowLister<SpendLotRow, [entryId: number]>(
  `SELECT s.lot_id, s.coins, l.remaining, l.coins AS lot_coins, l.expires_at
     FROM coin_spend_lots s JOIN coin_lots l ON l.id = s.lot_id
    WHERE s.entry_id = $1
    ORDER BY l.expires_at, l.id
    FOR UPDATE OF l`,
);

export const countLedgerEntries = rowCounter<[userId: number]>(
  'SELECT count(*)::int AS count FROM coin_ledger WHERE user_id = $1',
);

/** One page of the user's ledger, newest first. */
export const listLedgerEntries = rowLister<
  LedgerRow,
  [userId: number, limit: number, offset: number]
>('SELECT * FROM coin_ledger WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3');

// ---------------------------------------------------------------- plans

export interface PlanRow {
  id: number;
  name: string;
  display_name: string;
  coins: number;
  price_paise: number;
  validity_days: number;
  description: string;
  recommended: boolean;
  features: string[];
  is_active: boolean;
  sort_order: number;
}

/** Active plans that cost something: the free plan is granted, never bought. */
export const listPlansForSale = rowLister<PlanRow, []>(
  'SELECT * FROM plans WHERE is_active AND price_paise > 0 ORDER BY sort_order, id',
);

export function findPlanById(db: Queryable, id: number): Promise<PlanRow | null> {
  return findRowById<PlanRow>(db, 'plans', '*', id);
}

export const findPlanByName = rowFinder<PlanRow, [name: string]>(
  'SELECT * FROM plans WHERE name = $1',
);

export const hasFreePlanLot = rowChecker<[userId: number]>(
  "SELECT id FROM coin_lots WHERE user_id = $1 AND source = 'free_plan'",
);

/** True when a tutor has finished onboarding (the status answers dashboard). */
export async function isOnboardedTeacher(db: Queryable, userId: number): Promise<boolean> {
  const row = await firstRow<{ ok: boolean }>(
    db,
    `SELECT u.role = 'teacher' AND u.is_active AND u.is_phone_verified
            AND u.profile_completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM user_addresses a WHERE a.user_id = u.id) AS ok
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row?.ok === true;
}

// ---------------------------------------------------------------- coupons

export interface CouponRow {
  id: number;
  code: string;
  kind: 'percent' | 'flat';
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  max_per_user: number;
  plan_ids: number[];
  is_active: boolean;
}

export interface RedemptionRow {
  id: number;
  coupon_id: number;
  user_id: number;
  plan_id: number;
  status: 'reserved' | 'consumed' | 'released';
  reserved_until: Date;
  created_at: Date;
  consumed_at: Date | null;
  released_at: Date | null;
}

export const findCouponByCode = rowFinder<CouponRow, [code: string]>(
  'SELECT * FROM coupons WHERE code = $1',
);

export function findCouponById(db: Queryable, id: number): Promise<CouponRow | null> {
  return findRowById<CouponRow>(db, 'coupons', '*', id);
}

/** Locks the coupon row: reservations of one coupon are counted one at a time. */
export function lockCoupon(db: Queryable, id: number): Promise<CouponRow | null> {
  return findRowById<CouponRow>(db, 'coupons', '*', id, true);
}

/** Releases reservations of the coupon that were not paid within their time. */
export async function releaseLapsedReservations(
  db: Queryable,
  couponId: number,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE coupon_redemptions SET status = 'released', released_at = reserved_until
      WHERE coupon_id = $1 AND status = 'reserved' AND reserved_until <= $2`,
    [couponId, now],
  );
}

/**
 * Uses that count against the limits: consumed ones and live reservations
 * (leaving out the redemption `exceptId`, when given).
 */
export async function countCouponUses(
  db: Queryable,
  couponId: number,
  userId: number,
  now: Date,
  exceptId: number | null = null,
): Promise<{ total: number; by_user: number }> {
  const uses = await firstRow<{ total: number; by_user: number }>(
    db,
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE user_id = $2)::int AS by_user
       FROM coupon_redemptions
      WHERE coupon_id = $1
        AND (status = 'consumed' OR (status = 'reserved' AND reserved_until > $3))
        AND id IS DISTINCT FROM $4::int`,
    [couponId, userId, now, exceptId],
  );
  return uses ?? { total: 0, by_user: 0 };
}

/** The user's live reservation of this coupon for this plan, if any. */
export const findLiveReservation = rowFinder<
  RedemptionRow,
  [couponId: number, userId: number, planId: number, now: Date]
>(
  `SELECT * FROM coupon_redemptions
    WHERE coupon_id = $1 AND user_id = $2 AND plan_id = $3
      AND status = 'reserved' AND reserved_until > $4
    ORDER BY id DESC LIMIT 1`,
);

/** The user's live reservations of the coupon (any plan), locked. */
export const lockLiveReservationsOfUser = rowLister<
  { id: number },
  [couponId: number, userId: number, now: Date]
>(
  `SELECT id FROM coupon_redemptions
    WHERE coupon_id = $1 AND user_id = $2 AND status = 'reserved' AND reserved_until > $3
    FOR UPDATE`,
);

export function insertReservation(
  db: Queryable,
  input: { couponId: number; userId: number; planId: number; until: Date; now: Date },
): Promise<RedemptionRow> {
  return returnedRow<RedemptionRow>(
    db,
    `INSERT INTO coupon_redemptions (coupon_id, user_id, plan_id, status, reserved_until, created_at)
     VALUES ($1, $2, $3, 'reserved', $4, $5)
     RETURNING *`,
    [input.couponId, input.userId, input.planId, input.until, input.now],
    'insertReservation',
  );
}

export async function extendReservation(db: Queryable, id: number, until: Date): Promise<void> {
  await db.query(
    "UPDATE coupon_redemptions SET reserved_until = $2 WHERE id = $1 AND status = 'reserved'",
    [id, until],
  );
}

/** True when an order carries the reservation (it can carry one order at most). */
export const isReservationOnOrder = rowChecker<[redemptionId: number]>(
  'SELECT id FROM payment_orders WHERE redemption_id = $1',
);

/** A redemption by id, whoever holds it, locked. */
export function lockRedemptionById(db: Queryable, id: number): Promise<RedemptionRow | null> {
  return findRowById<RedemptionRow>(db, 'coupon_redemptions', '*', id, true);
}

/** A use of the coupon taken by a payment that arrived after its order's reservation was gone. */
export function insertConsumedRedemption(
  db: Queryable,
  input: { couponId: number; userId: number; planId: number; now: Date },
): Promise<RedemptionRow> {
  return returnedRow<RedemptionRow>(
    db,
    `INSERT INTO coupon_redemptions (coupon_id, user_id, plan_id, status, reserved_until,
                                     created_at, consumed_at)
     VALUES ($1, $2, $3, 'consumed', $4, $4, $4)
     RETURNING *`,
    [input.couponId, input.userId, input.planId, input.now],
    'insertConsumedRedemption',
  );
}

/** A redemption of the user, locked. */
export const lockRedemption = rowFinder<RedemptionRow, [id: number, userId: number]>(
  'SELECT * FROM coupon_redemptions WHERE id = $1 AND user_id = $2 FOR UPDATE',
);

export async function releaseRedemption(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE coupon_redemptions SET status = 'released', released_at = $2
      WHERE id = $1 AND status = 'reserved'`,
    [id, now],
  );
}

/** Marks a reservation (live, lapsed or released: the caller checked the limits) as paid. */
export async function consumeRedemption(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE coupon_redemptions SET status = 'consumed', consumed_at = $2, released_at = NULL
      WHERE id = $1 AND status <> 'consumed'`,
    [id, now],
  );
}

export interface NewCoupon {
  code: string;
  kind: 'percent' | 'flat';
  value: number;
  validFrom?: Date | null;
  validUntil?: Date | null;
  maxRedemptions?: number | null;
  maxPerUser?: number;
  planIds?: number[];
}

/** Inserts a coupon unless its code exists (seeding runs on every start). */
export async function insertCoupon(db: Queryable, coupon: NewCoupon): Promise<void> {
  await db.query(
    `INSERT INTO coupons (code, kind, value, valid_from, valid_until, max_redemptions,
                          max_per_user, plan_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (code) DO NOTHING`,
    [
      coupon.code,
      coupon.kind,
      coupon.value,
      coupon.validFrom ?? null,
      coupon.validUntil ?? null,
      coupon.maxRedemptions ?? null,
      coupon.maxPerUser ?? 1,
      coupon.planIds ?? [],
    ],
  );
}

// ------------------------------------------------------ plans and coupons, edited

/** A plan as the back office edits it. */
export interface EditablePlanRow extends PlanRow {
  created_at: Date;
  updated_at: Date;
}

const EDITABLE_PLAN_COLUMNS = `id, name, display_name, coins, price_paise, validity_days, description,
       recommended, features, is_active, sort_order, created_at, updated_at`;

export const countPlans = rowCounter<[]>('SELECT count(*)::int AS count FROM plans');

export const listPlansPage = rowLister<EditablePlanRow, [limit: number, offset: number]>(
  `SELECT ${EDITABLE_PLAN_COLUMNS} FROM plans ORDER BY sort_order, id LIMIT $1 OFFSET $2`,
);

export function lockEditablePlan(db: Queryable, id: number): Promise<EditablePlanRow | null> {
  return findRowById<EditablePlanRow>(db, 'plans', EDITABLE_PLAN_COLUMNS, id, true);
}

export type PlanFields = Omit<EditablePlanRow, 'id' | 'created_at' | 'updated_at'>;

/**
 * The plan columns an edit writes: the fields an administrator may patch (all
 * but the name, which is fixed once the plan is made).
 */
const PLAN_EDITABLE = AdminPlanPatchSchema.keyof().options satisfies readonly (keyof PlanFields)[];

/** Inserts a plan; null when the name is taken. */
export function insertPlan(
  db: Queryable,
  plan: PlanFields,
  at: Date,
): Promise<EditablePlanRow | null> {
  const fields = { name: plan.name, ...pick(plan, PLAN_EDITABLE), created_at: at, updated_at: at };
  return insertUnlessTaken<EditablePlanRow>(db, 'plans', fields, 'name', EDITABLE_PLAN_COLUMNS);
}

export function updatePlan(
  db: Queryable,
  id: number,
  plan: PlanFields,
  at: Date,
): Promise<EditablePlanRow | null> {
  const fields = { ...pick(plan, PLAN_EDITABLE), updated_at: at };
  return updateRowById<EditablePlanRow>(db, 'plans', id, fields, EDITABLE_PLAN_COLUMNS);
}

export const countExistingPlans = rowCounter<[ids: readonly number[]]>(
  'SELECT count(*)::int AS count FROM plans WHERE id = ANY($1::int[])',
);

/** A coupon as the back office edits it, with the redemptions it has had. */
export interface EditableCouponRow extends CouponRow {
  redemptions: number;
  created_at: Date;
}

const EDITABLE_COUPON_COLUMNS = `c.id, c.code, c.kind, c.value, c.valid_from, c.valid_until,
       c.max_redemptions, c.max_per_user, c.plan_ids, c.is_active, c.created_at,
       (SELECT count(*)::int FROM coupon_redemptions r
         WHERE r.coupon_id = c.id AND r.status = 'consumed') AS redemptions`;

const COUPON_CODE_WHERE = everyPatternMatches('$1', ['c.code']);

export const countCouponsMatching = rowCounter<[patterns: Patterns]>(
  `SELECT count(*)::int AS count FROM coupons c WHERE ${COUPON_CODE_WHERE}`,
);

export const listCouponsMatching = rowLister<
  EditableCouponRow,
  [patterns: Patterns, limit: number, offset: number]
>(
  `SELECT ${EDITABLE_COUPON_COLUMNS} FROM coupons c WHERE ${COUPON_CODE_WHERE}
    ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
);

export const lockEditableCoupon = rowFinder<EditableCouponRow, [id: number]>(
  `SELECT ${EDITABLE_COUPON_COLUMNS} FROM coupons c WHERE c.id = $1 FOR UPDATE OF c`,
);

export type CouponFields = Omit<EditableCouponRow, 'id' | 'redemptions' | 'created_at'>;

/**
 * The coupon columns an edit writes: the fields an administrator may patch
 * (all but the code and the kind, fixed once the coupon is made).
 */
const COUPON_EDITABLE = AdminCouponPatchSchema.keyof()
  .options satisfies readonly (keyof CouponFields)[];

/** Inserts an edited coupon; null when the code is taken. */
export function insertEditableCoupon(
  db: Queryable,
  coupon: CouponFields,
  at: Date,
): Promise<number | null> {
  const fields = {
    code: coupon.code,
    kind: coupon.kind,
    ...pick(coupon, COUPON_EDITABLE),
    created_at: at,
  };
  return insertIdUnlessTaken(db, 'coupons', fields, 'code');
}

export async function updateEditableCoupon(
  db: Queryable,
  id: number,
  coupon: CouponFields,
): Promise<void> {
  await updateRowById(db, 'coupons', id, pick(coupon, COUPON_EDITABLE));
}

// ---------------------------------------------------------------- orders and payments

export interface OrderRow {
  id: number;
  user_id: number;
  plan_id: number;
  provider: 'razorpay' | 'sandbox';
  provider_order_id: string;
  price_paise: number;
  discount_paise: number;
  taxable_paise: number;
  gst_paise: number;
  amount_paise: number;
  coupon_id: number | null;
  redemption_id: number | null;
  /** What the order buys, as the plan said when the order was made. */
  coins: number;
  validity_days: number;
  status: 'created' | 'paid' | 'failed' | 'refunded';
  created_at: Date;
  paid_at: Date | null;
  checked_at: Date | null;
  refunded_payment_id: string | null;
  provider_refund_id: string | null;
}

export interface NewOrder {
  userId: number;
  planId: number;
  provider: 'razorpay' | 'sandbox';
  providerOrderId: string;
  pricePaise: number;
  discountPaise: number;
  taxablePaise: number;
  gstPaise: number;
  amountPaise: number;
  couponId: number | null;
  redemptionId: number | null;
  coins: number;
  validityDays: number;
  createdAt: Date;
}

export function insertOrder(db: Queryable, order: NewOrder): Promise<OrderRow> {
  return returnedRow<OrderRow>(
    db,
    `INSERT INTO payment_orders (user_id, plan_id, provider, provider_order_id, price_paise,
                                 discount_paise, taxable_paise, gst_paise, amount_paise, coupon_id,
                                 redemption_id, created_at, coins, validity_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING *`,
    [
      order.userId,
      order.planId,
      order.provider,
      order.providerOrderId,
      order.pricePaise,
      order.discountPaise,
      order.taxablePaise,
      order.gstPaise,
      order.amountPaise,
      order.couponId,
      order.redemptionId,
      order.createdAt,
      order.coins,
      order.validityDays,
    ],
    'insertOrder',
  );
}

export const findOrderByProviderId = rowFinder<
  OrderRow,
  [provider: string, providerOrderId: string]
>('SELECT * FROM payment_orders WHERE provider = $1 AND provider_order_id = $2');

export function lockOrder(db: Queryable, id: number): Promise<OrderRow | null> {
  return findRowById<OrderRow>(db, 'payment_orders', '*', id, true);
}

export async function markOrderPaid(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query("UPDATE payment_orders SET status = 'paid', paid_at = $2 WHERE id = $1", [id, at]);
}

export async function setOrderRedemption(
  db: Queryable,
  orderId: number,
  redemptionId: number,
): Promise<void> {
  await db.query('UPDATE payment_orders SET redemption_id = $2 WHERE id = $1', [
    orderId,
    redemptionId,
  ]);
}

/** The order's payment was refunded in full instead of credited (its coupon use was gone). */
/** Marks an order refunded for a payment that could not be credited; the provider's refund id follows. */
export async function markOrderRefunded(
  db: Queryable,
  id: number,
  refund: { paymentId: string; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE payment_orders SET status = 'refunded', refunded_payment_id = $2, checked_at = $3
      WHERE id = $1`,
    [id, refund.paymentId, refund.at],
  );
}

/** Stores the provider's id of an order's refund, once. */
export async function setOrderRefundId(db: Queryable, id: number, refundId: string): Promise<void> {
  await db.query(
    `UPDATE payment_orders SET provider_refund_id = $2
      WHERE id = $1 AND status = 'refunded' AND provider_refund_id IS NULL`,
    [id, refundId],
  );
}

export async function markOrderFailed(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(
    "UPDATE payment_orders SET status = 'failed', checked_at = $2 WHERE id = $1 AND status = 'created'",
    [id, at],
  );
}

export async function markOrderChecked(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE payment_orders SET checked_at = $2 WHERE id = $1', [id, at]);
}

/** Orders still unpaid `olderThan`, not asked about since `checkedBefore`, oldest first. */
export const listOrdersToReconcile = rowLister<
  OrderRow,
  [provider: string, olderThan: Date, checkedBefore: Date, limit: number]
>(
  `SELECT * FROM payment_orders
    WHERE status = 'created' AND provider = $1 AND created_at <= $2
      AND (checked_at IS NULL OR checked_at <= $3)
    ORDER BY created_at, id
    LIMIT $4`,
);

export function findOrderById(db: Queryable, id: number): Promise<OrderRow | null> {
  return findRowById<OrderRow>(db, 'payment_orders', '*', id);
}

/** Users holding coins in lots past their expiry whose `expiry` entry is not written yet. */
export const listUsersWithExpiredCoins = rowLister<{ user_id: number }, [now: Date, limit: number]>(
  `SELECT DISTINCT user_id FROM coin_lots
    WHERE remaining > 0 AND expires_at <= $1
    ORDER BY user_id LIMIT $2`,
);

export interface PaymentRow {
  id: number;
  order_id: number;
  user_id: number;
  provider_payment_id: string;
  amount_paise: number;
  method: string | null;
  lot_id: number;
  ledger_entry_id: number;
  credited_by: 'verify' | 'webhook' | 'reconcile';
  invoice_number: string;
  buyer_name: string;
  buyer_email: string;
  buyer_state: string;
  created_at: Date;
}

export const findPaymentByProviderId = rowFinder<PaymentRow, [providerPaymentId: string]>(
  'SELECT * FROM payments WHERE provider_payment_id = $1',
);

export const findPaymentOfOrder = rowFinder<PaymentRow, [orderId: number]>(
  'SELECT * FROM payments WHERE order_id = $1',
);

export interface BuyerRow {
  full_name: string;
  email: string;
  phone: string;
  state: string;
}

export const findBuyer = rowFinder<BuyerRow, [userId: number]>(
  `SELECT u.full_name, u.email,
          COALESCE(u.phone_country_code, '') || COALESCE(u.phone_number, '') AS phone,
          COALESCE((SELECT a.state FROM user_addresses a WHERE a.user_id = u.id
                     ORDER BY a.is_primary DESC, a.slot LIMIT 1), '') AS state
     FROM users u WHERE u.id = $1`,
);

export interface NewPayment {
  orderId: number;
  userId: number;
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
  lotId: number;
  ledgerEntryId: number;
  creditedBy: 'verify' | 'webhook' | 'reconcile';
  buyerName: string;
  buyerEmail: string;
  buyerState: string;
  createdAt: Date;
}

/** Stores the payment with the next invoice number of the financial year (April–March). */
export function insertPayment(db: Queryable, payment: NewPayment): Promise<PaymentRow> {
  return returnedRow<PaymentRow>(
    db,
    `INSERT INTO payments (order_id, user_id, provider_payment_id, amount_paise, method, lot_id,
                           ledger_entry_id, credited_by, invoice_number, buyer_name, buyer_email,
                           buyer_state, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             'GM/' || to_char($12::timestamptz AT TIME ZONE 'Asia/Kolkata' - interval '3 months', 'YYYY')
               || '/' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
             $9, $10, $11, $12)
     RETURNING *`,
    [
      payment.orderId,
      payment.userId,
      payment.providerPaymentId,
      payment.amountPaise,
      payment.method,
      payment.lotId,
      payment.ledgerEntryId,
      payment.creditedBy,
      payment.buyerName,
      payment.buyerEmail,
      payment.buyerState,
      payment.createdAt,
    ],
    'insertPayment',
  );
}

export interface PurchaseRow extends PaymentRow {
  amount_paise: number;
  plan_id: number;
  plan_name: string;
  plan_display_name: string;
  coins: number;
  price_paise: number;
  discount_paise: number;
  taxable_paise: number;
  gst_paise: number;
  provider_order_id: string;
  coupon_code: string | null;
  expires_at: Date;
  /** The refund decided for this purchase, if any (its columns are null without one). */
  refund_kind: 'coins' | 'original' | null;
  refund_status: 'pending' | 'processed' | 'failed' | null;
  refund_coins: number | null;
  refund_amount_paise: number | null;
  refunded_at: Date | null;
}

const PURCHASE_SELECT = `
  SELECT p.*, o.plan_id, pl.name AS plan_name, pl.display_name AS plan_display_name, l.coins,
         o.price_paise, o.discount_paise, o.taxable_paise, o.gst_paise, o.provider_order_id,
         c.code AS coupon_code, l.expires_at,
         rf.kind AS refund_kind,
         -- the tutor sees a refund not yet accepted by the provider as in progress
         CASE WHEN rf.provider_status = 'requested' THEN 'pending' ELSE rf.provider_status END
           AS refund_status,
         rf.coins AS refund_coins,
         rf.amount_paise AS refund_amount_paise, rf.created_at AS refunded_at
    FROM payments p
    JOIN payment_orders o ON o.id = p.order_id
    JOIN plans pl ON pl.id = o.plan_id
    JOIN coin_lots l ON l.id = p.lot_id
    LEFT JOIN coupons c ON c.id = o.coupon_id
    LEFT JOIN payment_refunds rf ON rf.payment_id = p.id`;

/**
 * A purchase whose money went back to the payment method (the provider has not
 * reported a failure): its coins were taken back, so its plan is not current.
 */
const REFUNDED_TO_METHOD = `rf.kind = 'original' AND rf.provider_status <> 'failed'`;

export const countPurchases = rowCounter<[userId: number]>(
  'SELECT count(*)::int AS count FROM payments WHERE user_id = $1',
);

export const listPurchases = rowLister<
  PurchaseRow,
  [userId: number, limit: number, offset: number]
>(`${PURCHASE_SELECT} WHERE p.user_id = $1 ORDER BY p.id DESC LIMIT $2 OFFSET $3`);

export const findPurchase = rowFinder<PurchaseRow, [userId: number, paymentId: number]>(
  `${PURCHASE_SELECT} WHERE p.id = $2 AND p.user_id = $1`,
);

/**
 * The newest purchase whose coins have not expired at `now` and that was not
 * refunded to the payment method (the current plan).
 */
export const findCurrentPurchase = rowFinder<
  { lot_id: number; plan_id: number; expires_at: Date },
  [userId: number, now: Date]
>(
  `SELECT l.id AS lot_id, l.plan_id, l.expires_at FROM coin_lots l
    WHERE l.user_id = $1 AND l.source = 'purchase' AND l.expires_at > $2
      AND NOT EXISTS (SELECT 1 FROM payments p JOIN payment_refunds rf ON rf.payment_id = p.id
                       WHERE p.lot_id = l.id AND ${REFUNDED_TO_METHOD})
    ORDER BY l.expires_at DESC, l.id DESC LIMIT 1`,
);

export interface RefundedPurchaseRow {
  lot_id: number;
  plan_display_name: string;
  amount_paise: number;
  refunded_at: Date;
}

/** The newest purchase refunded to the payment method whose coins would not have expired yet. */
export const findLatestRefundedPurchase = rowFinder<
  RefundedPurchaseRow,
  [userId: number, now: Date]
>(
  `SELECT l.id AS lot_id, pl.display_name AS plan_display_name, rf.amount_paise,
          rf.created_at AS refunded_at
     FROM payments p
     JOIN payment_refunds rf ON rf.payment_id = p.id
     JOIN coin_lots l ON l.id = p.lot_id
     JOIN payment_orders o ON o.id = p.order_id
     JOIN plans pl ON pl.id = o.plan_id
    WHERE p.user_id = $1 AND l.expires_at > $2 AND ${REFUNDED_TO_METHOD}
    ORDER BY rf.created_at DESC, rf.id DESC LIMIT 1`,
);

export const findFreePlanLot = rowFinder<{ expires_at: Date }, [userId: number]>(
  "SELECT expires_at FROM coin_lots WHERE user_id = $1 AND source = 'free_plan'",
);

export const findUserRole = rowFinder<{ role: string; is_active: boolean }, [userId: number]>(
  'SELECT role, is_active FROM users WHERE id = $1',
);

// ---------------------------------------------------------------- refunds to the original method

export interface ProviderRefundRow {
  id: number;
  payment_id: number;
  user_id: number;
  coins: number;
  provider_status: 'requested' | 'pending' | 'processed' | 'failed';
  lot_expires_at: Date;
}

/** A refund to the original method by the provider's refund id, locked. */
export const lockRefundByProviderId = rowFinder<ProviderRefundRow, [providerRefundId: string]>(
  `SELECT rf.id, rf.payment_id, pm.user_id, rf.coins, rf.provider_status,
          l.expires_at AS lot_expires_at
     FROM payment_refunds rf
     JOIN payments pm ON pm.id = rf.payment_id
     JOIN coin_lots l ON l.id = pm.lot_id
    WHERE rf.provider_refund_id = $1 AND rf.kind = 'original'
    FOR UPDATE OF rf`,
);

/** A refund to the original method's state at the provider, and the columns that move with it. */
interface RefundState {
  provider_status: 'requested' | 'pending' | 'processed' | 'failed';
  provider_refund_id?: string | null;
  provider_error?: string | null;
  returned_lot_id?: number | null;
  reversal_entry_id?: number;
}

/** Moves a refund to the original method to a new state at `at`; the columns not named stay. */
async function moveRefund(db: Queryable, id: number, state: RefundState, at: Date): Promise<void> {
  await updateRowById(db, 'payment_refunds', id, { ...state, provider_updated_at: at });
}

export function setRefundProviderStatus(
  db: Queryable,
  id: number,
  status: 'processed' | 'failed',
  at: Date,
): Promise<void> {
  return moveRefund(db, id, { provider_status: status }, at);
}

/** A refund to the original method with what sending it to the provider needs. */
export interface RefundToSendRow {
  id: number;
  payment_id: number;
  user_id: number;
  coins: number;
  amount_paise: number;
  provider_status: 'requested' | 'pending' | 'processed' | 'failed';
  provider_refund_id: string | null;
  returned_lot_id: number | null;
  lot_expires_at: Date;
  provider: 'razorpay' | 'sandbox';
  provider_payment_id: string;
  invoice_number: string;
  tutor_email: string;
  tutor_name: string;
}

const REFUND_TO_SEND_COLUMNS = `rf.id, rf.payment_id, pm.user_id, rf.coins, rf.amount_paise, rf.provider_status,
       rf.provider_refund_id, rf.returned_lot_id, l.expires_at AS lot_expires_at, o.provider,
       pm.provider_payment_id, pm.invoice_number, u.email AS tutor_email, u.full_name AS tutor_name`;
const REFUND_TO_SEND_FROM = `payment_refunds rf
       JOIN payments pm ON pm.id = rf.payment_id
       JOIN payment_orders o ON o.id = pm.order_id
       JOIN coin_lots l ON l.id = pm.lot_id
       JOIN users u ON u.id = pm.user_id`;

/** A refund to the original method found by one of its keys, locked when `lock`. */
function selectRefundToSend(
  db: Queryable,
  key: 'rf.id' | 'rf.payment_id' | 'pm.provider_payment_id',
  value: number | string,
  lock: boolean,
): Promise<RefundToSendRow | null> {
  return firstRow<RefundToSendRow>(
    db,
    `SELECT ${REFUND_TO_SEND_COLUMNS} FROM ${REFUND_TO_SEND_FROM}
      WHERE ${key} = $1 AND rf.kind = 'original'${lock ? ' FOR UPDATE OF rf' : ''}`,
    [value],
  );
}

export function findRefundToSend(db: Queryable, refundId: number): Promise<RefundToSendRow | null> {
  return selectRefundToSend(db, 'rf.id', refundId, false);
}

/** The refund to the original method of a payment (our id), locked. */
export function lockRefundOfPayment(
  db: Queryable,
  paymentId: number,
): Promise<RefundToSendRow | null> {
  return selectRefundToSend(db, 'rf.payment_id', paymentId, true);
}

/** The refund to the original method of a payment (the provider's payment id), locked. */
export function lockRefundOfProviderPayment(
  db: Queryable,
  providerPaymentId: string,
): Promise<RefundToSendRow | null> {
  return selectRefundToSend(db, 'pm.provider_payment_id', providerPaymentId, true);
}

/** Stores a refund to the original method as requested; false when the payment has one. */
export function insertRequestedRefund(
  db: Queryable,
  refund: {
    paymentId: number;
    coins: number;
    amountPaise: number;
    reversalEntryId: number;
    reason: string;
    decidedBy: number;
    at: Date;
  },
): Promise<number | null> {
  const fields = {
    payment_id: refund.paymentId,
    kind: 'original',
    coins: refund.coins,
    amount_paise: refund.amountPaise,
    reason: refund.reason,
    decided_by: refund.decidedBy,
    created_at: refund.at,
    provider_status: 'requested',
    provider_updated_at: refund.at,
    reversal_entry_id: refund.reversalEntryId,
  };
  return insertIdUnlessTaken(db, 'payment_refunds', fields, 'payment_id');
}

/**
 * A failed refund asked for again: its coins taken back anew (by the entry
 * `reversalEntryId`; null keeps the earlier one).
 */
export function markRefundRequestedAgain(
  db: Queryable,
  id: number,
  reversalEntryId: number | null,
  at: Date,
): Promise<void> {
  const state: RefundState = {
    provider_status: 'requested',
    provider_refund_id: null,
    provider_error: null,
    returned_lot_id: null,
  };
  if (reversalEntryId !== null) state.reversal_entry_id = reversalEntryId;
  return moveRefund(db, id, state, at);
}

/** The provider accepted a requested refund: its id and status. */
export function markRefundAccepted(
  db: Queryable,
  id: number,
  providerRefundId: string,
  status: 'pending' | 'processed',
  at: Date,
): Promise<void> {
  return moveRefund(db, id, { provider_status: status, provider_refund_id: providerRefundId }, at);
}

/**
 * The refund failed (refused, or failed at the bank); the coins came back in
 * `returnedLotId`. A null `providerRefundId` keeps the id the refund has.
 */
export function markRefundFailed(
  db: Queryable,
  id: number,
  failure: { providerRefundId: string | null; error: string | null; returnedLotId: number | null },
  at: Date,
): Promise<void> {
  const state: RefundState = {
    provider_status: 'failed',
    provider_error: failure.error,
    returned_lot_id: failure.returnedLotId,
  };
  if (failure.providerRefundId !== null) state.provider_refund_id = failure.providerRefundId;
  return moveRefund(db, id, state, at);
}

/** Refunds the provider accepted but has not settled, last looked at before `before`, oldest first. */
export const listPendingRefunds = rowLister<
  { id: number },
  [provider: string, before: Date, limit: number]
>(
  `SELECT rf.id FROM payment_refunds rf
     JOIN payments pm ON pm.id = rf.payment_id
     JOIN payment_orders o ON o.id = pm.order_id
    WHERE rf.provider_status = 'pending' AND rf.provider_updated_at <= $2 AND o.provider = $1
    ORDER BY rf.provider_updated_at, rf.id
    LIMIT $3`,
);

/** Marks a pending refund looked at, so the next sweep takes the ones waiting longest first. */
export async function touchPendingRefund(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(
    `UPDATE payment_refunds SET provider_updated_at = $2
      WHERE id = $1 AND provider_status = 'pending'`,
    [id, at],
  );
}

// ---- the back office's payments list and its refund decisions ------------

/** A payment as the back office lists it: the tutor, the plan and its refund. */
export interface BackOfficePaymentRow {
  id: number;
  order_id: number;
  user_id: number;
  full_name: string;
  email: string;
  plan: string;
  plan_id: number;
  coins: number;
  validity_days: number;
  amount_paise: number;
  provider: 'razorpay' | 'sandbox';
  provider_payment_id: string;
  lot_id: number;
  invoice_number: string;
  created_at: Date;
  refund_kind: 'coins' | 'original' | null;
  refund_provider_id: string | null;
  refund_provider_status: 'requested' | 'pending' | 'processed' | 'failed' | null;
  refund_provider_error: string | null;
  refund_coins: number | null;
  refund_amount_paise: number | null;
  refund_reason: string | null;
  refunded_at: Date | null;
}

const BACK_OFFICE_PAYMENT_COLUMNS = `pm.id, pm.order_id, pm.user_id, u.full_name, u.email,
       pl.display_name AS plan, pl.id AS plan_id, l.coins, o.validity_days, pm.amount_paise,
       o.provider, pm.provider_payment_id, pm.lot_id, pm.invoice_number, pm.created_at,
       rf.kind AS refund_kind, rf.provider_refund_id AS refund_provider_id,
       rf.provider_status AS refund_provider_status, rf.provider_error AS refund_provider_error, rf.coins AS refund_coins, rf.amount_paise AS refund_amount_paise,
       rf.reason AS refund_reason, rf.created_at AS refunded_at`;

const BACK_OFFICE_PAYMENT_FROM = `payments pm
       JOIN payment_orders o ON o.id = pm.order_id
       JOIN plans pl ON pl.id = o.plan_id
       JOIN users u ON u.id = pm.user_id
       JOIN coin_lots l ON l.id = pm.lot_id
       LEFT JOIN payment_refunds rf ON rf.payment_id = pm.id`;

const BACK_OFFICE_PAYMENT_WHERE = everyPatternMatches('$1', [
  'u.full_name',
  'u.email',
  'pm.invoice_number',
  'pm.provider_payment_id',
]);

export const countBackOfficePayments = rowCounter<[patterns: Patterns]>(
  `SELECT count(*)::int AS count FROM payments pm JOIN users u ON u.id = pm.user_id
    WHERE ${BACK_OFFICE_PAYMENT_WHERE}`,
);

export const listBackOfficePayments = rowLister<
  BackOfficePaymentRow,
  [patterns: Patterns, limit: number, offset: number]
>(
  `SELECT ${BACK_OFFICE_PAYMENT_COLUMNS} FROM ${BACK_OFFICE_PAYMENT_FROM}
    WHERE ${BACK_OFFICE_PAYMENT_WHERE}
    ORDER BY pm.created_at DESC, pm.id DESC LIMIT $2 OFFSET $3`,
);

/**
 * The payment, locked, with its refund as it stands once the lock is held. The
 * lock is taken first and the row read by a second statement: a statement that
 * waited for the lock sees the joined refund row as it was before it waited
 * (PostgreSQL), so a refund committed meanwhile would go unseen.
 */
export async function lockBackOfficePayment(
  db: Queryable,
  id: number,
): Promise<BackOfficePaymentRow | null> {
  if (!(await anyRow(db, 'SELECT id FROM payments WHERE id = $1 FOR UPDATE', [id]))) return null;
  return firstRow<BackOfficePaymentRow>(
    db,
    `SELECT ${BACK_OFFICE_PAYMENT_COLUMNS} FROM ${BACK_OFFICE_PAYMENT_FROM} WHERE pm.id = $1`,
    [id],
  );
}

export async function insertPaymentRefund(
  db: Queryable,
  refund: {
    paymentId: number;
    kind: 'coins' | 'original';
    coins: number;
    amountPaise: number;
    providerRefundId: string | null;
    providerStatus?: 'pending' | 'processed' | 'failed' | null;
    reversalEntryId?: number | null;
    reason: string;
    decidedBy: number;
    at: Date;
  },
): Promise<boolean> {
  const fields = {
    payment_id: refund.paymentId,
    kind: refund.kind,
    coins: refund.coins,
    amount_paise: refund.amountPaise,
    provider_refund_id: refund.providerRefundId,
    reason: refund.reason,
    decided_by: refund.decidedBy,
    created_at: refund.at,
    provider_status: refund.providerStatus ?? null,
    // only a refund with a state at the provider has a time there (a refund in coins has neither)
    provider_updated_at: refund.providerStatus ? refund.at : null,
    reversal_entry_id: refund.reversalEntryId ?? null,
  };
  return (await insertIdUnlessTaken(db, 'payment_refunds', fields, 'payment_id')) !== null;
}
