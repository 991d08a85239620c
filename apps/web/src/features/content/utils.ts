import { BLOG_EXCERPT_LENGTH } from '@gurumatch/shared/constants';
import { decodeHtmlEntities } from '@gurumatch/shared/html-entities';
import {
  ARTICLE_CATEGORY_OPTIONS,
  SLUG_PATTERN,
  type ArticleCategory,
} from '@gurumatch/shared/messages/content';

import { ApiError } from '../../lib/api.ts';
import { throwRouteStatus } from '../../lib/route-status.ts';
import type { LoaderFunctionArgs } from '../../lib/router/index.ts';

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * '10 Aug 2025': day, short month, year, in India time. Written out by hand so the
 * server and every browser print the same text (no locale data, no time zone).
 */
export function formatContentDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const date = new Date(time + IST_OFFSET_MS);
  return `${String(date.getUTCDate())} ${SHORT_MONTHS[date.getUTCMonth()] ?? ''} ${String(date.getUTCFullYear())}`;
}

/** Tags that separate words; inline tags (strong, a, em) do not. */
const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>/gi;

/** The readable text of an HTML fragment, whitespace collapsed. */
export function textOfHtml(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeHtmlEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/** The first `length` characters of the HTML's text, with '...' when cut. */
export function excerptOf(html: string, length: number = BLOG_EXCERPT_LENGTH): string {
  const text = textOfHtml(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

/** Plain text cut to `length` characters, with '...' when cut. */
export function shortenText(text: string, length: number = BLOG_EXCERPT_LENGTH): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > length ? `${collapsed.slice(0, length).trimEnd()}...` : collapsed;
}

/** Longest description a post or article page gives search engines, in characters. */
const META_DESCRIPTION_LENGTH = 155;

/** The page description of a post or article: the start of its text. */
export function metaDescriptionOf(html: string): string {
  return excerptOf(html, META_DESCRIPTION_LENGTH);
}

/** `?page=` as a page number: 1 when absent or not a positive whole number. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** What a list page asks for: `?page=` and the trimmed `?search=`. */
export function readListParams(url: URL): { page: number; search: string } {
  return {
    page: parsePageParam(url.searchParams.get('page')),
    search: (url.searchParams.get('search') ?? '').trim(),
  };
}

/** One page of a list, as the API answers it. */
export interface PagedList<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

/**
 * One page of a list for a loader. A failed fetch is only logged and shows an empty
 * list (part 1 §8); a navigation that was called off still ends the loader.
 */
export async function fetchListOrEmpty<Item>(
  fetchList: () => Promise<PagedList<Item>>,
  signal: AbortSignal,
  failure: string,
): Promise<PagedList<Item>> {
  try {
    return await fetchList();
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(failure, error);
    return { count: 0, next: null, previous: null, results: [] };
  }
}

/**
 * The post or article named by the path's `:slug`, for a loader: a malformed or unknown
 * slug ends in 404, a call that failed in 502 (the route's error boundary shows both).
 */
export async function fetchBySlug<Item>(
  { params, request }: LoaderFunctionArgs,
  fetchItem: (slug: string, signal: AbortSignal) => Promise<Item>,
  failure: string,
): Promise<Item> {
  const slug = params.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) throwRouteStatus(404);
  try {
    return await fetchItem(slug, request.signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof ApiError && error.status === 404) throwRouteStatus(404);
    console.error(failure, error);
    throwRouteStatus(502);
  }
}

/** The label of an FAQ category, as in the category select: 'Student' or 'Tutor'. */
export function labelOfCategory(category: ArticleCategory): string {
  return ARTICLE_CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;
}
