/**
 * A model-based test of coins and coupons: fast-check drives random sequences
 * of coupon applies and releases, orders, sandbox payments, verifications,
 * webhooks, reconciliation, spends and refunds as coins for several tutors,
 * some of them at the same moment, and checks after every step that
 *
 * - each tutor's coins are the sum of their ledger, and no lot is negative;
 * - each captured payment is credited at most once, at the coins its order
 *   was made with, and a refunded order is never credited;
 * - a coupon is never paid for more often than its limits allow, in total and
 *   per tutor (decision 042).
 *
 * It runs on the embedded database and, with DATABASE_URL, on PostgreSQL
 * (where the parallel steps really race). A failure prints fast-check's seed
 * and path; `COINS_MODEL_SEED=<seed> COINS_MODEL_PATH=<path>` replays it, and
 * `COINS_MODEL_RUNS` changes the number of runs.
 */
import type { CreateOrderResult } from '@gurumatch/shared/schemas/payments';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  registerTeacher,
  rows,
  signInNewAdministrator,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { AppError } from '../../errors.ts';
import { refundPayment, type AdminActor } from '../admin/service.ts';

import { insertCoupon } from './queries.ts';
import {
  applyCoupon,
  createOrder,
  failRedemption,
  handleWebhook,
  reconcileOrders,
  sandboxPay,
  spendCoins,
  verifyPayment,
} from './service.ts';

const MINUTE_MS = 60_000;
const TUTORS = 3;
const RUNS = Number(process.env.COINS_MODEL_RUNS ?? 12);

let t: TestApp;
let tutors: RegisteredUser[];
let admin: AdminActor;
let silver: number;
let gold: number;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-06-01T06:00:00Z') });
  tutors = [];
  for (let index = 0; index < TUTORS; index += 1) tutors.push(await registerTeacher(t.app));
  const signedIn = await signInNewAdministrator(t.app, t.db);
  admin = { user_id: signedIn.userId, email: signedIn.email };
  const plans = await rows<{ id: number; name: string }>(t.db, 'SELECT id, name FROM plans');
  silver = plans.find((plan) => plan.name === 'silver')?.id ?? 0;
  gold = plans.find((plan) => plan.name === 'gold')?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------- the model

interface ModelOrder {
  tutor: number;
  order: CreateOrderResult;
  /** The sandbox checkout's answer, once its page captured a payment. */
  checkout: {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  } | null;
}

interface Model {
  coupon: string;
  orders: ModelOrder[];
  /** Orders a verification answered 200 for: they must be credited. */
  credited: Set<string>;
  /** Orders a verification answered 409 coupon_unavailable for: refunded, never credited. */
  refunded: Set<string>;
}

interface Real {
  app: TestApp;
}

/** Refusals (4xx) are answers; anything else fails the run. */
async function answer<T>(work: () => Promise<T>): Promise<T | AppError> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500) {
      return error;
    }
    throw error;
  }
}

type Step = fc.AsyncCommand<Model, Real>;

class CreateOrder implements Step {
  constructor(
    readonly tutor: number,
    readonly plan: 'silver' | 'gold',
    readonly withCoupon: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model): Promise<void> {
    const tutor = tutors[this.tutor];
    if (!tutor) return;
    const result = await answer(() =>
      createOrder(t.ctx, tutor.userId, {
        plan_id: this.plan === 'silver' ? silver : gold,
        coupon_code: this.withCoupon ? model.coupon : null,
      }),
    );
    if (!(result instanceof AppError)) {
      model.orders.push({ tutor: this.tutor, order: result, checkout: null });
    }
  }
  toString(): string {
    return `createOrder(tutor ${String(this.tutor)}, ${this.plan}, coupon: ${String(this.withCoupon)})`;
  }
}

class ApplyCoupon implements Step {
  constructor(readonly tutor: number) {}
  check(): boolean {
    return true;
  }
  async run(model: Model): Promise<void> {
    const tutor = tutors[this.tutor];
    if (!tutor) return;
    await answer(() => applyCoupon(t.ctx, tutor.userId, { code: model.coupon, plan_id: silver }));
  }
  toString(): string {
    return `applyCoupon(tutor ${String(this.tutor)})`;
  }
}

/** Picks one of the model's orders by a number drawn before the orders existed. */
function orderAt(model: Model, pick: number): ModelOrder | null {
  if (model.orders.length === 0) return null;
  return model.orders[pick % model.orders.length] ?? null;
}

