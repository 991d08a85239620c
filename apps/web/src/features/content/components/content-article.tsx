import type { ReactNode } from 'react';

import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { isRouteErrorResponse, Link, useRouteError } from '../../../lib/router/index.ts';

import { ContentCrash } from './content-crash.tsx';
import { RichContent } from './rich-content.tsx';

const BACK_LINK_CLASSES =
  'inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline';

interface BackLinkProps {
  to: string;
  label: string;
  /** Small text (the link above the article); body-size text otherwise. */
  isSmall: boolean;
}

function BackLink({ to, label, isSmall }: BackLinkProps) {
  return (
    <Link to={to} className={isSmall ? `${BACK_LINK_CLASSES} text-sm` : BACK_LINK_CLASSES}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

interface ContentArticleProps {
  /** The list both back links lead to, and what they say. */
  backTo: string;
  backLabel: string;
  /** The back link below the article in body-size text (the blog's); small otherwise. */
  hasLargeFooterLink?: boolean;
  /** Sanitized HTML of the post or article. */
  html: string;
  /** What comes between the top back link and the text: image, title, dates. */
  children: ReactNode;
  /** What follows the text, such as the related video. */
  after?: ReactNode;
}

/** One post or article: a back link, its head, its text and a back link again. */
export function ContentArticle({
  backTo,
  backLabel,
  hasLargeFooterLink = false,
  html,
  children,
  after,
}: ContentArticleProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={backTo} label={backLabel} isSmall />
      {children}
      <RichContent html={html} className="mt-8" />
      {after}
      <footer className="mt-12 border-t border-slate-200 pt-6">
        <BackLink to={backTo} label={backLabel} isSmall={!hasLargeFooterLink} />
      </footer>
    </article>
  );
}

const TITLE_CLASSES =
  'text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl';

/** The title of a post or article; `className` adds spacing. */
export function ContentTitle({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 className={className ? `${className} ${TITLE_CLASSES}` : TITLE_CLASSES}>{children}</h1>
  );
}

interface ContentNotFoundProps {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}

/**
 * The error boundary of a post or article page: `title` for a missing one (the loader's
 * 404 or 502), a plain apology when the page itself broke.
 */
export function ContentNotFound({ title, message, backTo, backLabel }: ContentNotFoundProps) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return <ContentCrash backTo={backTo} />;
  return (
    <>
      <PageMeta title={title} noindex />
      <Notice title={title} message={message} action={{ label: backLabel, to: backTo }} />
    </>
  );
}
