import { POLICY_DATE } from '@gurumatch/shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { paths } from '../../../lib/paths.ts';
import { GRIEVANCE_OFFICER, SUPPORT_EMAIL } from '../support.ts';

export interface PolicySection {
  /** The anchor, e.g. 'refund-window' (linked from the table of contents). */
  id: string;
  title: string;
  body: ReactNode;
}

interface PolicyDocumentProps {
  title: string;
  description: string;
  path: string;
  intro: ReactNode;
  sections: readonly PolicySection[];
}

/** Text styles for the policy body: paragraphs, lists, tables, links. */
const BODY_CLASSES = [
  'text-base leading-7 text-slate-800',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
].join(' ');

/** A link to send an e-mail, written out so it can be copied. */
export function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** Who to write to, repeated at the end of each policy. */
export function PolicyContactBlock() {
  return (
    <p>
      For questions about this document, write to <MailLink address={SUPPORT_EMAIL} /> or use our{' '}
      <Link to={paths.contactUs}>contact form</Link>. For complaints about how your personal data or
      your account is handled, write to our {GRIEVANCE_OFFICER.title} at{' '}
      <MailLink address={GRIEVANCE_OFFICER.email} />.
    </p>
  );
}

/** A policy page: title, date, table of contents with anchors, numbered sections. */
export function PolicyDocument({ title, description, path, intro, sections }: PolicyDocumentProps) {
  return (
    <>
      <PageMeta title={title} description={description} path={path} />
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-slate-600">
            Last updated and effective from <time dateTime="2025-08-10">{POLICY_DATE}</time>
          </p>
        </header>

        <div className={`mt-6 ${BODY_CLASSES}`}>{intro}</div>

        <nav
          aria-labelledby={`${path.slice(1)}-contents`}
          className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id={`${path.slice(1)}-contents`} className="text-lg font-semibold text-slate-900">
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

        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10">
            <h2
              id={section.id}
              className="scroll-mt-20 text-2xl font-bold tracking-tight text-slate-900"
            >
              {`${String(index + 1)}. ${section.title}`}
            </h2>
            <div className={`mt-3 ${BODY_CLASSES}`}>{section.body}</div>
          </section>
        ))}
      </article>
    </>
  );
}
