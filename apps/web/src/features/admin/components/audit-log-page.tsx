import type { AuditEntry } from '@gurumatch/shared/schemas/admin';

import { formatWhen } from '../api.ts';

import { AdminList } from './admin-list.tsx';

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd>
        {/* wrapped, not a scrolling box: nothing to reach with the keyboard, nothing cut off */}
        <pre className="rounded bg-slate-50 p-2 text-xs break-words whitespace-pre-wrap text-slate-800">
          {JSON.stringify(value, null, 1)}
        </pre>
      </dd>
    </div>
  );
}

/** What administrators did, newest first. */
export function AuditLogPage() {
  return (
    <AdminList<AuditEntry>
      resource="audit-log"
      label="Audit log"
      searchLabel="Search by action or administrator"
      itemKey={(entry) => entry.id}
      renderItem={(entry) => (
        <article aria-label={entry.action}>
          <p className="text-sm text-slate-900">
            <strong>{entry.action}</strong> on {entry.target_type} {entry.target_id ?? ''} by{' '}
            {entry.actor_email}
          </p>
          <p className="text-xs text-slate-600">{formatWhen(entry.created_at)}</p>
          <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Change label="Before" value={entry.before} />
            <Change label="After" value={entry.after} />
          </dl>
        </article>
      )}
    />
  );
}
