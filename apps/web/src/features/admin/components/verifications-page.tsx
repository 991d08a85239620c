import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { VerificationItem } from '@gurumatch/shared/schemas/admin';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { formatWhen, openPrivateFile, useAdminAction } from '../api.ts';

import { AdminList, ConfirmButton, Fact, ReasonForm } from './admin-list.tsx';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
] as const;

function Verification({ item }: { item: VerificationItem }) {
  const toast = useToast();
  const action = useAdminAction<{ message: string }>();
  const decide = (path: string, body?: unknown) => {
    action.mutate(
      { path: `verifications/${String(item.user_id)}/${path}/`, body },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  };
  const open = (url: string | null) => {
    if (url) openPrivateFile(url).catch((error: unknown) => toast.error(String(error)));
  };
  return (
    <article aria-label={item.full_name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{item.full_name}</h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {item.status}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Fact label="E-mail">{item.email}</Fact>
        <Fact label="Phone">{item.phone ? formatPhone(item.phone) : '—'}</Fact>
        <Fact label="Submitted">{formatWhen(item.submitted_at)}</Fact>
        {item.reason ? <Fact label="Reason given">{item.reason}</Fact> : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => open(item.id_proof)}
          disabled={!item.id_proof}
        >
          View ID proof
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => open(item.qualification_proof)}
          disabled={!item.qualification_proof}
        >
          View qualification proof
        </Button>
      </div>
      {item.status === 'pending' ? (
        // only a waiting tutor is decided on; under "All" the others show their status alone
        <div className="mt-3 flex flex-wrap gap-2">
          <ConfirmButton
            action="Approve"
            question={ADMIN_MESSAGES.confirmApprove(item.full_name)}
            busy={action.isPending}
            onConfirm={() => decide('approve')}
          />
          <ReasonForm
            label="Why are the documents rejected?"
            action="Reject"
            busy={action.isPending}
            onConfirm={(reason) => decide('reject', { reason })}
          />
        </div>
      ) : null}
    </article>
  );
}

/** Tutors' documents waiting for a decision, oldest first. */
export function VerificationsPage() {
  return (
    <AdminList<VerificationItem>
      resource="verifications"
      label="Verification queue"
      searchLabel="Search by name or e-mail"
      filter={{ name: 'status', label: 'Status', options: STATUSES, initial: 'pending' }}
      itemKey={(item) => item.user_id}
      renderItem={(item) => <Verification item={item} />}
    />
  );
}
