import type { ReactNode } from 'react';

/** A post or page in its list: its title, a line about it (the children), and its actions. */
export function ContentRow({
  title,
  actions,
  children,
}: {
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <article aria-label={title} className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-slate-900">{title}</h2>
        <p className="text-xs text-slate-600">{children}</p>
      </div>
      {actions}
    </article>
  );
}
