import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  /** The line under the title. */
  lead: ReactNode;
  /** What follows the lead: a search form, call-to-action buttons. */
  children?: ReactNode;
}

/** The centred band at the top of a marketing page: title, a lead line and an action. */
export function PageHero({ title, lead, children }: PageHeroProps) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6 sm:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{lead}</p>
        {children}
      </div>
    </section>
  );
}
