import { expect, test as base, type Page } from '@playwright/test';

export const DEMO = {
  student: { email: 'student@demo.gurumatch.in', password: 'Student@123', firstName: 'Ananya' },
  teacher: { email: 'teacher@demo.gurumatch.in', password: 'Teacher@123', firstName: 'Rahul' },
} as const;

export const STRONG_PASSWORD = 'Guru@Match2025';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${String(Date.now())}-${String(counter)}@example.com`;
}

/** What a journey's enquiry asks for (offline, to start at once). */
export interface EnquiryFields {
  name: string;
  classLevel: string;
  subject: string;
  budget: string;
  board?: string;
  femaleTutorPreferred?: boolean;
}

/** Fills the enquiry form the page shows, posts it, and waits for the posted enquiry. */
export async function postEnquiryForm(page: Page, fields: EnquiryFields): Promise<void> {
  await page.getByLabel('Enquiry name').fill(fields.name);
  await page.getByLabel('Study mode').selectOption('offline');
  await page.getByLabel('Class', { exact: true }).selectOption(fields.classLevel);
  await page.getByLabel('Subject', { exact: true }).selectOption(fields.subject);
  if (fields.board) await page.getByLabel('Board (optional)').selectOption(fields.board);
  await page.getByLabel('Budget per hour (₹)').fill(fields.budget);
  await page.getByLabel('When to start').selectOption('immediately');
  if (fields.femaleTutorPreferred) await page.getByLabel('Female tutor preferred').check();
  await page.getByRole('button', { name: 'Post Enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Your Enquiry' })).toBeVisible();
}

/** On small screens the navigation sits behind the menu button. */
export async function openMenuIfCollapsed(page: Page): Promise<void> {
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) await menuButton.click();
}

/** The coin balance the top bar shows (on small screens the menu is folded away again). */
export async function coinBalance(page: Page): Promise<number> {
  await openMenuIfCollapsed(page);
  const link = page.getByRole('link', { name: /^\d+ coins$/ });
  await expect(link).toBeVisible();
  const text = (await link.textContent()) ?? '';
  const close = page.getByRole('button', { name: 'Close menu' });
  if (await close.isVisible()) await close.click();
  return Number(/(\d+) coins/.exec(text)?.[1] ?? Number.NaN);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logOut(page: Page): Promise<void> {
  await openMenuIfCollapsed(page);
  await page.getByRole('button', { name: 'Logout' }).click();
}

/**
 * Pages here are offline: what they embed from elsewhere (the enquiry page's
 * map) is answered with an empty document at once, as a blocked or slow network
 * would leave the frame loading and the page never settled.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(
      (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await use(page);
  },
});
export { expect };
