/**
 * Refunds of payments by administrators: as coins, and to the original payment
 * method through the payments adapter (the offline sandbox, and Razorpay's
 * refunds API played by the local peer).
 */
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { FailureBody } from '@gurumatch/shared/schemas/account';
import type { AdminPayment } from '@gurumatch/shared/schemas/admin';
import type {
  CreateOrderResult,
  CurrentPlan,
  PurchaseList,
} from '@gurumatch/shared/schemas/payments';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  call,
  countRows,
  deliverWebhook,
  findPlanId,
  registerTeacher,
  registerUser,
  rows,
  signInNewAdministrator,
  type RegisteredUser,
} from '../../../test/factories.ts';
import {
  RAZORPAY_PEER_KEY_ID,
  RAZORPAY_PEER_KEY_SECRET,
  type CheckoutResponse,
} from '../../../test/peers/razorpay-peer.ts';
import { buildRazorpayTestApp, type RazorpayTestApp } from '../../../test/razorpay-app.ts';
import { queueReconciliation, spendCoins } from '../payments/service.ts';

let t: TestApp;
let rz: RazorpayTestApp;
let adminToken: string;
let silverPlanId: number;

beforeAll(async () => {
  t = await buildTestApp();
  rz = await buildRazorpayTestApp({ db: t.db });
  adminToken = (await signInNewAdministrator(t.app, t.db)).access;
  silverPlanId = await findPlanId(t.db, 'silver');
});

afterAll(async () => {
  await rz.close();
  await t.close();
});

function refund(
  app: TestApp,
  paymentId: number,
  method: 'coins' | 'original' = 'original',
): Promise<LightMyRequestResponse> {
  return call(app.app, 'POST', `/api/admin/payments/${String(paymentId)}/refund/`, adminToken, {
    method,
    reason: 'Bought the wrong plan',
  });
}

