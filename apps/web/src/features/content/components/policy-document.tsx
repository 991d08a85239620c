import { decodeHtmlEntities } from '@gurumatch/shared/html-entities';
import type { SiteDocument } from '@gurumatch/shared/schemas/content';
import type { MouseEvent } from 'react';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { useNavigate } from '../../../lib/router/index.ts';
import { formatContentDate } from '../utils.ts';

/** Text styles for the policy body: paragraphs, lists, tables, links, a boxed block (a quote). */
const BODY_CLASSES = [
  'text-base leading-7 text-slate-800',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:my-3 [&_blockquote]:rounded-lg [&_blockquote]:bg-slate-100 [&_blockquote]:p-4 [&_blockquote_p]:my-0',
  '[&_address]:my-3 [&_address]:rounded-lg [&_address]:bg-slate-100 [&_address]:p-4 [&_address]:not-italic',
  '[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left',
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_th:last-child]:pr-0 [&_td:last-child]:pr-0',
].join(' ');

export interface DocumentSection {
  /** The anchor the table of contents links to, made from the heading. */
  id: string;
  title: string;
  /** Sanitized HTML below the heading. */
  html: string;
}

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The day of an instant in India, as `YYYY-MM-DD` (the `<time>` element's machine date). */
function indiaDateOf(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'What this policy covers' → 'what-this-policy-covers'. */
function anchorOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/**
 * A document's stored HTML cut at its main headings (`<h2>`, written without
 * attributes by the server's sanitiser): the text before the first one, then
 * one section per heading.
 */
export function splitDocument(html: string): { intro: string; sections: DocumentSection[] } {
  const parts = html.split(/<h2>([\s\S]*?)<\/h2>/);
  const sections: DocumentSection[] = [];
  const used = new Set<string>();
  for (let i = 1; i < parts.length; i += 2) {
    const title = decodeHtmlEntities((parts[i] ?? '').replace(/<[^>]*>/g, '')).trim();
    let id = anchorOf(title);
    for (let n = 2; used.has(id); n += 1) id = `${anchorOf(title)}-${String(n)}`;
    used.add(id);
    sections.push({ id, title, html: parts[i + 1] ?? '' });
  }
  return { intro: parts[0] ?? '', sections };
}

/** Stored HTML, shown as text (the server sanitized it when it was stored). */
function StoredHtml({ html, className }: { html: string; className: string }) {
  return (
    <div
      className={className}
      // The server sanitizes this HTML when it is stored; it never carries scripts or handlers.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A policy page: title, last-updated date, table of contents with anchors and
 * numbered sections, all from the stored document. The same component renders
 * on the server and in the browser; links inside the text to this site's
 * pages open without reloading.
 */
export function PolicyDocument({ document, path }: { document: SiteDocument; path: string }) {
  const navigate = useNavigate();
  const { intro, sections } = splitDocument(document.content);
  const contentsId = `${path.slice(1)}-contents`;

  function followSiteLink(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    <>
      <PageMeta title={document.title} description={document.description} path={path} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14" onClick={followSiteLink}>
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {document.title}
          </h1>
          <p className="mt-3 text-slate-600">
            Last updated and effective from{' '}
            <time dateTime={indiaDateOf(document.updated_at)}>
              {formatContentDate(document.updated_at)}
            </time>
          </p>
        </header>

        <StoredHtml html={intro} className={`mt-6 ${BODY_CLASSES}`} />

        {sections.length > 0 ? (
          <nav
            aria-labelledby={contentsId}
            className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={contentsId} className="text-lg font-semibold text-slate-900">
              Contents
            </h2>
            <ol className="mt-3 grid list-decimal gap-1 pl-6 text-slate-800 sm:grid-cols-2 sm:gap-x-8">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-11 items-center text-brand-700 hover:text-brand-900 hover:underline sm:min-h-9"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10">
            <h2
              id={section.id}
              className="scroll-mt-20 text-2xl font-bold tracking-tight text-slate-900"
            >
              {`${String(index + 1)}. ${section.title}`}
            </h2>
            <StoredHtml html={section.html} className={`mt-3 ${BODY_CLASSES}`} />
          </section>
        ))}
      </article>
    </>
  );
}
