import { AREAS, areaPath } from '@gurumatch/shared/catalogues/areas';

import type { AppContext } from '../../context.ts';
import {
  countPublicContent,
  listPublicContentUrls,
  publicContentGeneration,
} from '../content/service.ts';

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

/** The three parts of the sitemap, each split into files of `sitemapUrlsPerFile` URLs. */
export const SITEMAP_PARTS = ['pages', 'blogs', 'faqs'] as const;
export type SitemapPart = (typeof SITEMAP_PARTS)[number];

/** A part's file name: `blogs-2.xml` holds the second `sitemapUrlsPerFile` posts. */
export const SITEMAP_FILE_PATTERN = /^(pages|blogs|faqs)-([1-9]\d{0,5})\.xml$/;

/** How long a built file is kept when no write in this process changed it (other instances' writes). */
const SITEMAP_CACHE_TTL_MS = 10 * 60 * 1000;
/** Built files kept per database (at 50,000 URLs a file is about 5 MB). */
const SITEMAP_CACHE_MAX_FILES = 8;

interface CachedFile {
  xml: string;
  stamp: string;
  expiresAt: number;
}

const CACHES = new WeakMap<AppContext['db'], Map<string, CachedFile>>();

/** The content writes a file depends on, as a string that changes with them. */
function stampOf(ctx: AppContext, parts: readonly SitemapPart[]): string {
  return parts.map((part) => (part === 'pages' ? 0 : publicContentGeneration(ctx, part))).join(':');
}

async function cached(
  ctx: AppContext,
  name: string,
  parts: readonly SitemapPart[],
  build: () => Promise<string | null>,
): Promise<string | null> {
  let files = CACHES.get(ctx.db);
  if (!files) {
    files = new Map();
    CACHES.set(ctx.db, files);
  }
  const stamp = stampOf(ctx, parts);
  const now = Date.now();
  name = `${name}@${String(ctx.config.sitemapUrlsPerFile)}`;
  const hit = files.get(name);
  if (hit && hit.stamp === stamp && hit.expiresAt > now) return hit.xml;
  const xml = await build();
  files.delete(name);
  if (xml === null) return null;
  files.set(name, { xml, stamp, expiresAt: now + SITEMAP_CACHE_TTL_MS });
  if (files.size > SITEMAP_CACHE_MAX_FILES) {
    const oldest = files.keys().next().value;
    if (oldest !== undefined) files.delete(oldest);
  }
  return xml;
}

function fixedPageUrls(ctx: AppContext): SitemapEntry[] {
  const base = ctx.config.publicUrl;
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ loc: `${base}${path}` })),
    ...AREAS.map((area) => ({ loc: `${base}${areaPath(area.slug)}` })),
  ];
}

async function countPart(ctx: AppContext, part: SitemapPart): Promise<number> {
  return part === 'pages' ? fixedPageUrls(ctx).length : countPublicContent(ctx, part);
}

/** `/sitemap.xml`: an index of the part files, each at most `sitemapUrlsPerFile` URLs. */
export async function buildSitemapIndex(ctx: AppContext): Promise<string> {
  const xml = await cached(ctx, 'index', SITEMAP_PARTS, async () => {
    const base = ctx.config.publicUrl;
    const lines: string[] = [];
    for (const part of SITEMAP_PARTS) {
      const files = Math.ceil((await countPart(ctx, part)) / ctx.config.sitemapUrlsPerFile);
      for (let file = 1; file <= files; file += 1)
        lines.push(
          `  <sitemap><loc>${escapeXml(`${base}/sitemaps/${part}-${String(file)}.xml`)}</loc></sitemap>`,
        );
    }
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...lines,
      '</sitemapindex>',
      '',
    ].join('\n');
  });
  return xml ?? '';
}

/**
 * One part file (`blogs-2.xml`): absolute URLs, with the last change of blog
 * posts and FAQs. Null when the name is not one of the index's files.
 */
export async function buildSitemapFile(ctx: AppContext, name: string): Promise<string | null> {
  const match = SITEMAP_FILE_PATTERN.exec(name);
  if (!match) return null;
  const part = match[1] as SitemapPart;
  const file = Number(match[2]);
  const perFile = ctx.config.sitemapUrlsPerFile;
  return cached(ctx, name, [part], async () => {
    const offset = (file - 1) * perFile;
    let entries: SitemapEntry[];
    if (part === 'pages') {
      entries = fixedPageUrls(ctx).slice(offset, offset + perFile);
    } else {
      const urls = await listPublicContentUrls(ctx, part, offset, perFile);
      entries = urls.map((url) => ({
        loc: `${ctx.config.publicUrl}${url.path}`,
        lastmod: url.updatedAt.toISOString().slice(0, 10),
      }));
    }
    if (entries.length === 0 && file > 1) return null;
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
  });
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
