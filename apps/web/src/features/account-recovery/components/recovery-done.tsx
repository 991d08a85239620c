import { buttonClasses } from '../../../components/ui/button.tsx';
import { Link } from '../../../lib/router/index.ts';

/** The success view of the forgot and reset forms, shown until the timed redirect. */
export function RecoveryDone({
  message,
  redirectNote,
  action,
}: {
  message: string;
  redirectNote: string;
  action: { label: string; to: string };
}) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <p className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
        {message}
      </p>
      <p className="text-sm text-slate-600">{redirectNote}</p>
      <Link to={action.to} replace className={buttonClasses('secondary', 'md', 'w-full')}>
        {action.label}
      </Link>
    </div>
  );
}
