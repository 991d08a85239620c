import { useId, type ReactNode } from 'react';

interface PanelProps {
  title: ReactNode;
  /** A sentence under the title. */
  intro?: ReactNode;
  /** `notice`: amber, for what stops the user (a closed form, a pending check). */
  tone?: 'plain' | 'notice';
  /** More room inside on wider screens, for a panel that holds a form. */
  roomy?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A card of a page: a region named by its heading, so a screen reader lists it
 * among the page's landmarks. One look for every such card.
 */
export function Panel({
  title,
  intro,
  tone = 'plain',
  roomy = false,
  className = '',
  children,
}: PanelProps) {
  const headingId = useId();
  const notice = tone === 'notice';
  const frame = notice ? 'bg-amber-50 ring-amber-200' : 'bg-white shadow-sm ring-slate-200';
  const space = roomy ? 'rounded-2xl p-5 sm:p-8' : 'rounded-xl p-5';
  return (
    <section aria-labelledby={headingId} className={`${space} ring-1 ${frame} ${className}`}>
      <h2
        id={headingId}
        className={`text-lg font-semibold ${notice ? 'text-amber-900' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {intro ? (
        <p className={`mt-1 text-sm ${notice ? 'text-amber-900' : 'text-slate-600'}`}>{intro}</p>
      ) : null}
      {children}
    </section>
  );
}
