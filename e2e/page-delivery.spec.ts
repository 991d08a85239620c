import { expect, test } from './fixtures.ts';

/** The scripts a served page loads or preloads. */
function announcedScripts(html: string): Set<string> {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) {
    if (match[1]) urls.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    if (match[1]) urls.add(match[1]);
  }
  return urls;
}

test('a page arrives compressed, its inline scripts allowed by hash, and runs under its policy', async ({
  page,
  request,
}) => {
  const answer = await request.get('/blogs', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-encoding']).toBe('br');
  const policy = answer.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain('nonce-');

  const json = await request.get('/api/health');
  expect(json.headers()['content-security-policy']).toBe(
    "default-src 'none';frame-ancestors 'none'",
  );

  // the browser refuses nothing the page itself brought
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/blogs', { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'FAQs' }).first().click();
  await expect(page).toHaveURL(/\/faqs$/);
  expect(refused).toEqual([]);
});

test('an area page preloads every script it needs, and only its own area text', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/home-tutors-in/hebbal-bangalore')).text();
  const announced = announcedScripts(html);
  expect([...announced].some((url) => url.includes('area-page'))).toBe(true);

  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') fetched.push(new URL(sent.url()).pathname);
  });
  await page.goto('/home-tutors-in/hebbal-bangalore', { waitUntil: 'networkidle' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Home Tutors in Hebbal, Bangalore' }),
  ).toBeVisible();
  // Nothing came a round trip late, and no area's guide script was needed to hydrate.
  expect(fetched.filter((url) => !announced.has(url))).toEqual([]);
  expect(fetched.filter((url) => /-bangalore-[\w-]+\.js$/.test(url))).toEqual([]);

  // Moving to a nearby area in the browser fetches that area's stored guide alone.
  const nearby = page.getByRole('navigation', { name: 'Nearby areas' }).getByRole('link').first();
  const name = ((await nearby.textContent()) ?? '').replace('Home tutors in ', '');
  const slug = ((await nearby.getAttribute('href')) ?? '').split('/').pop() ?? '';
  const documents: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.startsWith('/api/blog/documents/')) documents.push(path);
  });
  fetched.length = 0;
  await nearby.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Home Tutors in ${name}, Bangalore` }),
  ).toBeVisible();
  expect(documents).toEqual([`/api/blog/documents/${slug}/`]);
  expect(fetched.filter((url) => /-bangalore-[\w-]+\.js$/.test(url))).toEqual([]);
});
