import { expect, logIn, logOut, test } from './fixtures.ts';

const ADMIN = { email: 'admin@demo.gurumatch.in', password: 'Admin@12345' };
const PENDING_TUTOR = { email: 'tutor.pending@demo.gurumatch.in', password: 'Teacher@123' };

test.describe('the back office', () => {
  test("an administrator approves a tutor's documents and the profile shows Verified Tutor", async ({
    page,
  }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();

    // the queue shows pending tutors first; 'All' finds the tutor on a second run too
    await page.getByLabel('Status').selectOption('all');
    await page.getByLabel('Search by name or e-mail').fill('Priya');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: 'Priya Nair' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'View ID proof' })).toBeEnabled();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(
      page.getByText('The documents are approved; the profile now shows Verified Tutor.'),
    ).toBeVisible();
    await expect(card.getByText('approved')).toBeVisible();

    await logOut(page);
    await logIn(page, PENDING_TUTOR.email, PENDING_TUTOR.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/profile');
    await expect(page.getByText('Verified Tutor')).toBeVisible();
  });

  test('an administrator publishes a blog post that appears at /blogs and in the sitemap', async ({
    page,
  }) => {
    const title = `Exam week study plan ${String(Date.now())}`;
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.getByRole('button', { name: 'New blog post' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.type('Plan each day the evening before.');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Sleep well.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { name: 'Edit blog post · published' })).toBeVisible();

    await page.goto('/blogs');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    // the sitemap is an index of files; one of them lists the new post
    const index = await (await page.request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    let sitemap = '';
    for (const file of files)
      sitemap += await (await page.request.get(new URL(file).pathname)).text();
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    expect(sitemap).toContain(`/blogs/${slug}</loc>`);
  });

  test('students and tutors are kept out of /admin', async ({ page }) => {
    await logIn(page, PENDING_TUTOR.email, PENDING_TUTOR.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page.getByText('This area is for administrators.')).toBeVisible();
  });
});
