/**
 * Coupons on orders, what a paid order credits, and the sandbox checkout's
 * own guards (docs/decisions/042-coupon-redemptions-and-order-snapshots.md).
 */
import { createHmac } from 'node:crypto';

import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { FailureBody } from '@gurumatch/shared/schemas/account';
import type { CreateOrderResult } from '@gurumatch/shared/schemas/payments';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, DAY_MS, MINUTE_MS, type TestApp } from '../../../test/build-test-app.ts';
import {
  call,
  countRows,
  findPlanId,
  registerTeacher,
  rows,
  signIn,
  strongPassword,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { type CheckoutResponse } from '../../../test/peers/razorpay-peer.ts';
import { buildRazorpayTestApp, type RazorpayTestApp } from '../../../test/razorpay-app.ts';
import { sandboxSecretsOf, type SandboxPayments } from '../../adapters/payments/sandbox.ts';

import { insertCoupon } from './queries.ts';
import { reconcileOrders } from './service.ts';

/** Silver with a 50 % coupon: 49950 + 18 % GST. */
const SILVER_HALF_PRICE = 58_941;
const SILVER_FULL_PRICE = 117_882;

let t: TestApp;
let rz: RazorpayTestApp;
let silver: number;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-06-01T06:00:00Z') });
  rz = await buildRazorpayTestApp({ db: t.db, now: new Date('2026-06-01T06:00:00Z') });
  silver = await findPlanId(t.db, 'silver');
});

afterAll(async () => {
  await rz.close();
  await t.close();
});

let counter = 0;
/** A 50 % coupon with the given limits. */
async function halfOffCoupon(maxRedemptions: number | null, maxPerUser = 1): Promise<string> {
  counter += 1;
  const code = `HALF${String(counter)}X${String(Date.now() % 100_000)}`;
  await insertCoupon(t.db, { code, kind: 'percent', value: 5000, maxRedemptions, maxPerUser });
  return code;
}

async function createOrder(
  app: TestApp,
  user: RegisteredUser,
  coupon?: string,
): Promise<CreateOrderResult> {
  const response = await call(app.app, 'POST', '/api/payments/create-order/', user.access, {
    plan_id: silver,
    ...(coupon ? { coupon_code: coupon } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateOrderResult>();
}

/**
 * A tutor's half-price Razorpay order left past its 30-minute reservation,
 * while another tutor has since taken the coupon's only use.
 */
async function orderPastItsReservation(): Promise<{
  code: string;
  slow: RegisteredUser;
  order: CreateOrderResult;
}> {
  const code = await halfOffCoupon(1);
  const slow = await registerTeacher(rz.app);
  const order = await createOrder(rz, slow, code);
  rz.clock.advance(31 * MINUTE_MS);
  const quick = await registerTeacher(rz.app);
  await createOrder(rz, quick, code);
  return { code, slow, order };
}

function sandboxPay(orderId: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay/',
    payload: { order_id: orderId, method: 'card', instrument: '4111 1111 1111 1111' },
  });
}

async function pay(orderId: string): Promise<CheckoutResponse> {
  const paid = await sandboxPay(orderId);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<CheckoutResponse>();
}

function verify(
  app: TestApp,
  user: RegisteredUser,
  checkout: CheckoutResponse,
): Promise<LightMyRequestResponse> {
  return call(app.app, 'POST', '/api/payments/verify-payment/', user.access, {
    ...checkout,
    plan_id: null,
    redemption_id: null,
  });
}

function sandboxOf(app: TestApp): SandboxPayments {
  const sandbox = app.ctx.paymentsSandbox;
  if (!sandbox) throw new Error('the test app has no sandbox checkout');
  return sandbox;
}

async function balanceOf(user: RegisteredUser): Promise<number> {
  const response = await call(t.app, 'GET', '/api/auth/user/coins/', user.access);
  expect(response.statusCode).toBe(200);
  return response.json<{ coins: number }>().coins;
}

/** Paid orders priced with the coupon, and its consumed redemptions. */
async function usesOf(code: string): Promise<{ paidAtDiscount: number; consumed: number }> {
  const [row] = await rows<{ paid: number; consumed: number }>(
    t.db,
    `SELECT (SELECT count(*)::int FROM payment_orders o
              WHERE o.coupon_id = c.id AND o.status = 'paid' AND o.discount_paise > 0) AS paid,
            (SELECT count(*)::int FROM coupon_redemptions r
              WHERE r.coupon_id = c.id AND r.status = 'consumed') AS consumed
       FROM coupons c WHERE c.code = $1`,
    [code],
  );
  return { paidAtDiscount: row?.paid ?? -1, consumed: row?.consumed ?? -1 };
}

async function orderStatus(orderId: string): Promise<string | undefined> {
  const [row] = await rows<{ status: string }>(
    t.db,
    'SELECT status FROM payment_orders WHERE provider_order_id = $1',
    [orderId],
  );
  return row?.status;
}

function expectRefunded(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json<FailureBody & { code: string }>()).toMatchObject({
    code: 'coupon_unavailable',
    detail: PAYMENT_MESSAGES.couponGoneRefunded,
  });
}

