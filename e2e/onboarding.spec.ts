import type { Page } from '@playwright/test';

import { STRONG_PASSWORD, expect, test, uniqueEmail } from './fixtures.ts';
import { readOutbox } from './outbox.ts';

/** A 1×1 PNG: enough for the avatar and a proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let phoneCounter = 0;
/** A fresh 10-digit Indian mobile number for each run and test. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `9${String(Date.now()).slice(-8)}${String(phoneCounter % 10)}`;
}

async function register(page: Page, role: 'teacher' | 'student', email: string) {
  await page.goto(`/${role}-register`);
  await page.getByLabel('Full Name').fill(`Journey ${role}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/phone-verification$/);
}

async function verifyEmail(page: Page, email: string) {
  const mail = await readOutbox(page.request, 'email', email);
  const link = mail.links.find((url) => url.includes('/verify-email/'));
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

async function verifyPhone(page: Page) {
  const phone = uniquePhone();
  await page.goto('/phone-verification');
  await expect(page.getByRole('heading', { name: 'Verify Your Phone Number' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent successfully to WhatsApp!')).toBeVisible();
  const message = await readOutbox(page.request, 'otp', `+91${phone}`);
  await page.getByLabel('Enter OTP').fill(message.code ?? '');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/add-address$/);
}

async function addAddress(page: Page) {
  await expect(page.getByRole('heading', { name: 'Add your home Address' })).toBeVisible();
  await page.locator('label', { hasText: 'Enter Manually' }).click();
  await expect(page.getByRole('radio', { name: 'Enter Manually' })).toBeChecked();
  await page.getByPlaceholder('Start typing your area, e.g. HSR Layout').fill('Koramangala');
  await page
    .getByRole('option', { name: /Koramangala, Bengaluru/ })
    .first()
    .click();
  await expect(page.getByRole('group', { name: 'Address details' })).toContainText('Karnataka');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/complete-profile$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
}

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
});
