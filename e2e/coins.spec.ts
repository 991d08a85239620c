import type { Page } from '@playwright/test';

import { DEMO, coinBalance, expect, logIn, openMenuIfCollapsed, test } from './fixtures.ts';

const CHECKOUT = 'iframe[title="Test checkout"]';

/** The coin balance the API answers for the user, signed in apart from the page. */
async function serverBalance(page: Page, email: string, password: string): Promise<number> {
  const token = await page.request.post('/api/auth/token/', {
    data: { username: email, password },
  });
  expect(token.status()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  const coins = await page.request.get('/api/auth/user/coins/', {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(coins.status()).toBe(200);
  return ((await coins.json()) as { coins: number }).coins;
}

async function applyWelcomeCoupon(page: Page): Promise<void> {
  await page.getByLabel('Coupon code for 6 Months').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon to 6 Months' }).click();
  await expect(page.getByText('WELCOME10 applied: you save ₹99.90.')).toBeVisible();
  await expect(page.getByText('Pay ₹1,060.94 (₹899.10 + 18% GST)')).toBeVisible();
}

test('a tutor buys a plan with WELCOME10 in the sandbox checkout; a failed payment releases the coupon', async ({
  page,
}) => {
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = await coinBalance(page);
  // the top bar shows the balance the server holds
  expect(before).toBe(await serverBalance(page, DEMO.teacher.email, DEMO.teacher.password));

  // the balance in the top bar links to the plans page
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name: /^\d+ coins$/ }).click();
  await expect(page).toHaveURL(/\/teacher\/upgrade-plan$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Plan', level: 1 })).toBeVisible();
  const silver = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '6 Months' }) });
  await expect(silver.getByText('SELECTED')).toBeVisible();
  await expect(silver.getByText('₹1,178.82 incl. 18% GST')).toBeVisible();
  await expect(page.getByText('Current plan:')).toBeVisible();

  // a wrong code first: its 'Invalid coupon' goes once a valid coupon is applied
  await page.getByLabel('Coupon code for 6 Months').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply coupon to 6 Months' }).click();
  const invalid = page.locator('[data-toast]', { hasText: 'Invalid coupon' });
  await expect(invalid).toBeVisible();

  // a failed payment: the coupon reservation is released and the coupon box comes back
  await applyWelcomeCoupon(page);
  // at once, not when it would have hidden itself after 5 s
  await expect(invalid).toHaveCount(0, { timeout: 500 });
  await page.getByRole('button', { name: 'Buy now 6 Months' }).click();
  const checkout = page.frameLocator(CHECKOUT);
  await expect(checkout.getByRole('button', { name: 'Pay ₹1060.94' })).toBeVisible();
  await checkout.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed' })).toBeVisible();
  await expect(page.locator(CHECKOUT)).toHaveCount(0);
  await expect(page.getByLabel('Coupon code for 6 Months')).toBeVisible();

  // the released coupon applies again, and this time the payment goes through
  await applyWelcomeCoupon(page);
  await page.getByRole('button', { name: 'Buy now 6 Months' }).click();
  await checkout.getByRole('button', { name: 'Pay ₹1060.94' }).click();
  await expect(page.getByText('300 coins added')).toBeVisible();
  await expect(page.locator(CHECKOUT)).toHaveCount(0);
  // the top bar shows the new balance without a reload
  expect(await coinBalance(page)).toBe(before + 300);
  await expect(silver.getByText('Current plan', { exact: true })).toBeVisible();

  // billing: the purchase, its invoice and the ledger entry
  await page.getByRole('link', { name: 'Billing and coin history' }).click();
  await expect(page).toHaveURL(/\/teacher\/billing$/);
  // newest first (the journey may run more than once on the same server)
  await expect(page.getByText('6 Months · 300 coins').first()).toBeVisible();
  await expect(page.getByText(/coupon WELCOME10/).first()).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Coin history' });
  await expect(ledger.getByText('Purchased plan 6 Months').first()).toBeVisible();
  await expect(ledger.getByText('+300').first()).toBeVisible();
  await expect(ledger.getByText(`Balance ${String(before + 300)}`)).toBeVisible();

  await page
    .getByRole('link', { name: /^View invoice/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  await expect(page.getByText(/^Invoice number: GM\/\d{4}\/\d{6}$/)).toBeVisible();
  await expect(page.getByText(/^GSTIN: /)).toBeVisible();
  await expect(page.getByRole('cell', { name: '999293' })).toBeVisible();
  // the demo tutor lives in Karnataka, the seller's state: CGST + SGST
  await expect(page.getByRole('row', { name: 'Taxable value ₹899.10' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'CGST @ 9% ₹80.92' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'SGST @ 9% ₹80.92' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Total ₹1,060.94' })).toBeVisible();
});
