import { CONTENT_MESSAGES, YOUTUBE_VIDEO_ID_PATTERN } from '@gurumatch/shared/messages/content';
import type { Article } from '@gurumatch/shared/schemas/content';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLoaderData, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { fetchArticle } from '../api.ts';
import { fetchBySlug, formatContentDate, labelOfCategory, metaDescriptionOf } from '../utils.ts';

import { ContentArticle, ContentNotFound, ContentTitle } from './content-article.tsx';

const BACK_TO_FAQS = 'Back to FAQs';

/** `/faqs/{slug}`; an unknown slug answers 404 and shows 'Article not found'. */
export function faqArticleLoader(args: LoaderFunctionArgs): Promise<Article> {
  return fetchBySlug(args, fetchArticle, 'Failed to load the article');
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
        description={metaDescriptionOf(article.content)}
        path={paths.faq(article.slug)}
      />
      <ContentArticle
        backTo={paths.faqs}
        backLabel={BACK_TO_FAQS}
        html={article.content}
        after={videoId ? <RelatedVideo videoId={videoId} title={article.title} /> : null}
      >
        <header className="mt-4">
          <p>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
              {labelOfCategory(article.category)}
            </span>
          </p>
          <ContentTitle className="mt-3">{article.title}</ContentTitle>
          <p className="mt-3 text-slate-600">
            Posted on <time dateTime={article.created_at}>{postedOn}</time>
          </p>
          {/* The 'last updated' line shows the created date, as the product always has. */}
          <p className="text-sm text-slate-600">
            Last updated: <time dateTime={article.created_at}>{postedOn}</time>
          </p>
        </header>
      </ContentArticle>
    </>
  );
}

/** A missing (or unreadable) article: 'Article not found'. */
export function FaqArticleError() {
  return (
    <ContentNotFound
      title={CONTENT_MESSAGES.articleNotFound}
      message="This question may have been moved or removed. Browse all FAQs instead."
      backTo={paths.faqs}
      backLabel={BACK_TO_FAQS}
    />
  );
}
