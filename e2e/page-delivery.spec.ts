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

test('a page arrives compressed, with a nonce only on HTML', async ({ request }) => {
  const page = await request.get('/blogs', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);

  const json = await request.get('/api/health');
  expect(json.headers()['content-security-policy']).toBe(
    "default-src 'none';frame-ancestors 'none'",
  );
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

  // Moving to a nearby area in the browser loads that area's text alone.
  const nearby = page.getByRole('navigation', { name: 'Nearby areas' }).getByRole('link').first();
  const name = ((await nearby.textContent()) ?? '').replace('Home tutors in ', '');
  fetched.length = 0;
  await nearby.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Home Tutors in ${name}, Bangalore` }),
  ).toBeVisible();
  const guides = fetched.filter((url) => /-bangalore-[\w-]+\.js$/.test(url));
  expect(guides).toHaveLength(1);
});
