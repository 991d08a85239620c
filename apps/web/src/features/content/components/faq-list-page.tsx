import { PAGE_SIZE } from '@gurumatch/shared/constants';
import {
  ARTICLE_CATEGORY_OPTIONS,
  CONTENT_MESSAGES,
  type Article,
  type ArticleCategory,
  type ArticleList,
} from '@gurumatch/shared/schemas/content';
import { useId } from 'react';
import {
  Link,
  useLoaderData,
  useNavigate,
  useNavigation,
  type LoaderFunctionArgs,
} from 'react-router';

import { paths } from '../../../app/paths.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { useAuth } from '../../auth/auth-provider.tsx';
import { listArticles } from '../api.ts';
import { formatContentDate, labelOfCategory, parsePageParam } from '../utils.ts';

import { ContentSearch } from './content-search.tsx';

export interface FaqListData {
  list: ArticleList;
  page: number;
  search: string;
  category: ArticleCategory | '';
}

const EMPTY_LIST: ArticleList = { count: 0, next: null, previous: null, results: [] };

function parseCategory(value: string | null): ArticleCategory | '' {
  return value === 'student' || value === 'teacher' ? value : '';
}

/** `/faqs?page=&search=&category=`: a failed fetch is only logged and shows an empty list. */
export async function faqListLoader({ request }: LoaderFunctionArgs): Promise<FaqListData> {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get('page'));
  const search = (url.searchParams.get('search') ?? '').trim();
  const category = parseCategory(url.searchParams.get('category'));
  try {
    const list = await listArticles({ page, search, category }, request.signal);
    return { list, page, search, category };
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error('Failed to load FAQs', error);
    return { list: EMPTY_LIST, page, search, category };
  }
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
          void navigate(`${paths.faqs}${query ? `?${query}` : ''}`, { preventScrollReset: true });
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

function FaqCard({ article }: { article: Article }) {
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
  const navigation = useNavigation();
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === paths.faqs;
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  const canonical = page > 1 ? `${paths.faqs}?page=${String(page)}` : paths.faqs;

  return (
    <>
      <PageMeta
        title={page > 1 ? `FAQs (page ${String(page)})` : 'FAQs'}
        description="Answers to common questions from students, parents and tutors about finding tutors, enquiries, coins, plans and payments on GuruMatch."
        path={canonical}
        noindex={search !== '' || category !== ''}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            FAQs
          </h1>
          <p className="mt-3 text-lg text-slate-700">
            Answers for students, parents and tutors about how GuruMatch works.
          </p>
        </header>

        <div className="mt-8 max-w-3xl">
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
        </div>

        <section
          aria-label="Questions"
          aria-busy={isLoading || undefined}
          className={`mt-8 transition-opacity ${isLoading ? 'opacity-60' : ''}`}
        >
          {list.results.length === 0 ? (
            <p className="rounded-xl bg-white px-6 py-12 text-center text-slate-700 ring-1 ring-slate-200">
              {CONTENT_MESSAGES.noFaqs}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.results.map((article) => (
                <li key={article.id}>
                  <FaqCard article={article} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Pagination
          page={page}
          pageCount={countPages(list.count, PAGE_SIZE)}
          basePath={paths.faqs}
          params={params}
        />
      </div>
    </>
  );
}
