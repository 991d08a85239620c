import { MESSAGES } from '@gurumatch/shared/messages';

import { Link } from '../../lib/router/index.ts';

import { buttonClasses } from './button.tsx';

/** The 404 and 500 screens. */
export function ErrorScreen({
  code,
  title,
  message,
}: {
  code: string;
  title: string;
  message: string;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <p aria-hidden="true" className="text-6xl font-extrabold text-brand-700">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {MESSAGES.goToHome}
      </Link>
    </section>
  );
}
