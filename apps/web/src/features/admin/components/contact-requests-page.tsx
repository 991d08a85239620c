import { ADMIN_MESSAGES, CONTACT_REQUEST_STATUSES } from '@gurumatch/shared/messages/admin';
import type { AdminContactRequest } from '@gurumatch/shared/schemas/admin';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { formatWhen, openPrivateFile, useAdminAction } from '../api.ts';

import { AdminList, Fact } from './admin-list.tsx';

const FILTER = [
  { value: 'new', label: 'New' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;

function Request({ request }: { request: AdminContactRequest }) {
  const toast = useToast();
  const action = useAdminAction();
  return (
    <article aria-label={`${request.full_name}: ${request.subject}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          {request.full_name} · {request.subject.replace(/_/g, ' ')}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          Status
          <select
            value={request.status}
            disabled={action.isPending}
            onChange={(event) =>
              action.mutate(
                {
                  path: `contact-requests/${String(request.id)}/`,
                  method: 'PATCH',
                  body: { status: event.target.value },
                },
                {
                  onSuccess: () => toast.success(ADMIN_MESSAGES.saved),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.detail : error.message),
                },
              )
            }
            className="h-9 rounded-lg border border-slate-300 bg-white px-2"
          >
            {CONTACT_REQUEST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{request.message}</p>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Fact label="E-mail">
          <a className="text-brand-800 underline" href={`mailto:${request.email}`}>
            {request.email}
          </a>
        </Fact>
        <Fact label="Phone">
          <a className="text-brand-800 underline" href={`tel:${request.contact_number}`}>
            {formatPhone(request.contact_number)}
          </a>
        </Fact>
        <Fact label="Received">{formatWhen(request.created_at)}</Fact>
      </dl>
      {request.image ? (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2"
          onClick={() => {
            if (request.image)
              openPrivateFile(request.image).catch((error: unknown) => toast.error(String(error)));
          }}
        >
          View attached image
        </Button>
      ) : null}
    </article>
  );
}

/** Messages from the contact page, newest first. */
export function ContactRequestsPage() {
  return (
    <AdminList<AdminContactRequest>
      resource="contact-requests"
      label="Contact inbox"
      searchLabel="Search by name, e-mail or text"
      filter={{ name: 'status', label: 'Status', options: FILTER, initial: 'new' }}
      itemKey={(request) => request.id}
      renderItem={(request) => <Request request={request} />}
    />
  );
}