class FailRedemption implements Step {
  constructor(readonly pick: number) {}
  check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  async run(model: Model): Promise<void> {
    const target = orderAt(model, this.pick);
    const tutor = target && tutors[target.tutor];
    if (!target || !tutor || target.order.redemption_id === null) return;
    const redemptionId = target.order.redemption_id;
    await answer(() => failRedemption(t.ctx, tutor.userId, { redemption_id: redemptionId }));
  }
  toString(): string {
    return `failRedemption(order #${String(this.pick)})`;
  }
}

class Pay implements Step {
  constructor(readonly pick: number) {}
  check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  async run(model: Model): Promise<void> {
    const target = orderAt(model, this.pick);
    if (!target) return;
    const result = await answer(() =>
      sandboxPay(t.ctx, {
        order_id: target.order.order_id,
        method: 'upi',
        instrument: 'success@razorpay',
      }),
    );
    if (result instanceof AppError) {
      // only a second payment of the order is refused (the first may be landing at the same moment)
      expect(result.statusCode).toBe(409);
    } else {
      expect(target.checkout).toBeNull();
      target.checkout = result;
    }
  }
  toString(): string {
    return `sandboxPay(order #${String(this.pick)})`;
  }
}

class Verify implements Step {
  constructor(readonly pick: number) {}
  check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  async run(model: Model): Promise<void> {
    const target = orderAt(model, this.pick);
    const tutor = target && tutors[target.tutor];
    if (!target?.checkout || !tutor) return;
    const checkout = target.checkout;
    const result = await answer(() =>
      verifyPayment(t.ctx, tutor.userId, { ...checkout, plan_id: null, redemption_id: null }),
    );
    const id = target.order.order_id;
    if (result instanceof AppError) {
      expect(result.code).toBe('coupon_unavailable');
      expect(model.credited.has(id)).toBe(false);
      model.refunded.add(id);
    } else {
      expect(model.refunded.has(id)).toBe(false);
      expect(result.coins_added).toBe(target.order.plan_details.coins);
      model.credited.add(id);
    }
  }
  toString(): string {
    return `verifyPayment(order #${String(this.pick)})`;
  }
}

class Webhook implements Step {
  constructor(readonly pick: number) {}
  check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  async run(model: Model): Promise<void> {
    const target = orderAt(model, this.pick);
    const sandbox = t.ctx.paymentsSandbox;
    if (!target?.checkout || !sandbox) return;
    const body = Buffer.from(
      JSON.stringify({
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: target.checkout.razorpay_payment_id,
              order_id: target.order.order_id,
              amount: target.order.amount,
              currency: 'INR',
              status: 'captured',
              method: 'upi',
            },
          },
        },
      }),
    );
    const result = await handleWebhook(t.ctx, body, sandbox.signWebhook(body));
    expect(result.status).toBe('ok');
  }
  toString(): string {
    return `webhook(order #${String(this.pick)})`;
  }
}

class Reconcile implements Step {
  check(): boolean {
    return true;
  }
  async run(): Promise<void> {
    t.clock.advance(16 * MINUTE_MS);
    await reconcileOrders(t.ctx, 500);
  }
  toString(): string {
    return 'advance 16 minutes and reconcile';
  }
}

class AdvanceClock implements Step {
  constructor(readonly minutes: number) {}
  check(): boolean {
    return true;
  }
  run(): Promise<void> {
    t.clock.advance(this.minutes * MINUTE_MS);
    return Promise.resolve();
  }
  toString(): string {
    return `advance ${String(this.minutes)} minutes`;
  }
}

