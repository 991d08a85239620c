import { createHmac } from 'node:crypto';

import type { FailureBody } from '@gurumatch/shared/schemas/account';
import type {
  ApplyCouponResult,
  CouponResult,
  CreateOrderResult,
  CurrentPlan,
  Invoice,
  LedgerList,
  Plan,
  PurchaseList,
  VerifyPaymentResult,
} from '@gurumatch/shared/schemas/payments';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, DAY_MS, MINUTE_MS, type TestApp } from '../../../test/build-test-app.ts';
import {
  call,
  countRows,
  deliverWebhook,
  grantCoins,
  registerTeacher,
  registerUser,
  rows,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { type CheckoutResponse } from '../../../test/peers/razorpay-peer.ts';
import { buildRazorpayTestApp, type RazorpayTestApp } from '../../../test/razorpay-app.ts';
import type { SandboxPayments } from '../../adapters/payments/sandbox.ts';

import { insertCoupon, type NewCoupon } from './queries.ts';
import { reconcileOrders } from './service.ts';

let t: TestApp;
let rz: RazorpayTestApp;
let planIds: { free: number; silver: number; gold: number };

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-06-01T06:00:00Z') });
  rz = await buildRazorpayTestApp({ db: t.db, now: new Date('2026-06-01T06:00:00Z') });
  const plans = await rows<{ id: number; name: string }>(t.db, 'SELECT id, name FROM plans');
  const idOf = (name: string): number => plans.find((plan) => plan.name === name)?.id ?? 0;
  planIds = { free: idOf('free'), silver: idOf('silver'), gold: idOf('gold') };
  await insertCoupon(t.db, { code: 'WELCOME10', kind: 'percent', value: 1000, maxPerUser: 100 });
});

afterAll(async () => {
  await rz.close();
  await t.close();
});

/** The user with a new access token from the app's clock (tests move clocks past 5 minutes). */
async function fresh(app: TestApp, user: RegisteredUser): Promise<RegisteredUser> {
  const response = await call(app.app, 'POST', '/api/auth/token/refresh/', undefined, {
    refresh: user.refresh,
  });
  expect(response.statusCode, response.body).toBe(200);
  const pair = response.json<{ access: string; refresh: string }>();
  return { ...user, access: pair.access, refresh: pair.refresh };
}

function expectFailure(response: LightMyRequestResponse, status: number): FailureBody {
  expect(response.statusCode).toBe(status);
  const body = response.json<FailureBody>();
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

async function createOrder(
  app: TestApp,
  user: RegisteredUser,
  planId: number,
  couponCode?: string,
): Promise<CreateOrderResult> {
  const response = await call(app.app, 'POST', '/api/payments/create-order/', user.access, {
    plan_id: planId,
    ...(couponCode ? { coupon_code: couponCode } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateOrderResult>();
}

async function sandboxPay(orderId: string, instrument = '4111 1111 1111 1111') {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay/',
    payload: { order_id: orderId, method: 'card', instrument },
  });
}

async function paidSandboxOrder(
  user: RegisteredUser,
  planId: number,
  couponCode?: string,
): Promise<{ order: CreateOrderResult; checkout: CheckoutResponse }> {
  const order = await createOrder(t, user, planId, couponCode);
  const paid = await sandboxPay(order.order_id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { order, checkout: paid.json<CheckoutResponse>() };
}

function verify(
  app: TestApp,
  user: RegisteredUser,
  checkout: CheckoutResponse,
  extra: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return call(app.app, 'POST', '/api/payments/verify-payment/', user.access, {
    ...checkout,
    plan_id: null,
    redemption_id: null,
    ...extra,
  });
}

async function balanceOf(app: TestApp, user: RegisteredUser): Promise<number> {
  const response = await call(app.app, 'GET', '/api/auth/user/coins/', user.access);
  expect(response.statusCode).toBe(200);
  return response.json<{ coins: number }>().coins;
}

function countPayments(user: RegisteredUser): Promise<number> {
  return countRows(t.db, 'payments', 'user_id = $1', [user.userId]);
}

function sandboxOf(app: TestApp): SandboxPayments {
  const sandbox = app.ctx.paymentsSandbox;
  if (!sandbox) throw new Error('the test app has no sandbox checkout');
  return sandbox;
}

function sandboxWebhook(body: string, signature = sandboxOf(t).signWebhook(body)) {
  return deliverWebhook(t.app, { body, signature });
}

function capturedEventBody(orderId: string, paymentId: string, amount: number): string {
  return JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
          method: 'card',
        },
      },
    },
    created_at: 1_780_000_000,
  });
}

