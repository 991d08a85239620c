import { createRequire } from 'node:module';

import type { Page } from '@playwright/test';

import { DEMO, expect, logIn, test, uniqueEmail } from './fixtures.ts';
import { PNG, addAddress, register, verifyPhone } from './onboarding-steps.ts';

// axe-core comes from node_modules and is evaluated in the page (the page's CSP does not
// apply to scripts the test itself evaluates), so nothing is fetched from anywhere else.
const require = createRequire(import.meta.url);
const { source: AXE_SOURCE } = require('axe-core') as { source: string };

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe on the page as it is now and lists every violation, readably. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<unknown> } }
    ).axe;
    // Every default rule, plus the experimental check that a control's name holds its
    // visible text (speech input users say what they see).
    const result = (await axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((node) => ({ target: node.target, html: node.html })),
    }));
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`,
  );
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  // Let lazy parts, fonts and hydration settle so axe sees what a user sees.
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page), `axe violations on ${what}`).toEqual([]);
}

/** The demo administrator (seeded with the demo data). */
const ADMIN = { email: 'admin@demo.gurumatch.in', password: 'Admin@12345' };

interface BlogList {
  results: { slug: string }[];
}
interface FaqList {
  results: { slug: string }[];
}

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-use',
  '/cancellation-and-refund-policy',
  '/blogs',
  '/faqs',
  '/home-tutors-in/koramangala-bangalore',
  '/home-tutors-in/nowhere',
  '/no-such-page',
  '/500',
  '/login',
  '/student-register',
  '/teacher-register',
  '/forgot-password',
  '/reset-password/MQ/not-a-real-token',
  '/verify-email/MQ/not-a-real-token',
];

test.describe('axe reports no violations', () => {
  test('on every public page, a blog post and an FAQ article', async ({ page }) => {
    test.setTimeout(120_000);
    const blogs = (await (await page.request.get('/api/blog/blogs/')).json()) as BlogList;
    const faqs = (await (await page.request.get('/api/blog/articles/')).json()) as FaqList;
    const pages = [
      ...PUBLIC_PAGES,
      `/blogs/${blogs.results[0]?.slug ?? ''}`,
      `/faqs/${faqs.results[0]?.slug ?? ''}`,
    ];
    for (const path of pages) {
      await page.goto(path);
      await expectNoViolations(page, path);
    }
  });

  test('on the landing page with subject suggestions open, and with none matching', async ({
    page,
  }) => {
    await page.goto('/');
    const subject = page.getByRole('combobox', { name: 'Subject' });
    await subject.fill('math');
    await expect(page.getByRole('listbox', { name: 'Subject suggestions' })).toBeVisible();
    await expectNoViolations(page, 'the landing page with suggestions');
    await subject.fill('zzzz');
    await expect(page.getByText('No matching subjects found')).toBeVisible();
    await expectNoViolations(page, 'the landing page with no matching subject');
  });

  test('on every onboarding step of a student and the signed-in pages after it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page, 'student', uniqueEmail('axe-student'));
    await expectNoViolations(page, '/phone-verification');
    await verifyPhone(page);
    await expectNoViolations(page, '/add-address');
    await addAddress(page);
    await expectNoViolations(page, '/complete-profile (student)');
    await page
      .getByLabel('Profile Photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('region', { name: 'Next steps' })).toBeVisible();
    await expectNoViolations(page, '/dashboard (student)');
    for (const path of ['/profile', '/profile/update', '/address-management']) {
      await page.goto(path);
      await expectNoViolations(page, path);
    }
  });

  test('on every back office page, with the editor, a confirmation and a reject reason open', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expectNoViolations(page, '/admin');
    await page.getByLabel('Status').selectOption('all');
    // a tutor still waiting (the admin journey may already have approved the demo one)
    const waiting = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Approve' }) })
      .first();
    if ((await waiting.count()) > 0) {
      await waiting.getByRole('button', { name: 'Approve' }).click();
      await waiting.getByRole('button', { name: 'Reject' }).click();
      await expectNoViolations(page, '/admin with a confirmation and a reject reason open');
    }
    for (const path of [
      '/admin/reports',
      '/admin/users',
      '/admin/payments',
      '/admin/content',
      '/admin/plans',
      '/admin/contact-requests',
      '/admin/audit-log',
    ]) {
      await page.goto(path);
      await expectNoViolations(page, path);
    }
    await page.goto('/admin/content');
    await page.getByRole('button', { name: 'New blog post' }).click();
    await expect(page.getByRole('textbox', { name: 'Text' })).toBeVisible();
    await expectNoViolations(page, '/admin/content with the editor open');
  });

  test("on a tutor's profile form with a multi-select open", async ({ page }) => {
    test.setTimeout(120_000);
    await register(page, 'teacher', uniqueEmail('axe-teacher'));
    await verifyPhone(page);
    await addAddress(page);
    await expectNoViolations(page, '/complete-profile (tutor)');
    await page.getByRole('button', { name: /^Subjects / }).click();
    await expect(page.getByLabel('Search Subjects')).toBeVisible();
    await expectNoViolations(page, '/complete-profile (tutor) with Subjects open');
  });

  test('on the phone step brought back after a reload, code box and countdown showing', async ({
    page,
  }) => {
    await register(page, 'student', uniqueEmail('axe-reload'));
    await page.getByLabel('Phone number').fill(`9${String(Date.now()).slice(-9)}`);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent successfully to WhatsApp!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Enter OTP')).toBeVisible();
    await expectNoViolations(page, '/phone-verification after a reload');
  });

  test("on the demo tutor's feed with the filters open, an enquiry, the plans and billing", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/enquiry');
    await expect(page.getByRole('heading', { name: 'Enquiries', exact: true })).toBeVisible();
    await expectNoViolations(page, '/enquiry');
    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await expect(filters.getByRole('button', { name: 'Close filters' })).toBeVisible();
    await expectNoViolations(page, '/enquiry with the filters open');
    await filters.getByRole('button', { name: 'Close filters' }).click();
    await expect(filters).toHaveCount(0);
    // the demo data gives the demo tutor enquiries to open
    await page.locator('main li').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByText('Contacting this enquiry costs')
        .or(page.getByRole('heading', { name: 'Contact Number' })),
    ).toBeVisible();
    // the map loads lazily: below the fold on a phone, it would keep the page from settling
    const map = page.locator('main iframe');
    if ((await map.count()) > 0) await map.scrollIntoViewIfNeeded();
    await expectNoViolations(page, 'an enquiry (tutor)');
    for (const path of ['/teacher/upgrade-plan', '/teacher/billing']) {
      await page.goto(path);
      await expectNoViolations(page, path);
    }
  });

  test("on the demo tutor's dashboard and profile", async ({ page }) => {
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectNoViolations(page, '/dashboard (tutor)');
    await page.goto('/profile');
    await expectNoViolations(page, '/profile (tutor)');
  });
});

test('blog images come by absolute URL and are cross-origin resources', async ({ request }) => {
  const blogs = (await (await request.get('/api/blog/blogs/')).json()) as {
    results: { featured_image: string | null }[];
  };
  const image = blogs.results.find((post) => post.featured_image)?.featured_image ?? '';
  expect(image).toMatch(/^http:\/\/localhost:\d+\/content\//);
  const served = await request.get(new URL(image).pathname);
  expect(served.status()).toBe(200);
  expect(served.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});
