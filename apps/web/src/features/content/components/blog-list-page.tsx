import { PAGE_SIZE } from '@gurumatch/shared/constants';
import { CONTENT_MESSAGES, type BlogList, type BlogPost } from '@gurumatch/shared/schemas/content';
import { Link, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';

import { paths } from '../../../app/paths.ts';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { listBlogPosts } from '../api.ts';
import { excerptOf, formatContentDate, parsePageParam } from '../utils.ts';

import { ContentSearch } from './content-search.tsx';

export interface BlogListData {
  list: BlogList;
  page: number;
  search: string;
}

const EMPTY_LIST: BlogList = { count: 0, next: null, previous: null, results: [] };

/** `/blogs?page=&search=`: a failed fetch is only logged and shows an empty list (part 1 §8). */
export async function blogListLoader({ request }: LoaderFunctionArgs): Promise<BlogListData> {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get('page'));
  const search = (url.searchParams.get('search') ?? '').trim();
  try {
    const list = await listBlogPosts({ page, search }, request.signal);
    return { list, page, search };
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error('Failed to load blog posts', error);
    return { list: EMPTY_LIST, page, search };
  }
}

function BlogCard({ post, isFirst }: { post: BlogPost; isFirst: boolean }) {
  const href = paths.blog(post.slug);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.featured_image ? (
        <img
          src={post.featured_image}
          alt=""
          width={640}
          height={360}
          loading={isFirst ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-slate-200" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-slate-700">{excerptOf(post.content)}</p>
        <div className="mt-4 flex items-center justify-between gap-3 text-sm">
          <time dateTime={post.created_at} className="text-slate-600">
            {formatContentDate(post.created_at)}
          </time>
          <Link
            to={href}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            {CONTENT_MESSAGES.readMore}
            <span className="sr-only"> about {post.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** `/blogs`: searchable, paged list of posts. */
export function BlogListPage() {
  const { list, page, search } = useLoaderData<BlogListData>();
  const navigation = useNavigation();
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === paths.blogs;
  const params = new URLSearchParams(search ? { search } : {});
  const canonical = page > 1 ? `${paths.blogs}?page=${String(page)}` : paths.blogs;

  return (
    <>
      <PageMeta
        title={page > 1 ? `Blogs (page ${String(page)})` : 'Blogs'}
        description="Study tips, exam preparation guides and advice for parents, students and tutors from the GuruMatch team."
        path={canonical}
        noindex={search !== ''}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Blogs
          </h1>
          <p className="mt-3 text-lg text-slate-700">
            Study tips, exam guides and advice for parents, students and tutors.
          </p>
        </header>

        <div className="mt-8 max-w-xl">
          <ContentSearch
            basePath={paths.blogs}
            label="Search blogs"
            placeholder="Search by title or topic"
          />
        </div>

        <section
          aria-label="Blog posts"
          aria-busy={isLoading || undefined}
          className={`mt-8 transition-opacity ${isLoading ? 'opacity-60' : ''}`}
        >
          {list.results.length === 0 ? (
            <p className="rounded-xl bg-white px-6 py-12 text-center text-slate-700 ring-1 ring-slate-200">
              {CONTENT_MESSAGES.noBlogPosts}
            </p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {list.results.map((post, index) => (
                <li key={post.id}>
                  <BlogCard post={post} isFirst={index === 0} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <Pagination
          page={page}
          pageCount={countPages(list.count, PAGE_SIZE)}
          basePath={paths.blogs}
          params={params}
        />
      </div>
    </>
  );
}