let couponCounter = 0;
async function newCoupon(overrides: Partial<NewCoupon> = {}): Promise<string> {
  couponCounter += 1;
  const code = `TEST${String(couponCounter)}X${String(Date.now() % 100_000)}`;
  await insertCoupon(t.db, { code, kind: 'percent', value: 1000, ...overrides });
  return code;
}

describe('who may call the payment endpoints', () => {
  const endpoints: ['GET' | 'POST', string, unknown][] = [
    ['GET', '/api/payments/plans/', undefined],
    ['GET', '/api/payments/current-plan/', undefined],
    ['GET', '/api/payments/ledger/', undefined],
    ['GET', '/api/payments/history/', undefined],
    ['GET', '/api/payments/invoices/1/', undefined],
    ['POST', '/api/payments/coupons/validate/', { code: 'WELCOME10', plan_id: 2 }],
    ['POST', '/api/payments/coupons/apply/', { code: 'WELCOME10', plan_id: 2 }],
    ['POST', '/api/payments/coupons/fail-redemption/', { redemption_id: 1 }],
    ['POST', '/api/payments/create-order/', { plan_id: 2 }],
    [
      'POST',
      '/api/payments/verify-payment/',
      { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_x', razorpay_signature: 'x' },
    ],
  ];

  it('refuses visitors with 401 and students with 403, storing nothing', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    for (const [method, url, payload] of endpoints) {
      expect((await call(t.app, method, url, undefined, payload)).statusCode, url).toBe(401);
      const refused = await call(t.app, method, url, student.access, payload);
      expect(refused.statusCode, url).toBe(403);
    }
    expect(await countRows(t.db, 'payment_orders', 'user_id = $1', [student.userId])).toBe(0);
    expect(await countRows(t.db, 'coupon_redemptions', 'user_id = $1', [student.userId])).toBe(0);
  });
});

describe('plans and prices', () => {
  it('lists the plans for sale, without the free plan, with prices in rupees and GST at 18 %, to the paisa', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await call(t.app, 'GET', '/api/payments/plans/', teacher.access);
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    expect(
      plans.map((plan) => [
        plan.name,
        plan.coins,
        plan.price,
        plan.price_with_gst,
        plan.validity_days,
      ]),
    ).toEqual([
      ['silver', 300, '999.00', '1178.82', 180],
      ['gold', 800, '1999.00', '2358.82', 365],
    ]);
    expect(plans.filter((plan) => plan.recommended).map((plan) => plan.name)).toEqual(['silver']);
  });

  it.each([
    // plan, coupon, expected total in paise: (price − discount) + GST rounded to the paisa
    ['silver', undefined, 117_882],
    ['gold', undefined, 235_882],
    ['silver', 'WELCOME10', 106_094], // 99900 − 9990 = 89910; GST 16183.8 → 16184
    ['gold', 'WELCOME10', 212_294], // 199900 − 19990 = 179910; GST 32383.8 → 32384
  ] as const)('charges %s with coupon %s exactly %i paise', async (plan, coupon, total) => {
    const teacher = await registerTeacher(t.app);
    const order = await createOrder(t, teacher, planIds[plan], coupon);
    expect(order.amount).toBe(total);
    expect(order.currency).toBe('INR');
    const [stored] = await rows<{
      price_paise: number;
      discount_paise: number;
      taxable_paise: number;
      gst_paise: number;
      amount_paise: number;
    }>(t.db, 'SELECT * FROM payment_orders WHERE provider_order_id = $1', [order.order_id]);
    expect(stored?.amount_paise).toBe(total);
    expect((stored?.taxable_paise ?? 0) + (stored?.gst_paise ?? 0)).toBe(total);
  });

  it('rounds odd percentages and flat discounts to the paisa', async () => {
    const teacher = await registerTeacher(t.app);
    const fifteen = await newCoupon({ value: 1500 }); // 14985 off silver
    const flat = await newCoupon({ kind: 'flat', value: 33_333 }); // ₹333.33 off
    expect((await createOrder(t, teacher, planIds.silver, fifteen)).amount).toBe(100_200); // 84915 + 15284.7→15285
    const other = await registerTeacher(t.app);
    expect((await createOrder(t, other, planIds.gold, flat)).amount).toBe(196_549); // 166567 + 29982.06→29982
  });

  it('answers the free plan as the current plan until one is bought', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await call(t.app, 'GET', '/api/payments/current-plan/', teacher.access);
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentPlan>()).toMatchObject({
      success: true,
      plan: { name: 'free', expiry_date: null },
    });
  });

  it('refuses to sell the free plan or a plan that does not exist, storing nothing', async () => {
    const teacher = await registerTeacher(t.app);
    const free = await call(t.app, 'POST', '/api/payments/create-order/', teacher.access, {
      plan_id: planIds.free,
    });
    expectFailure(free, 400);
    expectFailure(
      await call(t.app, 'POST', '/api/payments/create-order/', teacher.access, { plan_id: 99_999 }),
      404,
    );
    for (const payload of [
      {},
      { plan_id: 'abc' },
      { plan_id: -1 },
      { plan_id: 2, coupon_code: 5 },
    ]) {
      expectFailure(
        await call(t.app, 'POST', '/api/payments/create-order/', teacher.access, payload),
        400,
      );
    }
    expect(await countRows(t.db, 'payment_orders', 'user_id = $1', [teacher.userId])).toBe(0);
  });
});

