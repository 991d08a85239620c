import { DEMO, expect, logIn, test } from './fixtures.ts';

interface BlogList {
  results: { slug: string; title: string }[];
}

test.describe('pages arrive as HTML with their content (no JavaScript)', () => {
  test('a blog post', async ({ request }) => {
    const list = (await (await request.get('/api/blog/blogs/?page=1')).json()) as BlogList;
    const post = list.results[0];
    expect(post).toBeDefined();
    const response = await request.get(`/blogs/${post?.slug ?? ''}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${post?.title ?? ''}`);
    expect(html).toMatch(/<h1[^>]*>[^<]*/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:`);
    expect(html).toContain('<meta property="og:title"');
    expect(html.split('<p').length).toBeGreaterThan(5);
  });

  test('an area page, with its structured data', async ({ request }) => {
    const response = await request.get('/home-tutors-in/koramangala-bangalore');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>(?:(?!<\/h1>).)*Koramangala/s);
    expect(html).toMatch(/<title>[^<]*Koramangala/);
    expect(html).toMatch(/<meta name="description" content="[^"]*Koramangala/);
    expect(html).toContain('application/ld+json');
    expect(html).toContain('FAQPage');
  });

  test('a policy, from its stored document', async ({ request }) => {
    const response = await request.get('/cancellation-and-refund-policy');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Cancellation and Refund Policy<\/h1>/);
    expect(html).toContain('<time dateTime="2025-08-10">10 Aug 2025</time>');
    expect(html).toMatch(/<h2[^>]*>1\. What this policy covers<\/h2>/);
    expect(html).toContain('<td>90 days</td>');
    expect(html).toMatch(/<meta name="description" content="Coin plan validity/);
  });

  test('the sitemap index lists the blog posts and area pages, robots points to it', async ({
    request,
  }) => {
    // An index of files of at most 50,000 URLs each.
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    expect(files.length).toBeGreaterThan(0);
    let sitemap = '';
    for (const file of files) sitemap += await (await request.get(new URL(file).pathname)).text();
    expect(sitemap).toContain('/home-tutors-in/hebbal-bangalore</loc>');
    expect(sitemap).toContain('/blogs/');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
    expect(robots).toContain('Disallow: /dashboard');
  });
});

test('the subject box suggests at most six subjects, or says none match', async ({ page }) => {
  await page.goto('/');
  const subject = page.getByRole('combobox', { name: 'Subject' });
  await subject.fill('a');
  const options = page.getByRole('listbox', { name: 'Subject suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(6);
  await subject.fill('zzzz');
  await expect(page.getByText('No matching subjects found')).toBeVisible();
});

test('blog search waits for the typing to stop, and FAQ pages link to each other', async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/blog/blogs/')) searches.push(request.url());
  });
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  searches.length = 0;
  await page
    .getByRole('searchbox', { name: 'Search blogs' })
    .pressSequentially('board', { delay: 40 });
  await expect(page).toHaveURL(/search=board/);
  await expect(page.getByRole('heading', { name: /Board/ }).first()).toBeVisible();
  expect(searches.filter((url) => url.includes('search=')).length).toBe(1);

  await page.goto('/faqs');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'href',
    '/faqs?page=2',
  );
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/faqs\?page=2$/);
});

test('the FAQ category filter is for visitors only', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page.getByLabel('Category')).toBeVisible();
  await logIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveCount(0);
});

test('a sent contact form is cleared', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera@example.com');
  await page.getByLabel('Contact number').fill('9845012345');
  await page.getByLabel('Subject').selectOption('general_inquiry');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Do you have chemistry tutors for Class 12 in Whitefield?');
  await page.getByRole('button', { name: /Submit|Send/ }).click();
  await expect(
    page.getByText('Form submitted successfully. We will resolve your query soon.'),
  ).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('a refused contact form keeps the toast and shows the reason under the field', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera@example.com');
  await page.getByLabel('Contact number').fill('12345');
  await page.getByLabel('Subject').selectOption('general_inquiry');
  await page.getByRole('textbox', { name: 'Message' }).fill('Chemistry tutors in Whitefield?');
  await page.getByRole('button', { name: /Submit|Send/ }).click();
  await expect(page.getByText('Failed to submit the form. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Contact number')).toHaveAccessibleDescription(
    /Enter a valid phone number of 10 to 15 digits\./,
  );
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Iyer');
});

test('an unknown area says Location Not Found', async ({ page }) => {
  const response = await page.goto('/home-tutors-in/atlantis');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Location Not Found' })).toBeVisible();
});
