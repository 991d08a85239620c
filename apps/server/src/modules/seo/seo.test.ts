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

describe('GET /sitemap.xml', () => {
  it('answers XML listing every public page with absolute URLs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const urls = locations(response.body);
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
    const urls = locations((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(urls).toContain(`${PUBLIC_URL}/home-tutors-in/koramangala-bangalore`);
    const areaUrls = urls.filter((url) => url.includes('/home-tutors-in/'));
    expect(areaUrls).toHaveLength(17);
    expect(areaUrls).toEqual(AREAS.map((area) => `${PUBLIC_URL}/home-tutors-in/${area.slug}`));
  });

  it('lists each published blog post and FAQ with its last change, and no draft', async () => {
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const [post] = SEED_BLOG_POSTS;
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/blogs/${post?.slug ?? ''}</loc><lastmod>${post?.publishedOn ?? ''}</lastmod></url>`,
    );
    const urls = locations(xml);
    expect(urls.filter((url) => url.includes('/blogs/'))).toHaveLength(SEED_BLOG_POSTS.length);
    expect(urls.filter((url) => url.includes('/faqs/'))).toHaveLength(SEED_ARTICLES.length);
    expect(urls).toContain(`${PUBLIC_URL}/faqs/how-do-coins-work`);
    expect(xml).not.toContain('unpublished-draft');
  });

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