describe('a purchase through the sandbox checkout', () => {
  it('credits the plan once, with a ledger entry, a purchase and its GST invoice', async () => {
    const teacher = await registerTeacher(t.app);
    const { order, checkout } = await paidSandboxOrder(teacher, planIds.silver, 'WELCOME10');
    expect(order.provider).toBe('sandbox');
    expect(order.checkout_url).toContain(order.order_id);
    expect(order.redemption_id).toEqual(expect.any(Number));

    const verified = await verify(t, teacher, checkout, { plan_id: planIds.gold });
    expect(verified.statusCode, verified.body).toBe(200);
    // the plan is the order's, not the (stale) plan_id the client sent
    expect(verified.json<VerifyPaymentResult>()).toEqual({
      success: true,
      coins_added: 300,
      message: '300 coins added',
      coins: 300,
    });
    expect(await balanceOf(t, teacher)).toBe(300);

    const ledger = (
      await call(t.app, 'GET', '/api/payments/ledger/', teacher.access)
    ).json<LedgerList>();
    expect(ledger.count).toBe(1);
    expect(ledger.results[0]).toMatchObject({
      kind: 'credit',
      coins: 300,
      balance_after: 300,
      reason: 'Purchased plan 6 Months',
    });

    const history = (
      await call(t.app, 'GET', '/api/payments/history/', teacher.access)
    ).json<PurchaseList>();
    expect(history.count).toBe(1);
    const purchase = history.results[0];
    expect(purchase).toMatchObject({
      coins: 300,
      price: '999.00',
      discount: '99.90',
      taxable_value: '899.10',
      gst: '161.84',
      amount: '1060.94',
      coupon_code: 'WELCOME10',
      payment_id: checkout.razorpay_payment_id,
      order_id: checkout.razorpay_order_id,
      refund: null,
    });
    expect(purchase?.invoice_url).toMatch(/\/teacher\/billing\/invoices\/\d+$/);
    expect(purchase?.invoice_number).toMatch(/^GM\/2026\/\d{6}$/);

    const invoice = (
      await call(t.app, 'GET', `/api/payments/invoices/${String(purchase?.id)}/`, teacher.access)
    ).json<Invoice>();
    expect(invoice).toMatchObject({
      invoice_number: purchase?.invoice_number,
      buyer: { name: teacher.fullName, email: teacher.email },
      sac: '999293',
      taxable_value: '899.10',
      supply: 'inter',
      cgst: '0.00',
      sgst: '0.00',
      igst: '161.84',
      total: '1060.94',
    });
    expect(invoice.seller.gstin).toMatch(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);

    const current = (
      await call(t.app, 'GET', '/api/payments/current-plan/', teacher.access)
    ).json<CurrentPlan>();
    expect(current.plan.name).toBe('silver');
    expect(current.refunded_purchase).toBeNull();
    expect(current.plan.expiry_date).toBe(
      new Date(t.clock.now().getTime() + 180 * DAY_MS).toISOString(),
    );

    const [redemption] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM coupon_redemptions WHERE id = $1',
      [order.redemption_id],
    );
    expect(redemption?.status).toBe('consumed');
  });

  it('splits GST into CGST and SGST for a buyer in the seller state', async () => {
    const teacher = await registerTeacher(t.app);
    await rows(
      t.db,
      `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, state, country,
                                   latitude, longitude, is_primary, slot)
       VALUES ($1, 'p', 'Jayanagar, Bengaluru', 'Bengaluru', 'Karnataka', 'India', 12.9, 77.5, true, 1)`,
      [teacher.userId],
    );
    const { checkout } = await paidSandboxOrder(teacher, planIds.gold);
    expect((await verify(t, teacher, checkout)).statusCode).toBe(200);
    const [purchase] = (
      await call(t.app, 'GET', '/api/payments/history/', teacher.access)
    ).json<PurchaseList>().results;
    const invoice = (
      await call(t.app, 'GET', `/api/payments/invoices/${String(purchase?.id)}/`, teacher.access)
    ).json<Invoice>();
    // 199900 taxable; GST 35982 = 17991 + 17991
    expect(invoice).toMatchObject({
      supply: 'intra',
      taxable_value: '1999.00',
      cgst: '179.91',
      sgst: '179.91',
      igst: '0.00',
      total: '2358.82',
    });
  });

  it("refuses another tutor's invoice with 404", async () => {
    const owner = await registerTeacher(t.app);
    const { checkout } = await paidSandboxOrder(owner, planIds.silver);
    await verify(t, owner, checkout);
    const [purchase] = (
      await call(t.app, 'GET', '/api/payments/history/', owner.access)
    ).json<PurchaseList>().results;
    const other = await registerTeacher(t.app);
    expectFailure(
      await call(t.app, 'GET', `/api/payments/invoices/${String(purchase?.id)}/`, other.access),
      404,
    );
  });

  it('refuses a tampered signature and credits nothing', async () => {
    const teacher = await registerTeacher(t.app);
    const { checkout } = await paidSandboxOrder(teacher, planIds.silver);
    const flipped = `${checkout.razorpay_signature.slice(0, -1)}${checkout.razorpay_signature.endsWith('0') ? '1' : '0'}`;
    for (const signature of [
      flipped,
      'not-hex',
      '',
      checkout.razorpay_signature.toUpperCase() + 'A',
    ]) {
      const response = await verify(t, teacher, { ...checkout, razorpay_signature: signature });
      expect(response.statusCode).toBe(400);
    }
    const wrongPayment = await verify(t, teacher, {
      ...checkout,
      razorpay_payment_id: 'pay_Other00000000',
    });
    expect(wrongPayment.json<FailureBody>().detail).toBe(
      'Payment verification failed. Please contact support.',
    );
    expect(await countPayments(teacher)).toBe(0);
    expect(await balanceOf(t, teacher)).toBe(0);
  });

  it("refuses another tutor's order and credits nobody", async () => {
    const owner = await registerTeacher(t.app);
    const thief = await registerTeacher(t.app);
    const { checkout } = await paidSandboxOrder(owner, planIds.silver);
    expectFailure(await verify(t, thief, checkout), 403);
    expect(await balanceOf(t, thief)).toBe(0);
    expect(await countPayments(owner)).toBe(0);
    expect(await countPayments(thief)).toBe(0);
  });

  it('credits once when the same payment is verified twice and also delivered by webhook', async () => {
    const teacher = await registerTeacher(t.app);
    const { order, checkout } = await paidSandboxOrder(teacher, planIds.silver);
    expect((await verify(t, teacher, checkout)).statusCode).toBe(200);
    expect((await verify(t, teacher, checkout)).statusCode).toBe(200);
    const webhook = await sandboxWebhook(
      capturedEventBody(order.order_id, checkout.razorpay_payment_id, order.amount),
    );
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect(await countPayments(teacher)).toBe(1);
    expect(await balanceOf(t, teacher)).toBe(300);
    expect(await countRows(t.db, 'coin_ledger', 'user_id = $1', [teacher.userId])).toBe(1);
  });

  it('credits once under 50 concurrent verify calls for one payment (concurrent; proves locking on PostgreSQL)', async () => {
    const teacher = await registerTeacher(t.app);
    const { checkout } = await paidSandboxOrder(teacher, planIds.gold);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => verify(t, teacher, checkout)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await countPayments(teacher)).toBe(1);
    expect(await balanceOf(t, teacher)).toBe(800);
    expect(await countRows(t.db, 'coin_lots', 'user_id = $1', [teacher.userId])).toBe(1);
  });

  it('credits a webhook-only payment once, and refuses a forged webhook (concurrent deliveries; proves locking on PostgreSQL)', async () => {
    const teacher = await registerTeacher(t.app);
    const { order, checkout } = await paidSandboxOrder(teacher, planIds.silver);
    const body = capturedEventBody(order.order_id, checkout.razorpay_payment_id, order.amount);

    const forged = await sandboxWebhook(
      body,
      createHmac('sha256', 'not-the-webhook-secret').update(body).digest('hex'),
    );
    expectFailure(forged, 400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expectFailure(unsigned, 400);
    // a re-serialised body no longer matches the signature of the original bytes
    const reformatted = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook/',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sandboxOf(t).signWebhook(JSON.stringify(JSON.parse(body), null, 1)),
      },
      payload: body,
    });
    expectFailure(reformatted, 400);
    expect(await countPayments(teacher)).toBe(0);

    const deliveries = await Promise.all([sandboxWebhook(body), sandboxWebhook(body)]);
    for (const delivery of deliveries) expect(delivery.statusCode).toBe(200);
    expect(await countPayments(teacher)).toBe(1);
    expect(await balanceOf(t, teacher)).toBe(300);
  });

  it('ignores a webhook whose amount differs from the order', async () => {
    const teacher = await registerTeacher(t.app);
    const { order, checkout } = await paidSandboxOrder(teacher, planIds.silver);
    const response = await sandboxWebhook(
      capturedEventBody(order.order_id, checkout.razorpay_payment_id, 100),
    );
    expect(response.json()).toEqual({ status: 'ignored' });
    expect(await countPayments(teacher)).toBe(0);
  });

  it('answers a failed test payment with 402 and no capture', async () => {
    const teacher = await registerTeacher(t.app);
    const order = await createOrder(t, teacher, planIds.silver);
    const failed = await sandboxPay(order.order_id, '4000 0000 0000 0002');
    expectFailure(failed, 402);
    expect(failed.json<FailureBody>().detail).toBe('Payment failed');
    expectFailure(await sandboxPay(order.order_id, '1234'), 400);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/checkout/?order_id=${order.order_id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₹1178.82');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});

describe('coupons', () => {
  it('validates without reserving, with the spec messages for problems', async () => {
    const teacher = await registerTeacher(t.app);
    const ok = await call(t.app, 'POST', '/api/payments/coupons/validate/', teacher.access, {
      code: ' welcome10 ',
      plan_id: planIds.silver,
    });
    expect(ok.json<CouponResult>()).toEqual({
      valid: true,
      discount_amount: '99.90',
      discounted_price: '899.10',
      original_price: '999.00',
      coupon_code: 'WELCOME10',
      message: 'Coupon applied successfully.',
    });
    const unknown = await call(t.app, 'POST', '/api/payments/coupons/validate/', teacher.access, {
      code: 'NOPE',
      plan_id: planIds.silver,
    });
    expect(unknown.json<CouponResult>()).toMatchObject({ valid: false, message: 'Invalid coupon' });
    const goldOnly = await newCoupon({ planIds: [planIds.gold] });
    const wrongPlan = await call(t.app, 'POST', '/api/payments/coupons/validate/', teacher.access, {
      code: goldOnly,
      plan_id: planIds.silver,
    });
    expect(wrongPlan.json<CouponResult>()).toMatchObject({
      valid: false,
      message: 'This coupon does not apply to this plan.',
    });
    const expired = await newCoupon({ validUntil: new Date(t.clock.now().getTime() - 1) });
    const late = await call(t.app, 'POST', '/api/payments/coupons/validate/', teacher.access, {
      code: expired,
      plan_id: planIds.silver,
    });
    expect(late.json<CouponResult>()).toMatchObject({
      valid: false,
      message: 'This coupon has expired.',
    });
    expect(await countRows(t.db, 'coupon_redemptions', 'user_id = $1', [teacher.userId])).toBe(0);
    expectFailure(
      await call(t.app, 'POST', '/api/payments/coupons/validate/', teacher.access, { code: '' }),
      400,
    );
  });

  it('refuses a coupon over its total limit, even when many tutors apply at once (concurrent; proves locking on PostgreSQL)', async () => {
    const code = await newCoupon({ maxRedemptions: 3, maxPerUser: 1 });
    const teachers = await Promise.all(Array.from({ length: 8 }, () => registerTeacher(t.app)));
    const responses = await Promise.all(
      teachers.map((teacher) =>
        call(t.app, 'POST', '/api/payments/coupons/apply/', teacher.access, {
          code,
          plan_id: planIds.silver,
        }),
      ),
    );
    const applied = responses.filter((response) => response.statusCode === 200);
    expect(applied).toHaveLength(3);
    for (const response of responses.filter((item) => item.statusCode !== 200)) {
      expect(expectFailure(response, 400)).toMatchObject({
        code: 'coupon_limit',
        detail: 'This coupon has reached its usage limit.',
      });
    }
    const [row] = await rows<{ count: number }>(
      t.db,
      "SELECT count(*)::int AS count FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = $1 AND r.status = 'reserved'",
      [code],
    );
    expect(row?.count).toBe(3);
  });

  it('releases a reservation on fail-redemption and after 30 minutes, and consumes it on payment', async () => {
    const code = await newCoupon({ maxRedemptions: 1, maxPerUser: 1 });
    const [first, second, third] = await Promise.all([
      registerTeacher(t.app),
      registerTeacher(t.app),
      registerTeacher(t.app),
    ]);
    const apply = (user: RegisteredUser) =>
      call(t.app, 'POST', '/api/payments/coupons/apply/', user.access, {
        code,
        plan_id: planIds.silver,
      });

    const reserved = (await apply(first)).json<ApplyCouponResult>();
    expect(reserved).toMatchObject({ success: true, coupon_code: code, discount_amount: '99.90' });
    expectFailure(await apply(second), 400);

    // only the owner can release it
    expectFailure(
      await call(t.app, 'POST', '/api/payments/coupons/fail-redemption/', second.access, {
        redemption_id: reserved.redemption_id,
      }),
      404,
    );
    const released = await call(
      t.app,
      'POST',
      '/api/payments/coupons/fail-redemption/',
      first.access,
      {
        redemption_id: reserved.redemption_id,
      },
    );
    expect(released.statusCode).toBe(200);
    const secondReservation = (await apply(second)).json<ApplyCouponResult>();
    expect(secondReservation.success).toBe(true);
    expectFailure(await apply(third), 400);

    t.clock.advance(31 * MINUTE_MS);
    const buyer = await fresh(t, third);
    const { checkout, order } = await paidSandboxOrder(buyer, planIds.silver, code);
    expect(order.amount).toBe(106_094);
    expect((await verify(t, buyer, checkout)).statusCode).toBe(200);
    const [redemption] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM coupon_redemptions WHERE id = $1',
      [order.redemption_id],
    );
    expect(redemption?.status).toBe('consumed');
    // consumed: the limit now holds against everyone, the buyer included
    expectFailure(await apply(await fresh(t, first)), 400);
    expectFailure(await apply(buyer), 400);
  });
});

describe('the coin ledger over the API', () => {
  it('shows an expired lot as an expiry entry and does not count it', async () => {
    const teacher = await registerTeacher(t.app);
    const start = t.clock.now();
    await grantCoins(t.db, teacher.userId, 7, start, 2);
    await grantCoins(t.db, teacher.userId, 3, start, 30);
    t.clock.advance(3 * DAY_MS);
    const later = await fresh(t, teacher);
    expect(await balanceOf(t, later)).toBe(3);
    const ledger = (
      await call(t.app, 'GET', '/api/payments/ledger/', later.access)
    ).json<LedgerList>();
    expect(ledger.results.map((entry) => [entry.kind, entry.coins, entry.balance_after])).toEqual([
      ['expiry', -7, 3],
      ['credit', 3, 10],
      ['credit', 7, 7],
    ]);
    expect(ledger.results[0]?.created_at).toBe(
      new Date(start.getTime() + 2 * DAY_MS).toISOString(),
    );
  });

  it('pages the ledger with count, next and previous', async () => {
    const teacher = await registerTeacher(t.app);
    for (let index = 0; index < 5; index += 1) {
      await grantCoins(t.db, teacher.userId, 1, t.clock.now());
    }
    const first = (
      await call(t.app, 'GET', '/api/payments/ledger/?page_size=2', teacher.access)
    ).json<LedgerList>();
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const last = (
      await call(t.app, 'GET', '/api/payments/ledger/?page_size=2&page=3', teacher.access)
    ).json<LedgerList>();
    expect(last.results).toHaveLength(1);
    expect(last.next).toBeNull();
    expectFailure(await call(t.app, 'GET', '/api/payments/ledger/?page=0', teacher.access), 400);
  });
});

describe('with Razorpay', () => {
  it('creates the order through the Orders API with basic auth and the server-computed amount', async () => {
    const teacher = await registerTeacher(rz.app);
    const order = await createOrder(rz, teacher, planIds.silver, 'WELCOME10');
    expect(order).toMatchObject({
      provider: 'razorpay',
      key: rz.peer.env.RAZORPAY_KEY_ID,
      amount: 106_094,
      checkout_url: null,
    });
    const sent = rz.peer.requests.find((request) => request.path === '/v1/orders');
    expect(sent?.headers.authorization).toMatch(/^Basic /);
    expect(rz.peer.orders.get(order.order_id)?.amount).toBe(106_094);
    expect(
      (await rz.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/?order_id=x' }))
        .statusCode,
    ).toBe(404);
  });

  it("verifies Razorpay's signature and credits once with the webhook too", async () => {
    const teacher = await registerTeacher(rz.app);
    const order = await createOrder(rz, teacher, planIds.gold);
    const checkout = rz.peer.pay(order.order_id);
    expect((await verify(rz, teacher, checkout)).statusCode).toBe(200);
    const event = rz.peer.capturedEvent(checkout.razorpay_payment_id);
    const delivery = await deliverWebhook(rz.app, event);
    expect(delivery.json()).toEqual({ status: 'ok' });
    expect(await balanceOf(rz, teacher)).toBe(800);
    expect(await countPayments(teacher)).toBe(1);
  });

  it('answers 503 with the spec message when the provider refuses the order', async () => {
    const teacher = await registerTeacher(rz.app);
    rz.peer.delayMs = 0;
    const broken = await buildTestApp({
      env: { ...rz.peer.env, RAZORPAY_KEY_SECRET: 'wrong-secret' },
      db: t.db,
      now: rz.clock.now(),
    });
    try {
      const response = await call(
        broken.app,
        'POST',
        '/api/payments/create-order/',
        teacher.access,
        {
          plan_id: planIds.silver,
        },
      );
      expect(expectFailure(response, 503).detail).toBe('Payment processing failed');
    } finally {
      await broken.close();
    }
  });

  it('reconciliation credits a captured payment the browser never verified, once', async () => {
    const teacher = await registerTeacher(rz.app);
    const order = await createOrder(rz, teacher, planIds.silver);
    rz.peer.pay(order.order_id, 'failed');
    rz.peer.pay(order.order_id, 'captured');

    rz.clock.advance(14 * MINUTE_MS);
    await reconcileOrders(rz.ctx);
    expect(await countPayments(teacher)).toBe(0);

    rz.clock.advance(2 * MINUTE_MS);
    const outcome = await reconcileOrders(rz.ctx);
    expect(outcome.credited).toBe(1);
    expect(await balanceOf(rz, await fresh(rz, teacher))).toBe(300);
    const [payment] = await rows<{ credited_by: string }>(
      t.db,
      'SELECT credited_by FROM payments WHERE user_id = $1',
      [teacher.userId],
    );
    expect(payment?.credited_by).toBe('reconcile');

    rz.clock.advance(20 * MINUTE_MS);
    expect((await reconcileOrders(rz.ctx)).credited).toBe(0);
    expect(await countPayments(teacher)).toBe(1);
  });

  it('reconciliation closes an order nobody paid after a day and releases its coupon', async () => {
    const teacher = await registerTeacher(rz.app);
    const order = await createOrder(rz, teacher, planIds.silver, 'WELCOME10');
    rz.clock.advance(DAY_MS + MINUTE_MS);
    await reconcileOrders(rz.ctx);
    const [stored] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM payment_orders WHERE provider_order_id = $1',
      [order.order_id],
    );
    expect(stored?.status).toBe('failed');
    const [redemption] = await rows<{ status: string }>(
      t.db,
      'SELECT status FROM coupon_redemptions WHERE id = $1',
      [order.redemption_id],
    );
    expect(redemption?.status).toBe('released');
  });
});
