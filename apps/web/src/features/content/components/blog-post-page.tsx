import { CONTENT_MESSAGES, SLUG_PATTERN, type BlogPost } from '@gurumatch/shared/schemas/content';
import { use } from 'react';
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';

import { paths } from '../../../app/paths.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta, SiteOriginContext } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api.ts';
import { fetchBlogPost } from '../api.ts';
import { excerptOf, formatContentDate, throwRouteStatus } from '../utils.ts';

import { ContentCrash } from './content-crash.tsx';
import { RichContent } from './rich-content.tsx';

const META_DESCRIPTION_LENGTH = 155;

/** `/blogs/{slug}`; an unknown slug answers 404 and shows 'Blog post not found'. */
export async function blogPostLoader({ params, request }: LoaderFunctionArgs): Promise<BlogPost> {
  const slug = params.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) throwRouteStatus(404);
  try {
    return await fetchBlogPost(slug, request.signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof ApiError && error.status === 404) throwRouteStatus(404);
    console.error('Failed to load the blog post', error);
    throwRouteStatus(502);
  }
}

/** A site-relative image path as an absolute URL (Open Graph needs one). */
function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

/** One blog post: image, title, author, date and the article text. */
export function BlogPostPage() {
  const post = useLoaderData<BlogPost>();
  const origin = use(SiteOriginContext);
  const description = post.excerpt.trim() || excerptOf(post.content, META_DESCRIPTION_LENGTH);

  return (
    <>
      <PageMeta
        title={post.title}
        description={description}
        path={paths.blog(post.slug)}
        {...(post.featured_image ? { image: absoluteUrl(origin, post.featured_image) } : {})}
      />
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <Link
          to={paths.blogs}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          <span aria-hidden="true">←</span> {CONTENT_MESSAGES.backToBlogs}
        </Link>
        {post.featured_image ? (
          <img
            src={post.featured_image}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            className="mt-4 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
          />
        ) : null}
        <header className="mt-6">
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            <span>By {post.author.username}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.created_at}>{formatContentDate(post.created_at)}</time>
          </p>
        </header>
        <RichContent html={post.content} className="mt-8" />
        <footer className="mt-12 border-t border-slate-200 pt-6">
          <Link
            to={paths.blogs}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            <span aria-hidden="true">←</span> {CONTENT_MESSAGES.backToBlogs}
          </Link>
        </footer>
      </article>
    </>
  );
}

/** A missing (or unreadable) post: 'Blog post not found'. */
export function BlogPostError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return <ContentCrash backTo={paths.blogs} />;
  return (
    <>
      <PageMeta title={CONTENT_MESSAGES.blogNotFound} noindex />
      <Notice
        title={CONTENT_MESSAGES.blogNotFound}
        message="This post may have been moved or removed. Browse our other posts instead."
        action={{ label: CONTENT_MESSAGES.backToBlogs, to: paths.blogs }}
      />
    </>
  );
}
