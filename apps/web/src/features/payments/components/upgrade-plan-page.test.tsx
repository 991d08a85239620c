import { PAYMENT_LABELS, PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { CreateOrderResult, Plan } from '@gurumatch/shared/schemas/payments';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { SANDBOX_MESSAGE_TYPE } from '../checkout.ts';

import { UpgradePlanPage } from './upgrade-plan-page.tsx';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };

const SILVER: Plan = {
  id: 2,
  name: 'silver',
  display_name: '6 Months',
  coins: 300,
  price: '999.00',
  price_with_gst: '1178.82',
  description: '<p>For tutors who respond every week.</p>',
  recommended: true,
  features: ['300 coins'],
  validity_days: 180,
  is_active: true,
};

const ORDER: CreateOrderResult = {
  key: 'rzp_test_sandbox',
  amount: 117_882,
  currency: 'INR',
  order_id: 'order_Test0000000001',
  plan_details: { id: 2, name: 'silver', coins: 300 },
  user_details: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919000000000' },
  redemption_id: null,
  provider: 'sandbox',
  checkout_url: '/api/payments/sandbox/checkout/?order_id=order_Test0000000001',
};

type Answer = { status: number; body: unknown };

/** Answers requests from the table by method and path; anything else is a 404. */
function stubApi(table: Record<string, () => Answer>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push(key);
      const answer = table[key]?.() ?? { status: 404, body: { detail: 'Not found.' } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpgradePlanPage', () => {
  it('says the payment was refunded when its coupon was gone, instead of a verification failure', async () => {
    const calls = stubApi({
      'GET /api/payments/plans/': () => ({ status: 200, body: [SILVER] }),
      'GET /api/payments/current-plan/': () => ({
        status: 200,
        body: {
          success: true,
          plan: {
            ...SILVER,
            id: 1,
            name: 'free',
            price: '0.00',
            price_with_gst: '0.00',
            expiry_date: null,
          },
        },
      }),
      'GET /api/auth/user/coins': () => ({ status: 200, body: { coins: 0 } }),
      'POST /api/payments/create-order/': () => ({ status: 200, body: ORDER }),
      'POST /api/payments/verify-payment/': () => ({
        status: 409,
        body: {
          detail: PAYMENT_MESSAGES.couponGoneRefunded,
          code: 'coupon_unavailable',
          success: false,
          message: PAYMENT_MESSAGES.couponGoneRefunded,
          error: PAYMENT_MESSAGES.couponGoneRefunded,
        },
      }),
    });
    renderWithProviders([{ path: 'upgrade-plan', element: <UpgradePlanPage /> }], {
      initialEntries: ['/upgrade-plan'],
      session: TEACHER,
    });

    await userEvent.click(
      await screen.findByRole('button', {
        name: `${PAYMENT_LABELS.buyNow} ${SILVER.display_name}`,
      }),
    );
    expect(await screen.findByTitle('Test checkout')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: SANDBOX_MESSAGE_TYPE,
            order_id: ORDER.order_id,
            status: 'success',
            response: {
              razorpay_payment_id: 'pay_Test0000000001',
              razorpay_order_id: ORDER.order_id,
              razorpay_signature: 'a'.repeat(64),
            },
          },
        }),
      );
    });

    expect(await screen.findByText(PAYMENT_MESSAGES.couponGoneRefunded)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.verificationFailed)).not.toBeInTheDocument();
    expect(calls).toContain('POST /api/payments/verify-payment/');
  });
});