async function createOrder(app: TestApp, user: RegisteredUser): Promise<CreateOrderResult> {
  const response = await call(app.app, 'POST', '/api/payments/create-order/', user.access, {
    plan_id: silverPlanId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateOrderResult>();
}

async function verify(app: TestApp, user: RegisteredUser, checkout: CheckoutResponse) {
  const response = await call(app.app, 'POST', '/api/payments/verify-payment/', user.access, {
    ...checkout,
    plan_id: null,
    redemption_id: null,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function paymentIdOf(checkout: CheckoutResponse): Promise<number> {
  const [row] = await rows<{ id: number }>(
    t.db,
    'SELECT id FROM payments WHERE provider_payment_id = $1',
    [checkout.razorpay_payment_id],
  );
  if (!row) throw new Error('payment not credited');
  return row.id;
}

/** A tutor who bought the silver plan (300 coins, ₹1,178.82) through Razorpay (the peer). */
async function paidWithRazorpay(): Promise<{
  tutor: RegisteredUser;
  paymentId: number;
  checkout: CheckoutResponse;
  amount: number;
}> {
  const tutor = await registerTeacher(rz.app);
  const order = await createOrder(rz, tutor);
  const checkout = rz.peer.pay(order.order_id);
  await verify(rz, tutor, checkout);
  return { tutor, paymentId: await paymentIdOf(checkout), checkout, amount: order.amount };
}

/** The same through the offline sandbox checkout. */
async function paidWithSandbox(): Promise<{
  tutor: RegisteredUser;
  paymentId: number;
  checkout: CheckoutResponse;
}> {
  const tutor = await registerTeacher(t.app);
  const order = await createOrder(t, tutor);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay/',
    payload: { order_id: order.order_id, method: 'upi', instrument: 'success@razorpay' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const checkout = paid.json<CheckoutResponse>();
  await verify(t, tutor, checkout);
  return { tutor, paymentId: await paymentIdOf(checkout), checkout };
}

async function balanceOf(user: RegisteredUser): Promise<number> {
  const response = await call(t.app, 'GET', '/api/auth/user/coins/', user.access);
  expect(response.statusCode).toBe(200);
  return response.json<{ coins: number }>().coins;
}

async function currentPlanOf(user: RegisteredUser): Promise<CurrentPlan> {
  const response = await call(t.app, 'GET', '/api/payments/current-plan/', user.access);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentPlan>();
}

async function purchasesOf(user: RegisteredUser): Promise<PurchaseList> {
  const response = await call(t.app, 'GET', '/api/payments/history/', user.access);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PurchaseList>();
}

function refundCalls(paymentId: string): number {
  return rz.peer.requests.filter(
    (request) => request.method === 'POST' && request.path === `/v1/payments/${paymentId}/refund`,
  ).length;
}

interface StoredRefund {
  provider_refund_id: string | null;
  provider_status: string;
  provider_error: string | null;
}

async function storedRefund(paymentId: number): Promise<StoredRefund | undefined> {
  const [row] = await rows<StoredRefund>(
    t.db,
    `SELECT provider_refund_id, provider_status, provider_error
       FROM payment_refunds WHERE payment_id = $1`,
    [paymentId],
  );
  return row;
}

/** Waits until the refund's job has had the provider's answer (the status leaves `requested`). */
async function settled(paymentId: number): Promise<StoredRefund> {
  await expect
    .poll(async () => (await storedRefund(paymentId))?.provider_status, { timeout: 20_000 })
    .not.toBe('requested');
  const row = await storedRefund(paymentId);
  if (!row) throw new Error('no refund stored');
  return row;
}

async function refundMails(tutor: RegisteredUser): Promise<number> {
  const box = t.ctx.outbox;
  if (!box) throw new Error('the dev outbox is not active');
  return (await box.list(1000)).filter(
    (entry) =>
      entry.kind === 'email' &&
      entry.to === tutor.email &&
      entry.subject === PAYMENT_MESSAGES.refundEmailSubject,
  ).length;
}

/** How many audit entries of an action the payment has. */
function auditCount(action: string, paymentId: number): Promise<number> {
  return countRows(t.db, 'admin_audit_log', 'action = $1 AND target_id = $2', [
    action,
    String(paymentId),
  ]);
}

function retryRefund(app: TestApp, paymentId: number): Promise<LightMyRequestResponse> {
  return call(
    app.app,
    'POST',
    `/api/admin/payments/${String(paymentId)}/refund/retry/`,
    adminToken,
  );
}

function expectFailure(response: LightMyRequestResponse, status: number, code: string): string {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<FailureBody & { code: string }>();
  expect(body.code).toBe(code);
  expect(body.detail.length).toBeGreaterThan(0);
  return body.detail;
}

describe('who may refund a payment', () => {
  it('refuses visitors (401), students and tutors (403), before reading the body', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    const student = await registerUser(t.app);
    const url = `/api/admin/payments/${String(paymentId)}/refund/`;
    const body = { method: 'original', reason: 'Please' };
    expect((await call(t.app, 'POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url, student.access, body)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url, tutor.access, body)).statusCode).toBe(403);
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(0);
  });

  it('answers 404 for an unknown payment and 400 for a malformed body', async () => {
    expectFailure(await refund(t, 999_999), 404, 'not_found');
    const { paymentId } = await paidWithSandbox();
    const url = `/api/admin/payments/${String(paymentId)}/refund/`;
    for (const body of [
      { method: 'cash', reason: 'Wrong plan' },
      { method: 'original' },
      { method: 'original', reason: '' },
      { reason: 'Wrong plan' },
    ]) {
      const response = await call(t.app, 'POST', url, adminToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('validation_error');
    }
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(0);
  });
});

describe('a refund to the original method through Razorpay', () => {
  it('records the refund as requested, then calls the refunds API with the amount and basic auth, once', async () => {
    const { tutor, paymentId, checkout, amount } = await paidWithRazorpay();
    expect(await balanceOf(tutor)).toBe(300);

    const response = await refund(rz, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json<AdminPayment>();
    expect(payment.refund).toMatchObject({
      kind: 'original',
      coins: 300,
      amount_paise: amount,
      provider_status: 'requested',
      provider_refund_id: null,
    });
    expect(payment.refundable).toBe(false);
    // the coins go at once; the provider is asked by a job, after the answer
    expect(await balanceOf(tutor)).toBe(0);
    const stored = await settled(paymentId);
    expect(stored.provider_status).toBe('pending');
    expect(stored.provider_refund_id).toMatch(/^rfnd_/);

    const sent = rz.peer.requests.filter(
      (request) => request.path === `/v1/payments/${checkout.razorpay_payment_id}/refund`,
    );
    expect(sent).toHaveLength(1);
    const auth = Buffer.from(`${RAZORPAY_PEER_KEY_ID}:${RAZORPAY_PEER_KEY_SECRET}`);
    expect(sent[0]?.headers.authorization).toBe(`Basic ${auth.toString('base64')}`);
    expect(JSON.parse(sent[0]?.body.toString('utf8') ?? '{}')).toMatchObject({
      amount,
      speed: 'normal',
      receipt: `refund-${String(paymentId)}`,
      notes: { payment_id: String(paymentId) },
    });
    expect(rz.peer.payments.get(checkout.razorpay_payment_id)).toMatchObject({
      status: 'refunded',
      amount_refunded: amount,
    });

    expect(await balanceOf(tutor)).toBe(0);
    const [reversal] = await rows<{ coins: number; balance_after: number }>(
      t.db,
      "SELECT coins, balance_after FROM coin_ledger WHERE user_id = $1 AND kind = 'reversal'",
      [tutor.userId],
    );
    expect(reversal).toEqual({ coins: -300, balance_after: 0 });
    expect(rz.peer.refunds.get(stored.provider_refund_id ?? '')?.payment_id).toBe(
      checkout.razorpay_payment_id,
    );
    // the tutor is told once the provider has accepted it
    await expect.poll(() => refundMails(tutor), { timeout: 15_000 }).toBe(1);
    expect(await auditCount('payment.refund', paymentId)).toBe(1);
  });

  it('answers a second refund with 409, even at the same moment, and calls the provider once (concurrent; proves locking on PostgreSQL)', async () => {
    const { tutor, paymentId, checkout } = await paidWithRazorpay();
    // two administrators at once: the payment row's lock lets one through
    const both = await Promise.all([refund(rz, paymentId), refund(rz, paymentId)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    await settled(paymentId);
    expect(refundCalls(checkout.razorpay_payment_id)).toBe(1);
    const again = await Promise.all([refund(rz, paymentId), refund(rz, paymentId, 'coins')]);
    for (const response of again) {
      expect(expectFailure(response, 409, 'already_refunded')).toBe(ADMIN_MESSAGES.alreadyRefunded);
    }
    expect(refundCalls(checkout.razorpay_payment_id)).toBe(1);
    expect(await balanceOf(tutor)).toBe(0);
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(1);
  });

  it('fails a refund the provider refuses, gives the coins back, and settles it once when retried from the back office', async () => {
    const { tutor, paymentId, checkout } = await paidWithRazorpay();
    // the peer refuses a refund over what is left (already refunded there by hand)
    const captured = rz.peer.payments.get(checkout.razorpay_payment_id);
    if (!captured) throw new Error('no payment at the peer');
    captured.amount_refunded = captured.amount - 100;
    expect((await refund(rz, paymentId)).statusCode).toBe(200);
    const failed = await settled(paymentId);
    expect(failed.provider_status).toBe('failed');
    expect(failed.provider_error).toContain('greater than amount captured');
    // the money stayed with us, so the coins are the tutor's again
    expect(await balanceOf(tutor)).toBe(300);
    expect(await refundMails(tutor)).toBe(0);

    captured.amount_refunded = 0;
    const retried = await retryRefund(rz, paymentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<AdminPayment>().refund?.provider_status).toBe('requested');
    expect(await balanceOf(tutor)).toBe(0);
    expect((await settled(paymentId)).provider_status).toBe('pending');
    await expect.poll(() => refundMails(tutor), { timeout: 15_000 }).toBe(1);
    // a second retry is refused: the provider has it
    expectFailure(await retryRefund(rz, paymentId), 409, 'refund_not_retryable');
    expect(
      [...rz.peer.refunds.values()].filter(
        (item) => item.payment_id === checkout.razorpay_payment_id,
      ),
    ).toHaveLength(1);
    expect(await auditCount('payment.refund_retry', paymentId)).toBe(1);
  });

  it('refuses with 409 once coins of the purchase were spent, without calling the provider', async () => {
    const { tutor, paymentId, checkout } = await paidWithRazorpay();
    await t.db.transaction((tx) =>
      spendCoins(tx, { userId: tutor.userId, coins: 12, reason: 'Contact', now: new Date() }),
    );
    const detail = expectFailure(await refund(rz, paymentId), 409, 'coins_spent');
    expect(detail).toContain('12 of the 300 coins');
    expect(refundCalls(checkout.razorpay_payment_id)).toBe(0);
    expect(await balanceOf(tutor)).toBe(288);
    // as coins it is still possible
    expect((await refund(rz, paymentId, 'coins')).statusCode).toBe(200);
  });

  it('refuses a payment taken by another provider than the configured one', async () => {
    const { paymentId } = await paidWithSandbox();
    expectFailure(await refund(rz, paymentId), 409, 'provider_mismatch');
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(0);
  });

  it('follows the refund.processed and refund.failed webhooks', async () => {
    const deliver = (event: { body: string; signature: string }) => deliverWebhook(rz.app, event);
    const statusOf = async (paymentId: number): Promise<string | undefined> => {
      const [row] = await rows<{ provider_status: string }>(
        t.db,
        'SELECT provider_status FROM payment_refunds WHERE payment_id = $1',
        [paymentId],
      );
      return row?.provider_status;
    };

    const processed = await paidWithRazorpay();
    expect((await refund(rz, processed.paymentId)).statusCode).toBe(200);
    const processedId = (await settled(processed.paymentId)).provider_refund_id ?? '';
    expect((await deliver(rz.peer.refundEvent(processedId, 'processed'))).json()).toEqual({
      status: 'ok',
    });
    expect(await statusOf(processed.paymentId)).toBe('processed');
    expect(await balanceOf(processed.tutor)).toBe(0);
    // a late or repeated event changes nothing
    expect((await deliver(rz.peer.refundEvent(processedId, 'failed'))).json()).toEqual({
      status: 'ignored',
    });
    expect(await statusOf(processed.paymentId)).toBe('processed');

    const failed = await paidWithRazorpay();
    expect((await refund(rz, failed.paymentId)).statusCode).toBe(200);
    const failedId = (await settled(failed.paymentId)).provider_refund_id ?? '';
    expect((await deliver(rz.peer.refundEvent(failedId, 'failed'))).json()).toEqual({
      status: 'ok',
    });
    expect(await statusOf(failed.paymentId)).toBe('failed');
    // the money stayed with us, so the coins go back to the tutor, once
    expect(await balanceOf(failed.tutor)).toBe(300);
    await deliver(rz.peer.refundEvent(failedId, 'failed'));
    expect(await balanceOf(failed.tutor)).toBe(300);
    // and the plan is theirs again; the purchase says the refund failed
    expect(await currentPlanOf(failed.tutor)).toMatchObject({
      plan: { name: 'silver' },
      refunded_purchase: null,
    });
    expect((await purchasesOf(failed.tutor)).results[0]?.refund).toMatchObject({
      kind: 'original',
      status: 'failed',
    });
  });
});

describe('a refund to the original method never holds other writes', () => {
  it('answers at once and lets other writes through while the provider takes 8 s to answer', async () => {
    const { tutor, paymentId, checkout } = await paidWithRazorpay();
    const other = await registerTeacher(t.app);
    rz.peer.delayMs = 8000;
    try {
      const started = Date.now();
      expect((await refund(rz, paymentId)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      // the job has asked the provider and waits for its answer
      await expect
        .poll(
          () =>
            rz.peer.requests.some(
              (request) => request.path === `/v1/payments/${checkout.razorpay_payment_id}/refunds`,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      const profilePath = `/api/auth/profile/${String(other.userId)}/`;
      const bio = 'Maths and physics for classes 9 to 12, twelve years of teaching.';
      const writeStarted = Date.now();
      const write = await call(t.app, 'PATCH', profilePath, other.access, { bio });
      const took = Date.now() - writeStarted;
      expect(write.statusCode, write.body).toBe(200);
      expect(took).toBeLessThan(200);
      expect((await storedRefund(paymentId))?.provider_status).toBe('requested');
    } finally {
      rz.peer.delayMs = 0;
    }
    expect((await settled(paymentId)).provider_status).toBe('pending');
    expect(await balanceOf(tutor)).toBe(0);
  }, 60_000);

  it('keeps trying while the provider is down, and settles once when retried from the back office', async () => {
    const { tutor, paymentId, checkout } = await paidWithRazorpay();
    rz.peer.down = true;
    try {
      expect((await refund(rz, paymentId)).statusCode).toBe(200);
      // tried, failed, waiting for another try; the refund stays requested
      await expect
        .poll(
          () =>
            rz.peer.requests.filter(
              (request) => request.path === `/v1/payments/${checkout.razorpay_payment_id}/refunds`,
            ).length,
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(2);
      expect((await storedRefund(paymentId))?.provider_status).toBe('requested');
    } finally {
      rz.peer.down = false;
    }
    // the administrator does not wait for the next try
    const retried = await retryRefund(rz, paymentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await settled(paymentId)).provider_status).toBe('pending');
    await expect.poll(() => refundMails(tutor), { timeout: 15_000 }).toBe(1);
    // whichever job comes next finds it settled: one refund, one reversal, one e-mail
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(refundCalls(checkout.razorpay_payment_id)).toBe(1);
    expect(
      await countRows(t.db, 'coin_ledger', "user_id = $1 AND kind = 'reversal'", [tutor.userId]),
    ).toBe(1);
    expect(await refundMails(tutor)).toBe(1);
    expect(await balanceOf(tutor)).toBe(0);
  }, 60_000);

  it('refuses a retry to visitors, tutors, for an unknown payment, and for a refund as coins', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    const url = `/api/admin/payments/${String(paymentId)}/refund/retry/`;
    expect((await call(t.app, 'POST', url)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url, tutor.access)).statusCode).toBe(403);
    expectFailure(await retryRefund(t, 999_999), 404, 'not_found');
    expectFailure(await retryRefund(t, paymentId), 404, 'not_found');
    expect(
      (await call(t.app, 'POST', '/api/admin/payments/abc/refund/retry/', adminToken)).statusCode,
    ).toBe(400);
    expect((await refund(t, paymentId, 'coins')).statusCode).toBe(200);
    expectFailure(await retryRefund(t, paymentId), 404, 'not_found');
    expect(await auditCount('payment.refund_retry', paymentId)).toBe(0);
  });
});

describe('a refund as coins', () => {
  async function ledgerOf(tutor: RegisteredUser) {
    return rows<{ kind: string; coins: number; balance_after: number }>(
      t.db,
      'SELECT kind, coins, balance_after FROM coin_ledger WHERE user_id = $1 ORDER BY id',
      [tutor.userId],
    );
  }

  it('takes back the unspent coins of the purchase and credits its coins once: never twice its coins', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    await t.db.transaction((tx) =>
      spendCoins(tx, { userId: tutor.userId, coins: 12, reason: 'Contact', now: new Date() }),
    );
    expect(await balanceOf(tutor)).toBe(288);
    const response = await refund(t, paymentId, 'coins');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminPayment>().refund).toMatchObject({ kind: 'coins', coins: 300 });
    // 288 unspent taken back, 300 given: the payment is worth its 300 coins, not 588
    expect(await balanceOf(tutor)).toBe(300);
    expect((await ledgerOf(tutor)).map((entry) => [entry.kind, entry.coins])).toEqual([
      ['credit', 300],
      ['spend', -12],
      ['reversal', -288],
      ['credit', 300],
    ]);
    expectFailure(await refund(t, paymentId, 'coins'), 409, 'already_refunded');
    expect(await balanceOf(tutor)).toBe(300);
  });

  it('gives the coins again when all were spent, and leaves an untouched purchase at its coins', async () => {
    const spent = await paidWithSandbox();
    await t.db.transaction((tx) =>
      spendCoins(tx, {
        userId: spent.tutor.userId,
        coins: 300,
        reason: 'Contacts',
        now: new Date(),
      }),
    );
    expect((await refund(t, spent.paymentId, 'coins')).statusCode).toBe(200);
    expect(await balanceOf(spent.tutor)).toBe(300);
    expect(
      await countRows(t.db, 'coin_ledger', "user_id = $1 AND kind = 'reversal'", [
        spent.tutor.userId,
      ]),
    ).toBe(0);

    const untouched = await paidWithSandbox();
    expect((await refund(t, untouched.paymentId, 'coins')).statusCode).toBe(200);
    expect(await balanceOf(untouched.tutor)).toBe(300);
  });

  it('refunds as coins once under parallel requests (concurrent; proves locking on PostgreSQL)', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(t, paymentId, 'coins')),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await balanceOf(tutor)).toBe(300);
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(1);
  });

  it('credits the coins and validity the order was bought with, even after the plan was edited', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    await rows(t.db, "UPDATE plans SET coins = 5000, validity_days = 1 WHERE name = 'silver'");
    try {
      expect((await refund(t, paymentId, 'coins')).statusCode).toBe(200);
    } finally {
      await rows(t.db, "UPDATE plans SET coins = 300, validity_days = 180 WHERE name = 'silver'");
    }
    expect(await balanceOf(tutor)).toBe(300);
    const [lot] = await rows<{ days: number }>(
      t.db,
      `SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
         FROM coin_lots WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [tutor.userId],
    );
    expect(lot?.days).toBe(180);
  });
});

describe('a refund to the original method through the sandbox checkout', () => {
  it('records a processed refund there, takes the coins back, and refuses a second', async () => {
    const { tutor, paymentId, checkout } = await paidWithSandbox();
    expect(await balanceOf(tutor)).toBe(300);
    const response = await refund(t, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json<AdminPayment>();
    expect(payment.refund).toMatchObject({
      kind: 'original',
      coins: 300,
      provider_status: 'requested',
    });
    const stored = await settled(paymentId);
    expect(stored.provider_status).toBe('processed');
    const refundId = stored.provider_refund_id ?? '';
    expect(refundId).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const [sandbox] = await rows<{ payment_id: string; amount: number; status: string }>(
      t.db,
      'SELECT payment_id, amount, status FROM sandbox_refunds WHERE id = $1',
      [refundId],
    );
    expect(sandbox).toEqual({
      payment_id: checkout.razorpay_payment_id,
      amount: payment.amount_paise,
      status: 'processed',
    });
    expect(
      await countRows(t.db, 'sandbox_payments', "id = $1 AND status = 'refunded'", [
        checkout.razorpay_payment_id,
      ]),
    ).toBe(1);
    expect(await balanceOf(tutor)).toBe(0);

    expectFailure(await refund(t, paymentId), 409, 'already_refunded');
    expect(
      await countRows(t.db, 'sandbox_refunds', 'payment_id = $1', [checkout.razorpay_payment_id]),
    ).toBe(1);
  });

  it('shows the tutor the refund: the plan is no longer current, and the purchase is marked', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    const other = await paidWithSandbox();
    expect((await currentPlanOf(tutor)).plan.name).toBe('silver');
    expect((await refund(t, paymentId)).statusCode).toBe(200);
    await settled(paymentId);

    const current = await currentPlanOf(tutor);
    expect(current.plan.name).toBe('free');
    expect(current.refunded_purchase).toMatchObject({
      display_name: '6 Months',
      amount: '1178.82',
    });
    expect(Date.parse(current.refunded_purchase?.refunded_at ?? '')).toBe(t.clock.now().getTime());
    const [purchase] = (await purchasesOf(tutor)).results;
    expect(purchase?.refund).toEqual({
      kind: 'original',
      status: 'processed',
      coins: 300,
      amount: '1178.82',
      refunded_at: current.refunded_purchase?.refunded_at,
    });

    // another tutor's purchase and plan are untouched
    expect((await currentPlanOf(other.tutor)).plan.name).toBe('silver');
    expect((await currentPlanOf(other.tutor)).refunded_purchase).toBeNull();
    expect((await purchasesOf(other.tutor)).results[0]?.refund).toBeNull();
  });

  it('keeps the plan current after a refund as coins, and marks the purchase', async () => {
    const { tutor, paymentId } = await paidWithSandbox();
    expect((await refund(t, paymentId, 'coins')).statusCode).toBe(200);
    const current = await currentPlanOf(tutor);
    expect(current.plan.name).toBe('silver');
    expect(current.refunded_purchase).toBeNull();
    const [purchase] = (await purchasesOf(tutor)).results;
    expect(purchase?.refund).toMatchObject({ kind: 'coins', status: null, coins: 300 });
  });

  it('keeps the refund window: past 7 days neither method is offered', async () => {
    const { paymentId } = await paidWithSandbox();
    await t.db.query(
      "UPDATE payments SET created_at = created_at - interval '8 days' WHERE id = $1",
      [paymentId],
    );
    expectFailure(await refund(t, paymentId), 400, 'refund_window_closed');
    expectFailure(await refund(t, paymentId, 'coins'), 400, 'refund_window_closed');
    expect(await countRows(t.db, 'payment_refunds', 'payment_id = $1', [paymentId])).toBe(0);
  });
});

describe("reconciliation of refunds left pending (moves the Razorpay app's clock; runs last)", () => {
  it('asks the provider about a refund pending for 30 minutes and settles it once, with no webhook', async () => {
    const { tutor, paymentId } = await paidWithRazorpay();
    expect((await refund(rz, paymentId)).statusCode).toBe(200);
    const pending = await settled(paymentId);
    expect(pending.provider_status).toBe('pending');
    const atPeer = rz.peer.refunds.get(pending.provider_refund_id ?? '');
    if (!atPeer) throw new Error('no refund at the peer');
    // the bank processed it, and the webhook was lost
    atPeer.status = 'processed';

    rz.clock.advance(10 * 60_000);
    expect((await queueReconciliation(rz.ctx)).refunds).toBe(0);
    rz.clock.advance(25 * 60_000);
    expect((await queueReconciliation(rz.ctx)).refunds).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => (await storedRefund(paymentId))?.provider_status, { timeout: 15_000 })
      .toBe('processed');
    expect(await balanceOf(tutor)).toBe(0);
    // processed is final: a late refund.failed changes nothing
    const late = rz.peer.refundEvent(atPeer.id, 'failed');
    const answer = await deliverWebhook(rz.app, late);
    expect(answer.json()).toEqual({ status: 'ignored' });
    expect((await storedRefund(paymentId))?.provider_status).toBe('processed');
    expect(await balanceOf(tutor)).toBe(0);
  });
});
