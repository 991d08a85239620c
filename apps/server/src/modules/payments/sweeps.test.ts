/**
 * Reconciliation and coin expiry on the job queue: a sweep stores one job per
 * item, an item whose provider call fails is retried on its own without
 * holding up the others, and a sweep never asks twice for an item whose job
 * is still waiting.
 */
import type { CreateOrderResult } from '@gurumatch/shared/schemas/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY_MS, MINUTE_MS } from '../../../test/build-test-app.ts';
import {
  call,
  findJobSchema,
  findPlanId,
  grantCoins,
  registerTeacher,
  rows,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { buildRazorpayTestApp, type RazorpayTestApp } from '../../../test/razorpay-app.ts';

import { getCoinBalance } from './ledger.ts';
import { queueCoinExpiries, queueReconciliation, reconcileOrderJobOf } from './service.ts';

let rz: RazorpayTestApp;
let silverPlanId: number;
let jobSchema: string;

beforeAll(async () => {
  rz = await buildRazorpayTestApp();
  [silverPlanId, jobSchema] = await Promise.all([
    findPlanId(rz.db, 'silver'),
    findJobSchema(rz.db),
  ]);
});

afterAll(() => rz.close());

async function createOrder(user: RegisteredUser): Promise<CreateOrderResult> {
  const response = await call(rz.app, 'POST', '/api/payments/create-order/', user.access, {
    plan_id: silverPlanId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreateOrderResult>();
}

async function orderJobs(providerOrderId: string): Promise<{ state: string }[]> {
  return rows<{ state: string }>(
    rz.db,
    `SELECT j.state FROM ${jobSchema}.job j
       JOIN payment_orders o ON j.singleton_key = o.id::text
      WHERE j.name = $1 AND o.provider_order_id = $2`,
    [reconcileOrderJobOf('razorpay'), providerOrderId],
  );
}

describe('the reconciliation sweep', () => {
  it('credits a paid order while older orders the provider cannot answer are retried on their own', async () => {
    const tutor = await registerTeacher(rz.app);
    // three older orders the provider no longer knows: its every answer about them is an error
    const lost: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const order = await createOrder(tutor);
      rz.peer.orders.delete(order.order_id);
      lost.push(order.order_id);
    }
    rz.clock.advance(MINUTE_MS);
    const paid = await createOrder(tutor);
    rz.peer.pay(paid.order_id);
    rz.clock.advance(16 * MINUTE_MS);

    expect((await queueReconciliation(rz.ctx)).orders).toBeGreaterThanOrEqual(4);
    await expect
      .poll(() => getCoinBalance(rz.db, tutor.userId, rz.clock.now()), { timeout: 15_000 })
      .toBe(300);
    const [credited] = await rows<{ credited_by: string }>(
      rz.db,
      'SELECT credited_by FROM payments WHERE user_id = $1',
      [tutor.userId],
    );
    expect(credited?.credited_by).toBe('reconcile');
    // each lost order has its one job, tried and waiting for another try
    await expect
      .poll(async () => (await orderJobs(lost[0] ?? '')).map((job) => job.state), {
        timeout: 15_000,
      })
      .toEqual(['retry']);

    // the next sweep asks nothing again for orders whose job still waits
    await queueReconciliation(rz.ctx);
    for (const orderId of lost) expect(await orderJobs(orderId)).toHaveLength(1);
    expect(await orderJobs(paid.order_id)).toHaveLength(1);
  });
});

describe('the coin expiry sweep', () => {
  it("writes the ledger's expiry entry of lots that expired, once", async () => {
    const tutor = await registerTeacher(rz.app);
    await grantCoins(rz.db, tutor.userId, 40, rz.clock.now(), 1);
    rz.clock.advance(2 * DAY_MS);
    expect(await queueCoinExpiries(rz.ctx)).toBeGreaterThanOrEqual(1);
    const expiries = () =>
      rows<{ coins: number }>(
        rz.db,
        "SELECT coins FROM coin_ledger WHERE user_id = $1 AND kind = 'expiry'",
        [tutor.userId],
      );
    await expect.poll(expiries, { timeout: 15_000 }).toEqual([{ coins: -40 }]);
    await queueCoinExpiries(rz.ctx);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await expiries()).toEqual([{ coins: -40 }]);
  });
});
