import type { CurrentPlan, Plan, Purchase, PurchaseList } from '@gurumatch/shared/schemas/payments';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';

import { BillingPage } from './billing-page.tsx';
import { UpgradePlanPage } from './upgrade-plan-page.tsx';

const TUTOR: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };

function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 2,
    name: 'silver',
    display_name: '6 Months',
    coins: 300,
    price: '999.00',
    price_with_gst: '1178.82',
    description: '<p>Half a year of contacts.</p>',
    recommended: true,
    features: ['300 coins'],
    validity_days: 180,
    is_active: true,
    ...overrides,
  };
}

function makePurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: 11,
    plan: { id: 2, name: 'silver', display_name: '6 Months' },
    coins: 300,
    price: '999.00',
    discount: '0.00',
    taxable_value: '999.00',
    gst: '179.82',
    amount: '1178.82',
    currency: 'INR',
    coupon_code: null,
    payment_id: 'pay_1',
    order_id: 'order_1',
    invoice_number: 'GM/2026/000011',
    invoice_url: 'http://localhost/teacher/billing/invoices/11',
    expires_at: '2027-05-24T06:00:00.000Z',
    created_at: '2026-11-25T06:00:00.000Z',
    refund: null,
    ...overrides,
  };
}

function list<T>(results: T[]): { count: number; next: null; previous: null; results: T[] } {
  return { count: results.length, next: null, previous: null, results };
}

function stubApi(table: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const found = key in table;
      return Promise.resolve(
        new Response(JSON.stringify(found ? table[key] : { detail: 'Not found.' }), {
          status: found ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

const HISTORY = '/api/payments/history/?page=1&page_size=10';
const LEDGER = '/api/payments/ledger/?page=1&page_size=10';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a refunded purchase', () => {
  it('is marked refunded in billing, with the money and coins it took back', async () => {
    const refunded = makePurchase({
      refund: {
        kind: 'original',
        status: 'processed',
        coins: 300,
        amount: '1178.82',
        refunded_at: '2026-11-26T06:00:00.000Z',
      },
    });
    const asCoins = makePurchase({
      id: 10,
      invoice_number: 'GM/2026/000010',
      refund: {
        kind: 'coins',
        status: null,
        coins: 300,
        amount: '0.00',
        refunded_at: '2026-11-20T06:00:00.000Z',
      },
    });
    const standing = makePurchase({ id: 9, invoice_number: 'GM/2026/000009' });
    stubApi({
      [`GET ${HISTORY}`]: list([refunded, asCoins, standing]) satisfies PurchaseList,
      [`GET ${LEDGER}`]: list([]),
    });
    renderWithProviders(<BillingPage />, { session: TUTOR });

    const purchases = await screen.findByRole('region', { name: 'Purchases' });
    const items = await within(purchases).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Refunded')).toBeInTheDocument();
    expect(first).toHaveTextContent(
      '₹1,178.82 refunded to your payment method on 26 Nov 2026; its 300 coins were taken back.',
    );
    expect(within(first).queryByText(/Coins expire on/)).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Refunded as 300 coins on 20 Nov 2026; the payment stands.');
    expect(within(second).getByText(/Coins expire on/)).toBeInTheDocument();
    expect(within(third).queryByText(/Refund/)).not.toBeInTheDocument();
  });

  it('is not shown as the current plan; the plans page says it was refunded', async () => {
    const current: CurrentPlan = {
      success: true,
      plan: {
        ...makePlan({ id: 1, name: 'free', display_name: 'Free', price: '0.00' }),
        expiry_date: null,
      },
      refunded_purchase: {
        display_name: '6 Months',
        amount: '1178.82',
        refunded_at: '2026-11-26T06:00:00.000Z',
      },
    };
    stubApi({
      'GET /api/payments/plans/': [makePlan()],
      'GET /api/payments/current-plan/': current,
    });
    renderWithProviders(<UpgradePlanPage />, { session: TUTOR });

    expect(
      await screen.findByText(
        'Your 6 Months plan was refunded on 26 Nov 2026: ₹1,178.82 went back to your payment method and its coins were taken back.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Current plan:/)).toHaveTextContent('Current plan: Free');
    const silver = await screen.findByRole('listitem', { name: '6 Months' });
    expect(within(silver).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(silver).queryByText(/Expires on/)).not.toBeInTheDocument();
  });
});
