import { AREAS } from '@gurumatch/shared/catalogues/areas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { SEED_BLOG_POSTS } from '../../seed/content/blog-posts.ts';
import { SEED_ARTICLES } from '../../seed/content/faq-articles.ts';
import { seedContent } from '../../seed/content/seed-content.ts';
import { createBlogPost } from '../content/service.ts';

const PUBLIC_URL = 'https://www.gurumatch.test';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL } });
  await seedContent(t.db);
  await createBlogPost(t.ctx, {
    slug: 'unpublished-draft',
    title: 'Draft',
    content: '<p>Draft</p>',
    authorId: null,
    isPublished: false,
  });
});

afterAll(async () => {
  await t.close();
});

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
}

async function get(app: TestApp, url: string): Promise<{ status: number; body: string }> {
  const response = await app.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.body };
}

/** The sitemap files the index lists, and every URL in them. */
async function readSitemap(app: TestApp): Promise<{ files: string[]; urls: string[][] }> {
  const index = await get(app, '/sitemap.xml');
  expect(index.status).toBe(200);
  expect(index.body).toContain(
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  );
  const files = locations(index.body);
  const urls: string[][] = [];
  for (const file of files) {
    expect(file.startsWith(`${PUBLIC_URL}/sitemaps/`)).toBe(true);
    const answer = await get(app, file.slice(PUBLIC_URL.length));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    urls.push(locations(answer.body));
  }
  return { files, urls };
}

describe('GET /sitemap.xml', () => {
  it('answers an XML index of files listing every public page with absolute URLs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const { files, urls: perFile } = await readSitemap(t);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/pages-1.xml`,
      `${PUBLIC_URL}/sitemaps/blogs-1.xml`,
      `${PUBLIC_URL}/sitemaps/faqs-1.xml`,
    ]);
    const urls = perFile.flat();
    for (const path of [
      '/',
      '/about',
      '/contact-us',
      '/privacy-policy',
      '/terms-of-use',
      '/cancellation-and-refund-policy',
      '/blogs',
      '/faqs',
    ]) {
      expect(urls).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('lists the 17 area pages', async () => {
    const urls = (await readSitemap(t)).urls.flat();
    expect(urls).toContain(`${PUBLIC_URL}/home-tutors-in/koramangala-bangalore`);
    const areaUrls = urls.filter((url) => url.includes('/home-tutors-in/'));
    expect(areaUrls).toHaveLength(17);
    expect(areaUrls).toEqual(AREAS.map((area) => `${PUBLIC_URL}/home-tutors-in/${area.slug}`));
  });

  it('lists each published blog post and FAQ with its last change, and no draft', async () => {
    const xml = (await get(t, '/sitemaps/blogs-1.xml')).body;
    const [post] = SEED_BLOG_POSTS;
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blogs/${post?.slug ?? ''}</loc><lastmod>${post?.publishedOn ?? ''}</lastmod></url>`,
    );
    const urls = (await readSitemap(t)).urls.flat();
    expect(urls.filter((url) => url.includes('/blogs/'))).toHaveLength(SEED_BLOG_POSTS.length);
    expect(urls.filter((url) => url.includes('/faqs/'))).toHaveLength(SEED_ARTICLES.length);
    expect(urls).toContain(`${PUBLIC_URL}/faqs/how-do-coins-work`);
    expect(urls.join('\n')).not.toContain('unpublished-draft');
  });

  it('splits into files of at most SITEMAP_URLS_PER_FILE URLs, losing none', async () => {
    const small = await buildTestApp({ env: { PUBLIC_URL, SITEMAP_URLS_PER_FILE: '5' }, db: t.db });
    try {
      const whole = (await readSitemap(t)).urls.flat();
      const split = await readSitemap(small);
      expect(split.files.length).toBeGreaterThan(3);
      expect(split.files).toContain(`${PUBLIC_URL}/sitemaps/pages-5.xml`);
      for (const urls of split.urls) expect(urls.length).toBeLessThanOrEqual(5);
      expect(split.urls.flat()).toEqual(whole);
      expect((await get(small, '/sitemaps/pages-6.xml')).status).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('shows a new post at once, though the files are cached', async () => {
    const before = (await readSitemap(t)).urls.flat();
    expect(before.join('\n')).not.toContain('brand-new-post');
    await createBlogPost(t.ctx, {
      slug: 'brand-new-post',
      title: 'Brand new',
      content: '<p>New</p>',
      authorId: null,
    });
    const after = (await readSitemap(t)).urls.flat();
    expect(after).toContain(`${PUBLIC_URL}/blogs/brand-new-post`);
  });

  it.each(['nothing.xml', 'blogs-0.xml', 'blogs-9.xml', 'pages-1.txt'])(
    'answers 404 for /sitemaps/%s',
    async (file) => {
      expect((await get(t, `/sitemaps/${file}`)).status).toBe(404);
    },
  );

  it('answers HEAD too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps signed-in areas out and points to the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/dashboard',
      '/profile',
      '/chat',
      '/enquiry',
      '/student/',
      '/teacher/',
      '/address-management',
      '/phone-verification',
      '/add-address',
      '/complete-profile',
      '/api/',
      '/dev/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const publicPath of ['/blogs', '/faqs', '/home-tutors-in', '/about', '/contact-us']) {
      expect(
        lines.some((line) => line.startsWith('Disallow:') && publicPath.startsWith(line.slice(10))),
      ).toBe(false);
    }
  });
});
