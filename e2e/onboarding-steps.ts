import type { Page } from '@playwright/test';

import { STRONG_PASSWORD, expect } from './fixtures.ts';
import { readOutbox } from './outbox.ts';

/** A 1×1 PNG: enough for the avatar and a proof. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let phoneCounter = 0;
/** A fresh 10-digit Indian mobile number for each run and test. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `9${String(Date.now()).slice(-8)}${String(phoneCounter % 10)}`;
}

export async function register(page: Page, role: 'teacher' | 'student', email: string) {
  await page.goto(`/${role}-register`);
  await page.getByLabel('Full Name').fill(`Journey ${role}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/phone-verification$/);
}

export async function verifyEmail(page: Page, email: string) {
  const mail = await readOutbox(page.request, 'email', email);
  const link = mail.links.find((url) => url.includes('/verify-email/'));
  expect(link).toBeDefined();
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

export async function verifyPhone(page: Page) {
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

export async function addAddress(page: Page) {
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
