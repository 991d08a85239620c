import { PAGE_SIZE, PAGINATION_WINDOW } from '@gurumatch/shared/constants';

import { Link } from '../../lib/router/index.ts';

/** A page number, or a gap shown as an ellipsis between the first/last page and the window. */
export type PaginationItem = number | 'gap-before' | 'gap-after';

/** How many pages `count` items fill, at least one. */
export function countPages(count: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The page numbers to show: current-2 to current+2, plus the first and last pages,
 * with a gap where pages are skipped.
 */
export function listPaginationItems(
  page: number,
  pageCount: number,
  windowSize: number = PAGINATION_WINDOW,
): PaginationItem[] {
  const start = Math.max(1, page - windowSize);
  const end = Math.min(pageCount, page + windowSize);
  const items: PaginationItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap-before');
  for (let number = start; number <= end; number += 1) items.push(number);
  if (end < pageCount - 1) items.push('gap-after');
  if (end < pageCount) items.push(pageCount);
  return items;
}

/** `{basePath}?page={n}`, keeping the other query parameters (search, category). */
export function buildPageHref(basePath: string, page: number, params?: URLSearchParams): string {
  const query = new URLSearchParams({ page: String(page) });
  params?.forEach((value, name) => {
    if (name !== 'page') query.append(name, value);
  });
  return `${basePath}?${query.toString()}`;
}

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The list's path, e.g. '/blogs'. */
  basePath: string;
  /** The current query; everything but `page` is kept in the links. */
  params?: URLSearchParams;
}

const ITEM_CLASSES =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const LINK_CLASSES = `${ITEM_CLASSES} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-800`;
const CURRENT_CLASSES = `${ITEM_CLASSES} bg-brand-700 text-white`;
const DISABLED_CLASSES = `${ITEM_CLASSES} bg-slate-100 text-slate-500`;

/** A new page of results starts at the top of the window. */
function scrollToTop(): void {
  window.scrollTo({ top: 0 });
}

/** Previous, the page window with first/last pages and ellipses, Next. Nothing for one page. */
export function Pagination({ page, pageCount, basePath, params }: PaginationProps) {
  if (pageCount <= 1) return null;
  const hrefOf = (number: number) => buildPageHref(basePath, number, params);
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;

  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {hasPrevious ? (
            <Link to={hrefOf(page - 1)} rel="prev" onClick={scrollToTop} className={LINK_CLASSES}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={DISABLED_CLASSES}>
              Previous
            </span>
          )}
        </li>
        {listPaginationItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                to={hrefOf(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={scrollToTop}
                className={item === page ? CURRENT_CLASSES : LINK_CLASSES}
              >
                <span className="sr-only">Page </span>
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefOf(page + 1)} rel="next" onClick={scrollToTop} className={LINK_CLASSES}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={DISABLED_CLASSES}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
