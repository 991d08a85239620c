import { CONTENT_MESSAGES } from '@gurumatch/shared/messages/content';
import type { BlogListItem } from '@gurumatch/shared/schemas/content';

import { paths } from '../../../lib/paths.ts';
import { Link, useLoaderData, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { listBlogPosts } from '../api.ts';
import { fetchListOrEmpty, formatContentDate, readListParams, shortenText } from '../utils.ts';

import { ContentListLayout } from './content-list-layout.tsx';
import { ContentSearch } from './content-search.tsx';

/** What a card shows: all the page carries for the browser to hydrate with. */
export type BlogCardData = Pick<
  BlogListItem,
  'id' | 'slug' | 'title' | 'excerpt' | 'featured_image' | 'created_at'
>;

export interface BlogListData {
  list: { count: number; results: BlogCardData[] };
  page: number;
  search: string;
}

/** `/blogs?page=&search=`: a failed fetch is only logged and shows an empty list (part 1 §8). */
export async function blogListLoader({ request }: LoaderFunctionArgs): Promise<BlogListData> {
  const { page, search } = readListParams(new URL(request.url));
  const list = await fetchListOrEmpty(
    () => listBlogPosts({ page, search }, request.signal),
    request.signal,
    'Failed to load blog posts',
  );
  const results = list.results.map((post) => ({
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: shortenText(post.excerpt),
    featured_image: post.featured_image,
    created_at: post.created_at,
  }));
  return { list: { count: list.count, results }, page, search };
}

function BlogCard({ post, isFirst }: { post: BlogCardData; isFirst: boolean }) {
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
        <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
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

  return (
    <ContentListLayout
      title="Blogs"
      description="Study tips, exam preparation guides and advice for parents, students and tutors from the GuruMatch team."
      lead="Study tips, exam guides and advice for parents, students and tutors."
      basePath={paths.blogs}
      page={page}
      count={list.count}
      params={new URLSearchParams(search ? { search } : {})}
      isFiltered={search !== ''}
      search={
        <ContentSearch
          basePath={paths.blogs}
          label="Search blogs"
          placeholder="Search by title or topic"
        />
      }
      searchWidth="max-w-xl"
      listLabel="Blog posts"
      items={list.results}
      renderCard={(post, index) => <BlogCard post={post} isFirst={index === 0} />}
      gap="gap-6"
      emptyText={CONTENT_MESSAGES.noBlogPosts}
    />
  );
}
