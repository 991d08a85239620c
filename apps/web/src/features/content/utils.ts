import { BLOG_EXCERPT_LENGTH } from '@gurumatch/shared/constants';
import { ARTICLE_CATEGORY_OPTIONS, type ArticleCategory } from '@gurumatch/shared/schemas/content';
import { data } from 'react-router';

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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Tags that separate words; inline tags (strong, a, em) do not. */
const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|ol|p|pre|section|table|td|th|tr|ul)\b[^>]*>/gi;

/** The readable text of an HTML fragment, whitespace collapsed. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity: string, name: string) => {
      const known = ENTITIES[name.toLowerCase()];
      if (known !== undefined) return known;
      const code = name.startsWith('#x')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number.parseInt(name.slice(1), 10)
          : Number.NaN;
      return Number.isNaN(code) ? entity : String.fromCodePoint(code);
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of the HTML's text, with '...' when cut. */
export function excerptOf(html: string, length: number = BLOG_EXCERPT_LENGTH): string {
  const text = textOfHtml(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

/** `?page=` as a page number: 1 when absent or not a positive whole number. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The label of an FAQ category, as in the category select: 'Student' or 'Tutor'. */
export function labelOfCategory(category: ArticleCategory): string {
  return ARTICLE_CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;
}

/**
 * Ends a loader with an HTTP status (404 for a missing post). React Router hands the thrown
 * response to the route's error boundary, and the server answers with that status.
 */
export function throwRouteStatus(status: number): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's route-error protocol
  throw data(null, { status });
}
