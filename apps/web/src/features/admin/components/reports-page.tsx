import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminReport, ConfirmFakeResult } from '@gurumatch/shared/schemas/admin';
import { useState } from 'react';

import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatWhen, useAdminAction } from '../api.ts';

import { AdminList, ConfirmButton, Fact } from './admin-list.tsx';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'confirmed_fake', label: 'Confirmed fake' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All' },
] as const;

function Report({ report }: { report: AdminReport }) {
  const toast = useToast();
  const action = useAdminAction<ConfirmFakeResult>();
  const [posterAction, setPosterAction] = useState<'warn' | 'suspend'>('warn');
  const run = (path: string, body?: unknown) => {
    action.mutate(
      { path: `reports/${String(report.id)}/${path}/`, body },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  };
  const { enquiry, poster, reporter } = report;
  return (
    <article aria-label={`Report ${String(report.id)}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          {enquiry.name} · {enquiry.subject}, {enquiry.class_level}
        </h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {report.status}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <strong>{report.reason}</strong>
        {report.message ? `: ${report.message}` : ''}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Fact label="Reporter">
          {reporter.full_name} ({reporter.email})
        </Fact>
        <Fact label="Poster">
          {poster.full_name} ({poster.email}){poster.is_active ? '' : ' · suspended'}
          {poster.warning_count > 0 ? ` · ${String(poster.warning_count)} warning(s)` : ''}
        </Fact>
        <Fact label="Enquiry">
          {enquiry.formatted_address} · budget ₹{enquiry.user_budget} · {enquiry.contacts} paid
          contact(s) · {enquiry.reports} report(s){enquiry.archived ? ' · archived' : ''}
        </Fact>
        <Fact label="Reported">{formatWhen(report.created_at)}</Fact>
      </dl>
      {report.conversation.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-800">
            Conversation ({report.conversation.length})
          </summary>
          <ol className="mt-2 flex flex-col gap-1 text-sm">
            {report.conversation.map((message, index) => (
              <li key={index} className="rounded bg-slate-50 px-2 py-1">
                <span className="font-medium">
                  {message.sender_id === reporter.id ? reporter.full_name : poster.full_name}:
                </span>{' '}
                {message.content}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {report.status === 'open' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Poster
            <select
              value={posterAction}
              onChange={(event) => setPosterAction(event.target.value as 'warn' | 'suspend')}
              className="h-9 rounded-lg border border-slate-300 bg-white px-2"
            >
              <option value="warn">Warn</option>
              <option value="suspend">Suspend</option>
            </select>
          </label>
          <ConfirmButton
            action="Confirm fake and refund"
            question={ADMIN_MESSAGES.confirmFake}
            variant="danger"
            busy={action.isPending}
            onConfirm={() => run('confirm-fake', { poster_action: posterAction })}
          />
          <ConfirmButton
            action="Dismiss"
            question={ADMIN_MESSAGES.confirmDismiss}
            variant="ghost"
            busy={action.isPending}
            onConfirm={() => run('dismiss')}
          />
        </div>
      ) : null}
    </article>
  );
}

/** Reported enquiries: judge each, refund the tutors who paid for a fake one. */
export function ReportsPage() {
  return (
    <AdminList<AdminReport>
      resource="reports"
      label="Reports queue"
      filter={{ name: 'status', label: 'Status', options: STATUSES, initial: 'open' }}
      itemKey={(report) => report.id}
      renderItem={(report) => <Report report={report} />}
    />
  );
}