class Spend implements Step {
  constructor(
    readonly tutor: number,
    readonly coins: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(): Promise<void> {
    const tutor = tutors[this.tutor];
    if (!tutor) return;
    await answer(() =>
      t.db.transaction((tx) =>
        spendCoins(tx, {
          userId: tutor.userId,
          coins: this.coins,
          reason: 'Contact',
          now: t.clock.now(),
        }),
      ),
    );
  }
  toString(): string {
    return `spend(tutor ${String(this.tutor)}, ${String(this.coins)})`;
  }
}

class RefundAsCoins implements Step {
  constructor(readonly pick: number) {}
  check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  async run(model: Model): Promise<void> {
    const target = orderAt(model, this.pick);
    if (!target?.checkout) return;
    const [payment] = await rows<{ id: number }>(
      t.db,
      'SELECT id FROM payments WHERE provider_payment_id = $1',
      [target.checkout.razorpay_payment_id],
    );
    if (!payment) return;
    await answer(() =>
      refundPayment(t.ctx, admin, payment.id, { method: 'coins', reason: 'Model refund' }),
    );
  }
  toString(): string {
    return `refundAsCoins(order #${String(this.pick)})`;
  }
}

/** Several steps at the same moment. */
class Together implements Step {
  constructor(readonly steps: Step[]) {}
  check(model: Readonly<Model>): boolean {
    return this.steps.every((step) => step.check(model));
  }
  async run(model: Model, real: Real): Promise<void> {
    const outcomes = await Promise.allSettled(this.steps.map((step) => step.run(model, real)));
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    await checkInvariants(model);
  }
  toString(): string {
    return `together[${this.steps.map(String).join(', ')}]`;
  }
}

// ---------------------------------------------------------------- the invariants

async function checkInvariants(model: Model): Promise<void> {
  const ids = tutors.map((tutor) => tutor.userId);
  const coins = await rows<{ user_id: number; ledger: number; lots: number; last: number }>(
    t.db,
    `SELECT u.id AS user_id,
            (SELECT COALESCE(SUM(coins), 0)::int FROM coin_ledger WHERE user_id = u.id) AS ledger,
            (SELECT COALESCE(SUM(remaining), 0)::int FROM coin_lots WHERE user_id = u.id) AS lots,
            COALESCE((SELECT balance_after FROM coin_ledger WHERE user_id = u.id
                       ORDER BY id DESC LIMIT 1), 0) AS last
       FROM users u WHERE u.id = ANY($1)`,
    [ids],
  );
  for (const row of coins) {
    expect(row.ledger, `tutor ${String(row.user_id)}: coins = sum of the ledger`).toBe(row.lots);
    expect(row.last, `tutor ${String(row.user_id)}: the last balance`).toBe(row.lots);
  }
  const [lots] = await rows<{ bad: number }>(
    t.db,
    'SELECT count(*)::int AS bad FROM coin_lots WHERE user_id = ANY($1) AND (remaining < 0 OR remaining > coins)',
    [ids],
  );
  expect(lots?.bad, 'no lot below zero').toBe(0);

  const [payments] = await rows<{ twice: number; unpaid: number; wrong_coins: number }>(
    t.db,
    `SELECT
       (SELECT count(*)::int FROM (SELECT order_id FROM payments WHERE user_id = ANY($1)
                                    GROUP BY order_id HAVING count(*) > 1) d) AS twice,
       (SELECT count(*)::int FROM payments p JOIN payment_orders o ON o.id = p.order_id
         WHERE p.user_id = ANY($1) AND o.status <> 'paid') AS unpaid,
       (SELECT count(*)::int FROM payments p JOIN payment_orders o ON o.id = p.order_id
          JOIN coin_lots l ON l.id = p.lot_id
         WHERE p.user_id = ANY($1) AND l.coins <> o.coins) AS wrong_coins`,
    [ids],
  );
  expect(payments, 'each payment credited once, at its order coins').toEqual({
    twice: 0,
    unpaid: 0,
    wrong_coins: 0,
  });
  // every captured sandbox payment is credited or refunded at most once, never both
  const captured = model.orders.flatMap((order) =>
    order.checkout ? [order.checkout.razorpay_payment_id] : [],
  );
  const [settled] = await rows<{ credited: number; refunded: number; both: number }>(
    t.db,
    `SELECT (SELECT count(*)::int FROM payments WHERE provider_payment_id = ANY($1)) AS credited,
            (SELECT count(*)::int FROM payment_orders WHERE refunded_payment_id = ANY($1)) AS refunded,
            (SELECT count(*)::int FROM payments p JOIN payment_orders o ON o.id = p.order_id
              WHERE o.refunded_payment_id IS NOT NULL) AS both`,
    [captured],
  );
  expect(settled?.both).toBe(0);
  expect((settled?.credited ?? 0) + (settled?.refunded ?? 0)).toBeLessThanOrEqual(captured.length);
  for (const order of model.orders) {
    const id = order.order.order_id;
    if (!model.credited.has(id) && !model.refunded.has(id)) continue;
    const [stored] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM payment_orders WHERE provider_order_id = $1',
      [id],
    );
    expect(stored?.status, `order ${id}`).toBe(model.credited.has(id) ? 'paid' : 'refunded');
  }

