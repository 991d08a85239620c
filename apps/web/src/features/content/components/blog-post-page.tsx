import { CONTENT_MESSAGES } from '@gurumatch/shared/messages/content';
import type { BlogAuthor, BlogPost } from '@gurumatch/shared/schemas/content';
import { useContext } from 'react';

import { PageMeta, SiteOriginContext } from '../../../components/ui/page-meta.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLoaderData, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { fetchBlogPost } from '../api.ts';
import { fetchBySlug, formatContentDate, metaDescriptionOf } from '../utils.ts';

import { ContentArticle, ContentNotFound, ContentTitle } from './content-article.tsx';

/** `/blogs/{slug}`; an unknown slug answers 404 and shows 'Blog post not found'. */
export function blogPostLoader(args: LoaderFunctionArgs): Promise<BlogPost> {
  return fetchBySlug(args, fetchBlogPost, 'Failed to load the blog post');
}

/** A site-relative image path as an absolute URL (Open Graph needs one). */
function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

/** The author's name as readers know it; the account name only when no name is stored. */
function authorName(author: BlogAuthor): string {
  return `${author.first_name} ${author.last_name}`.trim() || author.username;
}

/** One blog post: image, title, author, date and the article text. */
export function BlogPostPage() {
  const post = useLoaderData<BlogPost>();
  const origin = useContext(SiteOriginContext);
  const description = post.excerpt.trim() || metaDescriptionOf(post.content);

  return (
    <>
      <PageMeta
        title={post.title}
        description={description}
        path={paths.blog(post.slug)}
        {...(post.featured_image ? { image: absoluteUrl(origin, post.featured_image) } : {})}
      />
      <ContentArticle
        backTo={paths.blogs}
        backLabel={CONTENT_MESSAGES.backToBlogs}
        hasLargeFooterLink
        html={post.content}
      >
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
          <ContentTitle>{post.title}</ContentTitle>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            <span>By {authorName(post.author)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.created_at}>{formatContentDate(post.created_at)}</time>
          </p>
        </header>
      </ContentArticle>
    </>
  );
}

/** A missing (or unreadable) post: 'Blog post not found'. */
export function BlogPostError() {
  return (
    <ContentNotFound
      title={CONTENT_MESSAGES.blogNotFound}
      message="This post may have been moved or removed. Browse our other posts instead."
      backTo={paths.blogs}
      backLabel={CONTENT_MESSAGES.backToBlogs}
    />
  );
}
