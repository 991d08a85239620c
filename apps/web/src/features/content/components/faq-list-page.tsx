import {
  ARTICLE_CATEGORY_OPTIONS,
  CONTENT_MESSAGES,
  type ArticleCategory,
} from '@gurumatch/shared/messages/content';
import type { ArticleListItem } from '@gurumatch/shared/schemas/content';
import { useId } from 'react';

import { paths } from '../../../lib/paths.ts';
import {
  Link,
  useLoaderData,
  useNavigate,
  type LoaderFunctionArgs,
} from '../../../lib/router/index.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { listArticles } from '../api.ts';
import { fetchListOrEmpty, formatContentDate, labelOfCategory, readListParams } from '../utils.ts';

import { ContentListLayout } from './content-list-layout.tsx';
import { ContentSearch } from './content-search.tsx';

/** What a card shows: all the page carries for the browser to hydrate with. */
export type FaqCardData = Pick<
  ArticleListItem,
  'id' | 'slug' | 'title' | 'created_at' | 'category'
>;

export interface FaqListData {
  list: { count: number; results: FaqCardData[] };
  page: number;
  search: string;
  category: ArticleCategory | '';
}

function parseCategory(value: string | null): ArticleCategory | '' {
  return value === 'student' || value === 'teacher' ? value : '';
}

/** `/faqs?page=&search=&category=`: a failed fetch is only logged and shows an empty list. */
export async function faqListLoader({ request }: LoaderFunctionArgs): Promise<FaqListData> {
  const url = new URL(request.url);
  const { page, search } = readListParams(url);
  const category = parseCategory(url.searchParams.get('category'));
  const list = await fetchListOrEmpty(
    () => listArticles({ page, search, category }, request.signal),
    request.signal,
    'Failed to load FAQs',
  );
  const results = list.results.map((article) => ({
    id: article.id,
    slug: article.slug,
    title: article.title,
    created_at: article.created_at,
    category: article.category,
  }));
  return { list: { count: list.count, results }, page, search, category };
}

function CategorySelect({ category, search }: { category: string; search: string }) {
  const selectId = useId();
  const navigate = useNavigate();
  return (
    // Hidden by the stylesheet while a stored session is restored, before scripts run.
    <div data-public-only="" className="flex flex-col gap-1 sm:w-56">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        Category
      </label>
      <select
        id={selectId}
        name="category"
        value={category}
        onChange={(event) => {
          const params = new URLSearchParams();
          if (search) params.set('search', search);
          if (event.target.value) params.set('category', event.target.value);
          const query = params.toString();
          void navigate(`${paths.faqs}${query ? `?${query}` : ''}`);
        }}
        className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
      >
        {ARTICLE_CATEGORY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FaqCard({ article }: { article: FaqCardData }) {
  return (
    <Link
      to={paths.faq(article.slug)}
      className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <h2 className="flex-1 text-lg leading-snug font-semibold text-slate-900">{article.title}</h2>
      <p className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <time dateTime={article.created_at} className="text-slate-600">
          {formatContentDate(article.created_at)}
        </time>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">
          {labelOfCategory(article.category)}
        </span>
      </p>
    </Link>
  );
}

/** `/faqs`: searchable, paged FAQ cards; visitors can also pick a category. */
export function FaqListPage() {
  const { list, page, search, category } = useLoaderData<FaqListData>();
  const { status } = useAuth();
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('category', category);

  return (
    <ContentListLayout
      title="FAQs"
      description="Answers to common questions from students, parents and tutors about finding tutors, enquiries, coins, plans and payments on GuruMatch."
      lead="Answers for students, parents and tutors about how GuruMatch works."
      basePath={paths.faqs}
      page={page}
      count={list.count}
      params={params}
      isFiltered={search !== '' || category !== ''}
      search={
        <ContentSearch
          basePath={paths.faqs}
          label="Search FAQs by title"
          placeholder="e.g. How do coins work?"
        >
          {status !== 'signed-in' ? (
            <CategorySelect category={category} search={search} />
          ) : category ? (
            <input type="hidden" name="category" value={category} />
          ) : null}
        </ContentSearch>
      }
      searchWidth="max-w-3xl"
      listLabel="Questions"
      items={list.results}
      renderCard={(article) => <FaqCard article={article} />}
      gap="gap-4"
      emptyText={CONTENT_MESSAGES.noFaqs}
    />
  );
}
