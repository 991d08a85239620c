import type { Page } from '@playwright/test';

import { expect, test, uniqueEmail } from './fixtures.ts';
import { PDF, PNG, addAddress, register, verifyEmail, verifyPhone } from './onboarding-steps.ts';
import { readOutbox } from './outbox.ts';

async function chooseFrom(page: Page, label: string, items: string[]) {
  await page.getByRole('button', { name: new RegExp(`^${label} `) }).click();
  const group = page.getByRole('group', { name: label });
  for (const item of items) {
    await group.getByLabel(`Search ${label}`).fill(item);
    await group.getByRole('checkbox', { name: item, exact: true }).check();
  }
  await group.getByRole('button', { name: 'Done' }).click();
}

test.describe('onboarding on the offline defaults', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions([]);
  });

  test('a teacher verifies e-mail and phone, adds an address, completes the profile and waits for verification', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('teacher-journey');
    await register(page, 'teacher', email);
    await verifyEmail(page, email);
    await verifyPhone(page);
    await addAddress(page);

    await page
      .getByLabel('Profile Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByLabel('Bio')
      .fill('Mathematics and physics tutor for Classes 9 to 12, eight years of experience.');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Teaching Mode').selectOption('offline');
    await chooseFrom(page, 'Interested Classes', ['Class 10']);
    await chooseFrom(page, 'Boards', ['CBSE']);
    await chooseFrom(page, 'Subjects', ['Mathematics']);
    await chooseFrom(page, 'Languages Known', ['English']);
    await page
      .getByLabel('ID Proof')
      .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page
      .getByLabel('Qualification Proof')
      .setInputFiles({ name: 'degree.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(
      page.getByText('Your documents are under verification. Please allow up to 24 hours'),
    ).toBeVisible();
    await expect(page.getByText('Mathematics', { exact: true })).toBeVisible();

    // until the documents are approved the feed is readable but contacting is closed
    await page.goto('/enquiry');
    const card = page.getByRole('listitem').filter({ hasText: 'CBSE Class 10 Maths' });
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/enquiry\/\d+$/);
    const closed = page.getByRole('region', {
      name: 'Contacting opens once your profile is verified',
    });
    await expect(closed).toBeVisible();
    await expect(
      closed.getByText('Your documents are awaiting approval. Please allow up to 24 hours.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    await expect(page.getByText(/^X+\d\d$/)).toBeVisible();
  });

  test('a student verifies the phone, adds an address, uploads a photo and reaches the dashboard', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('student-journey');
    await register(page, 'student', email);
    await verifyPhone(page);
    await addAddress(page);
    await page
      .getByLabel('Profile Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Journey!' })).toBeVisible();
  });

  test('a code sent before the page reloads is still there, with its countdown', async ({
    page,
  }) => {
    await register(page, 'student', uniqueEmail('reload-phone'));
    const phone = `9${String(Date.now()).slice(-9)}`;
    await page.locator('label', { hasText: 'SMS' }).click();
    await expect(page.getByRole('radio', { name: 'SMS' })).toBeChecked();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent successfully to SMS!')).toBeVisible();

    // Android drops the tab while the user reads the message; the page loads again
    await page.reload();
    await expect(page.getByLabel('Enter OTP')).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveValue(phone);
    await expect(
      page.getByText(
        `We sent a 6-digit code to +91 ${phone.slice(0, 5)} ${phone.slice(5)} by SMS.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend OTP in 2:5\d$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send OTP', exact: true })).toHaveCount(0);

    const message = await readOutbox(page.request, 'otp', `+91${phone}`);
    await page.getByLabel('Enter OTP').fill(message.code ?? '');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page).toHaveURL(/\/add-address$/);
  });
});
