import {
  CONTENT_MESSAGES,
  SLUG_PATTERN,
  YOUTUBE_VIDEO_ID_PATTERN,
  type Article,
} from '@gurumatch/shared/schemas/content';
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';

import { paths } from '../../../app/paths.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { ApiError } from '../../../lib/api.ts';
import { fetchArticle } from '../api.ts';
import { excerptOf, formatContentDate, labelOfCategory, throwRouteStatus } from '../utils.ts';

import { ContentCrash } from './content-crash.tsx';
import { RichContent } from './rich-content.tsx';

const META_DESCRIPTION_LENGTH = 155;

/** `/faqs/{slug}`; an unknown slug answers 404 and shows 'Article not found'. */
export async function faqArticleLoader({ params, request }: LoaderFunctionArgs): Promise<Article> {
  const slug = params.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) throwRouteStatus(404);
  try {
    return await fetchArticle(slug, request.signal);
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof ApiError && error.status === 404) throwRouteStatus(404);
    console.error('Failed to load the article', error);
    throwRouteStatus(502);
  }
}

function BackToFaqs() {
  return (
    <Link
      to={paths.faqs}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to FAQs
    </Link>
  );
}

function RelatedVideo({ videoId, title }: { videoId: string; title: string }) {
  return (
    <section aria-labelledby="related-video-heading" className="mt-12">
      <h2 id="related-video-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {CONTENT_MESSAGES.relatedVideo}
      </h2>
      <div className="mt-4 aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`}
          title={`Video: ${title}`}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="h-full w-full border-0"
        />
      </div>
    </section>
  );
}

/** One FAQ article: title, category, dates, the answer and an optional video. */
export function FaqArticlePage() {
  const article = useLoaderData<Article>();
  const postedOn = formatContentDate(article.created_at);
  const videoId =
    article.video_id && YOUTUBE_VIDEO_ID_PATTERN.test(article.video_id) ? article.video_id : null;

  return (
    <>
      <PageMeta
        title={article.title}
        description={excerptOf(article.content, META_DESCRIPTION_LENGTH)}
        path={paths.faq(article.slug)}
      />
      <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <BackToFaqs />
        <header className="mt-4">
          <p>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
              {labelOfCategory(article.category)}
            </span>
          </p>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {article.title}
          </h1>
          <p className="mt-3 text-slate-600">
            Posted on <time dateTime={article.created_at}>{postedOn}</time>
          </p>
          {/* The 'last updated' line shows the created date, as the product always has. */}
          <p className="text-sm text-slate-600">
            Last updated: <time dateTime={article.created_at}>{postedOn}</time>
          </p>
        </header>
        <RichContent html={article.content} className="mt-8" />
        {videoId ? <RelatedVideo videoId={videoId} title={article.title} /> : null}
        <footer className="mt-12 border-t border-slate-200 pt-6">
          <BackToFaqs />
        </footer>
      </article>
    </>
  );
}

/** A missing (or unreadable) article: 'Article not found'. */
export function FaqArticleError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return <ContentCrash backTo={paths.faqs} />;
  return (
    <>
      <PageMeta title={CONTENT_MESSAGES.articleNotFound} noindex />
      <Notice
        title={CONTENT_MESSAGES.articleNotFound}
        message="This question may have been moved or removed. Browse all FAQs instead."
        action={{ label: 'Back to FAQs', to: paths.faqs }}
      />
    </>
  );
}