  const [coupon] = await rows<{
    max_redemptions: number | null;
    max_per_user: number;
    consumed: number;
    paid: number;
    most_by_one: number;
  }>(
    t.db,
    `SELECT c.max_redemptions, c.max_per_user,
            (SELECT count(*)::int FROM coupon_redemptions r
              WHERE r.coupon_id = c.id AND r.status = 'consumed') AS consumed,
            (SELECT count(*)::int FROM payment_orders o
              WHERE o.coupon_id = c.id AND o.status = 'paid') AS paid,
            COALESCE((SELECT max(n)::int FROM (SELECT count(*) AS n FROM payment_orders o
                       WHERE o.coupon_id = c.id AND o.status = 'paid' GROUP BY o.user_id) d), 0)
              AS most_by_one
       FROM coupons c WHERE c.code = $1`,
    [model.coupon],
  );
  if (!coupon) throw new Error('the coupon is missing');
  expect(coupon.consumed, 'a consumed use for each order paid with the coupon').toBe(coupon.paid);
  if (coupon.max_redemptions !== null) {
    expect(coupon.paid, 'paid with the coupon within its limit').toBeLessThanOrEqual(
      coupon.max_redemptions,
    );
  }
  expect(coupon.most_by_one, 'paid with the coupon within the per-tutor limit').toBeLessThanOrEqual(
    coupon.max_per_user,
  );
}

/** Every step checks the invariants once it has run. */
function checked(step: Step): Step {
  return {
    check: (model) => step.check(model),
    run: async (model, real) => {
      await step.run(model, real);
      await checkInvariants(model);
    },
    toString: () => step.toString(),
  };
}

// ---------------------------------------------------------------- the property

const tutorIndex = fc.integer({ min: 0, max: TUTORS - 1 });
const pick = fc.nat({ max: 50 });

const single: fc.Arbitrary<Step> = fc.oneof(
  fc
    .tuple(tutorIndex, fc.constantFrom('silver' as const, 'gold' as const), fc.boolean())
    .map(([tutor, plan, coupon]) => new CreateOrder(tutor, plan, coupon)),
  tutorIndex.map((tutor) => new ApplyCoupon(tutor)),
  pick.map((n) => new FailRedemption(n)),
  pick.map((n) => new Pay(n)),
  pick.map((n) => new Verify(n)),
  pick.map((n) => new Webhook(n)),
  fc.constant(new Reconcile()),
  fc.integer({ min: 1, max: 40 }).map((minutes) => new AdvanceClock(minutes)),
  fc
    .tuple(tutorIndex, fc.integer({ min: 1, max: 400 }))
    .map(([tutor, coins]) => new Spend(tutor, coins)),
  pick.map((n) => new RefundAsCoins(n)),
);

const commands = [
  single.map(checked),
  fc.array(single, { minLength: 2, maxLength: 4 }).map((steps) => new Together(steps)),
];

let runs = 0;

describe('coins and coupons against a model', () => {
  it('keep coins = ledger, no negative lot, each payment credited once and coupon limits, under random interleavings (concurrent; proves locking on PostgreSQL)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          maxRedemptions: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
          maxPerUser: fc.integer({ min: 1, max: 2 }),
          percent: fc.integer({ min: 10, max: 90 }),
        }),
        fc.commands(commands, { maxCommands: 14 }),
        async (limits, steps) => {
          runs += 1;
          const coupon = `MODEL${String(runs)}X${String(Date.now() % 1_000_000)}`;
          await insertCoupon(t.db, {
            code: coupon,
            kind: 'percent',
            value: limits.percent * 100,
            maxRedemptions: limits.maxRedemptions,
            maxPerUser: limits.maxPerUser,
          });
          const model: Model = { coupon, orders: [], credited: new Set(), refunded: new Set() };
          await fc.asyncModelRun(() => ({ model, real: { app: t } }), steps);
        },
      ),
      {
        numRuns: RUNS,
        ...(process.env.COINS_MODEL_SEED ? { seed: Number(process.env.COINS_MODEL_SEED) } : {}),
        ...(process.env.COINS_MODEL_PATH ? { path: process.env.COINS_MODEL_PATH } : {}),
        endOnFailure: true,
      },
    );
  }, 120_000);
});
