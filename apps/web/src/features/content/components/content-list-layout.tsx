import { PAGE_SIZE } from '@gurumatch/shared/constants';
import type { ReactNode } from 'react';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { useNavigation } from '../../../lib/router/index.ts';

interface ContentListLayoutProps<Item extends { id: number }> {
  /** The page's heading and title, e.g. 'Blogs'. */
  title: string;
  /** What search engines are told about the list. */
  description: string;
  /** The line under the heading. */
  lead: string;
  /** The list's path, e.g. '/blogs'. */
  basePath: string;
  page: number;
  /** How many items match, over all pages. */
  count: number;
  /** The filters the page links keep (`search`, `category`). */
  params: URLSearchParams;
  /** A filtered list is kept out of search engines. */
  isFiltered: boolean;
  /** The search form, and how wide it may grow. */
  search: ReactNode;
  searchWidth: 'max-w-xl' | 'max-w-3xl';
  /** Name of the region that holds the cards. */
  listLabel: string;
  /** What this page of the list holds, one card each. */
  items: readonly Item[];
  renderCard: (item: Item, index: number) => ReactNode;
  /** Space between the cards. */
  gap: 'gap-4' | 'gap-6';
  /** Said instead of the cards when there are none. */
  emptyText: string;
}

/**
 * A searchable, paged list of posts or articles: heading, search, cards (dimmed while
 * the next page loads) and page links.
 */
export function ContentListLayout<Item extends { id: number }>({
  title,
  description,
  lead,
  basePath,
  page,
  count,
  params,
  isFiltered,
  search,
  searchWidth,
  listLabel,
  items,
  renderCard,
  gap,
  emptyText,
}: ContentListLayoutProps<Item>) {
  const navigation = useNavigation();
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === basePath;
  const canonical = page > 1 ? `${basePath}?page=${String(page)}` : basePath;

  return (
    <>
      <PageMeta
        title={page > 1 ? `${title} (page ${String(page)})` : title}
        description={description}
        path={canonical}
        noindex={isFiltered}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-lg text-slate-700">{lead}</p>
        </header>

        <div className={`mt-8 ${searchWidth}`}>{search}</div>

        <section
          aria-label={listLabel}
          aria-busy={isLoading || undefined}
          className={`mt-8 transition-opacity ${isLoading ? 'opacity-60' : ''}`}
        >
          {items.length === 0 ? (
            <p className="rounded-xl bg-white px-6 py-12 text-center text-slate-700 ring-1 ring-slate-200">
              {emptyText}
            </p>
          ) : (
            <ul className={`grid ${gap} sm:grid-cols-2 lg:grid-cols-3`}>
              {items.map((item, index) => (
                <li key={item.id}>{renderCard(item, index)}</li>
              ))}
            </ul>
          )}
        </section>

        <Pagination
          page={page}
          pageCount={countPages(count, PAGE_SIZE)}
          basePath={basePath}
          params={params}
        />
      </div>
    </>
  );
}
