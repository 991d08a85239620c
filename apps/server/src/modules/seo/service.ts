import { AREAS, areaPath } from '@gurumatch/shared/catalogues/areas';

import type { AppContext } from '../../context.ts';
import { listPublicContentUrls } from '../content/service.ts';

/** Public pages with fixed content, in the order of the route map (part 1 §2). */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/about',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-use',
  '/cancellation-and-refund-policy',
  '/blogs',
  '/faqs',
] as const;

/** Signed-in, onboarding and one-time-link areas that search engines are kept out of. */
export const DISALLOWED_PATHS = [
  '/dashboard',
  '/profile',
  '/chat',
  '/enquiry',
  '/starred-enquiries',
  '/contacted-enquiries',
  '/student/',
  '/teacher/',
  '/address-management',
  '/phone-verification',
  '/add-address',
  '/complete-profile',
  '/review/',
  '/reset-password/',
  '/verify-email/',
  '/api/',
  '/dev/',
] as const;

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `/sitemap.xml`: every public URL, absolute, with the last change of blog posts and FAQs. */
export async function buildSitemap(ctx: AppContext): Promise<string> {
  const base = ctx.config.publicUrl;
  const { blogs, faqs } = await listPublicContentUrls(ctx);
  const entries: SitemapEntry[] = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ loc: `${base}${path}` })),
    ...AREAS.map((area) => ({ loc: `${base}${areaPath(area.slug)}` })),
    ...[...blogs, ...faqs].map((url) => ({
      loc: `${base}${url.path}`,
      lastmod: url.updatedAt.toISOString().slice(0, 10),
    })),
  ];
  const lines = entries.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...lines,
    '</urlset>',
    '',
  ].join('\n');
}

/** `/robots.txt`: public pages open, signed-in areas closed, the sitemap's address. */
export function buildRobotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