describe('a single-use coupon on several orders', () => {
  it('gives each order a reservation of its own and credits one of three paid orders at the discount; the others are refunded', async () => {
    const code = await halfOffCoupon(1);
    const tutor = await registerTeacher(t.app);
    const orders = [
      await createOrder(t, tutor, code),
      await createOrder(t, tutor, code),
      await createOrder(t, tutor, code),
    ];
    for (const order of orders) expect(order.amount).toBe(SILVER_HALF_PRICE);
    expect(new Set(orders.map((order) => order.redemption_id)).size).toBe(3);
    const checkouts: CheckoutResponse[] = [];
    for (const order of orders) checkouts.push(await pay(order.order_id));

    expect((await verify(t, tutor, checkouts[0] as CheckoutResponse)).statusCode).toBe(200);
    expectRefunded(await verify(t, tutor, checkouts[1] as CheckoutResponse));
    expectRefunded(await verify(t, tutor, checkouts[2] as CheckoutResponse));
    // asking again answers the same, and refunds nothing more
    expectRefunded(await verify(t, tutor, checkouts[2] as CheckoutResponse));

    expect(await balanceOf(tutor)).toBe(300);
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 1, consumed: 1 });
    expect(await orderStatus(orders[1]?.order_id ?? '')).toBe('refunded');
    // the refunds leave through the queue, one each, whatever was asked twice
    await expect
      .poll(
        () =>
          countRows(t.db, 'sandbox_refunds', 'payment_id = ANY($1)', [
            [checkouts[1]?.razorpay_payment_id, checkouts[2]?.razorpay_payment_id],
          ]),
        { timeout: 15_000 },
      )
      .toBe(2);
    expect(await countRows(t.db, 'payments', 'user_id = $1', [tutor.userId])).toBe(1);
  });

  it('credits the newest order when it is paid first, and refunds the older ones paid later', async () => {
    const code = await halfOffCoupon(1);
    const tutor = await registerTeacher(t.app);
    const first = await createOrder(t, tutor, code);
    const second = await createOrder(t, tutor, code);
    const paidSecond = await pay(second.order_id);
    const paidFirst = await pay(first.order_id);
    expect((await verify(t, tutor, paidSecond)).statusCode).toBe(200);
    expectRefunded(await verify(t, tutor, paidFirst));
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 1, consumed: 1 });
    expect(await balanceOf(tutor)).toBe(300);
  });

  it('never takes the coupon past its limit when fail-redemption is followed by a payment of the old order', async () => {
    const code = await halfOffCoupon(1);
    const [owner, other] = [await registerTeacher(t.app), await registerTeacher(t.app)];
    const old = await createOrder(t, owner, code);
    const released = await call(
      t.app,
      'POST',
      '/api/payments/coupons/fail-redemption/',
      owner.access,
      { redemption_id: old.redemption_id },
    );
    expect(released.statusCode).toBe(200);
    // the freed use goes to another tutor, who pays
    const taken = await createOrder(t, other, code);
    expect((await verify(t, other, await pay(taken.order_id))).statusCode).toBe(200);
    // the old order's payment arrives late: refunded, not credited, not counted
    expectRefunded(await verify(t, owner, await pay(old.order_id)));
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 1, consumed: 1 });
    expect(await balanceOf(owner)).toBe(0);
    expect(await balanceOf(other)).toBe(300);
  });

  it('credits a late payment whose freed use nobody took, counting it once', async () => {
    const code = await halfOffCoupon(1);
    const tutor = await registerTeacher(t.app);
    const order = await createOrder(t, tutor, code);
    await call(t.app, 'POST', '/api/payments/coupons/fail-redemption/', tutor.access, {
      redemption_id: order.redemption_id,
    });
    expect((await verify(t, tutor, await pay(order.order_id))).statusCode).toBe(200);
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 1, consumed: 1 });
    const [redemption] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM coupon_redemptions WHERE id = $1',
      [order.redemption_id],
    );
    expect(redemption?.status).toBe('consumed');
  });

  it('refunds a payment that lapsed past its reservation while another tutor holds the use (found by reconciliation)', async () => {
    const { code, slow, order } = await orderPastItsReservation();
    rz.peer.pay(order.order_id);
    rz.clock.advance(16 * MINUTE_MS);
    await reconcileOrders(rz.ctx);
    const storedOrder = async () =>
      (
        await rows<{ status: string; provider_refund_id: string | null }>(
          t.db,
          'SELECT status, provider_refund_id FROM payment_orders WHERE provider_order_id = $1',
          [order.order_id],
        )
      )[0];
    expect((await storedOrder())?.status).toBe('refunded');
    // the provider is asked by a job once the order is marked
    await expect
      .poll(async () => (await storedOrder())?.provider_refund_id ?? null, { timeout: 15_000 })
      .not.toBeNull();
    const stored = await storedOrder();
    const refund = rz.peer.refunds.get(stored?.provider_refund_id ?? '');
    expect(refund?.amount).toBe(SILVER_HALF_PRICE);
    const ofPayment = [...rz.peer.refunds.values()].filter(
      (candidate) => candidate.payment_id === refund?.payment_id,
    );
    expect(ofPayment).toHaveLength(1);
    expect(await countRows(t.db, 'payments', 'user_id = $1', [slow.userId])).toBe(0);
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 0, consumed: 0 });
  });

  it('answers a late payment at once while the provider is down, and refunds it once the provider is back', async () => {
    const { slow, order } = await orderPastItsReservation();
    const checkout = rz.peer.pay(order.order_id);
    // the tutor's session outlived the reservation: signed in again
    const again = await signIn(rz.app, slow.email, strongPassword);
    const fresh = { ...slow, access: again.json<{ access: string }>().access };
    rz.peer.down = true;
    try {
      expectRefunded(await verify(rz, fresh, checkout));
      const [marked] = await rows<{ status: string; provider_refund_id: string | null }>(
        t.db,
        'SELECT status, provider_refund_id FROM payment_orders WHERE provider_order_id = $1',
        [order.order_id],
      );
      expect(marked).toEqual({ status: 'refunded', provider_refund_id: null });
    } finally {
      rz.peer.down = false;
    }
    const refundOf = () =>
      [...rz.peer.refunds.values()].filter(
        (refund) => refund.payment_id === checkout.razorpay_payment_id,
      );
    await expect.poll(() => refundOf().length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await rows<{ provider_refund_id: string | null }>(
              t.db,
              'SELECT provider_refund_id FROM payment_orders WHERE provider_order_id = $1',
              [order.order_id],
            )
          )[0]?.provider_refund_id,
        { timeout: 10_000 },
      )
      .toBe(refundOf()[0]?.id);
    expect(refundOf()[0]?.amount).toBe(SILVER_HALF_PRICE);
    expect(await countRows(t.db, 'payments', 'user_id = $1', [slow.userId])).toBe(0);
  });

  it('lets only as many discounted orders be credited as the coupon allows when many tutors pay at once (concurrent; proves locking on PostgreSQL)', async () => {
    const code = await halfOffCoupon(2);
    const tutors = await Promise.all(Array.from({ length: 4 }, () => registerTeacher(t.app)));
    const orders = [];
    for (const tutor of tutors) {
      const order = await createOrder(t, tutor, code);
      orders.push({ tutor, order });
      // every checkout is closed, so every payment must take a use afresh
      const released = await call(
        t.app,
        'POST',
        '/api/payments/coupons/fail-redemption/',
        tutor.access,
        { redemption_id: order.redemption_id },
      );
      expect(released.statusCode).toBe(200);
    }
    const paid = await Promise.all(
      orders.map(async ({ tutor, order }) => ({ tutor, checkout: await pay(order.order_id) })),
    );
    const answers = await Promise.all(
      paid.map(({ tutor, checkout }) =>
        call(t.app, 'POST', '/api/payments/verify-payment/', tutor.access, {
          ...checkout,
          plan_id: null,
          redemption_id: null,
        }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409]);
    expect(await usesOf(code)).toEqual({ paidAtDiscount: 2, consumed: 2 });
  });

  it('keeps one reservation on one order in the schema', async () => {
    const code = await halfOffCoupon(null, 5);
    const tutor = await registerTeacher(t.app);
    const order = await createOrder(t, tutor, code);
    await expect(
      rows(
        t.db,
        `INSERT INTO payment_orders (user_id, plan_id, provider, provider_order_id, price_paise,
                                     taxable_paise, gst_paise, amount_paise, redemption_id,
                                     created_at, coins, validity_days)
         VALUES ($1, $2, 'sandbox', 'order_copy', 100, 100, 0, 100, $3, now(), 1, 1)`,
        [tutor.userId, silver, order.redemption_id],
      ),
    ).rejects.toThrow(/payment_orders_one_per_redemption/);
  });
});

