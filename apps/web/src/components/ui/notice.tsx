import { Link } from '../../lib/router/index.ts';

import { buttonClasses } from './button.tsx';

interface NoticeProps {
  title: string;
  message: string;
  tone?: 'info' | 'warning';
  action?: { label: string; to: string };
}

/** A centred card for whole-page messages (not authorized, not found, coming soon). */
export function Notice({ title, message, tone = 'info', action }: NoticeProps) {
  const border = tone === 'warning' ? 'border-amber-500' : 'border-brand-600';
  return (
    <section className="mx-auto my-12 max-w-lg px-4">
      <div className={`rounded-xl border-t-4 bg-white p-6 text-center shadow-sm ${border}`}>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{message}</p>
        {action ? (
          <Link to={action.to} className={buttonClasses('primary', 'md', 'mt-6')}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