describe('what a paid order credits', () => {
  it('credits the coins and validity of the plan when the order was made, not after an edit', async () => {
    const tutor = await registerTeacher(t.app);
    const order = await createOrder(t, tutor);
    expect(order.amount).toBe(SILVER_FULL_PRICE);
    const checkout = await pay(order.order_id);
    await rows(t.db, "UPDATE plans SET coins = 5000, validity_days = 1 WHERE name = 'silver'");
    try {
      const verified = await verify(t, tutor, checkout);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json<{ coins_added: number }>().coins_added).toBe(300);
    } finally {
      await rows(t.db, "UPDATE plans SET coins = 300, validity_days = 180 WHERE name = 'silver'");
    }
    expect(await balanceOf(tutor)).toBe(300);
    const [lot] = await rows<{ expires_at: Date }>(
      t.db,
      'SELECT expires_at FROM coin_lots WHERE user_id = $1',
      [tutor.userId],
    );
    expect(lot?.expires_at.toISOString()).toBe(
      new Date(t.clock.now().getTime() + 180 * DAY_MS).toISOString(),
    );
  });
});

describe('the sandbox checkout', () => {
  it('signs with secrets of its data folder: not the ones once in the source, and kept across restarts', async () => {
    const secrets = sandboxSecretsOf(t.ctx.config.dataDir);
    expect(secrets).toEqual(sandboxSecretsOf(t.ctx.config.dataDir));
    expect(secrets.keySecret).not.toBe(sandboxSecretsOf(rz.ctx.config.dataDir).keySecret);
    expect(secrets.keySecret).not.toBe('sandbox-key-secret-for-development-only');

    const tutor = await registerTeacher(t.app);
    const order = await createOrder(t, tutor);
    const forge = (secret: string, paymentId: string) => ({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', secret)
        .update(`${order.order_id}|${paymentId}`)
        .digest('hex'),
    });
    const oldKey = await verify(
      t,
      tutor,
      forge('sandbox-key-secret-for-development-only', 'pay_Forged00000001'),
    );
    expect(oldKey.statusCode).toBe(400);
    // even with the right secret, a payment the sandbox page never captured is refused
    const neverPaid = await verify(t, tutor, forge(secrets.keySecret, 'pay_Forged00000002'));
    expect(neverPaid.statusCode).toBe(400);
    expect(neverPaid.json<FailureBody>().detail).toBe(PAYMENT_MESSAGES.verificationFailed);
    const webhookBody = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_Forged00000003',
            order_id: order.order_id,
            amount: order.amount,
            status: 'captured',
          },
        },
      },
    });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook/',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sandboxOf(t).signWebhook(webhookBody),
      },
      payload: webhookBody,
    });
    expect(webhook.json()).toEqual({ status: 'ignored' });
    expect(await countRows(t.db, 'payments', 'user_id = $1', [tutor.userId])).toBe(0);
    expect(await balanceOf(tutor)).toBe(0);
  });

  it('answers 409 to all but one of 50 parallel payments of one order (concurrent; proves locking on PostgreSQL)', async () => {
    const tutor = await registerTeacher(t.app);
    const order = await createOrder(t, tutor);
    const answers = await Promise.all(Array.from({ length: 50 }, () => sandboxPay(order.order_id)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of answers.filter((item) => item.statusCode === 409)) {
      expect(response.json<FailureBody & { code: string }>()).toMatchObject({
        code: 'order_already_paid',
        detail: PAYMENT_MESSAGES.orderAlreadyPaid,
      });
    }
    expect(
      await countRows(t.db, 'sandbox_payments', "order_id = $1 AND status = 'captured'", [
        order.order_id,
      ]),
    ).toBe(1);
    const again = await sandboxPay(order.order_id);
    expect(again.statusCode).toBe(409);
  });
});
