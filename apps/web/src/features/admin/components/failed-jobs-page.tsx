import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminDone, AdminFailedJob } from '@gurumatch/shared/schemas/admin';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatWhen, useAdminAction, useAdminList } from '../api.ts';

import { Fact, ListItems } from './admin-list.tsx';

function FailedJob({ job }: { job: AdminFailedJob }) {
  const toast = useToast();
  const action = useAdminAction<AdminDone>();
  const retry = () =>
    action.mutate(
      { path: `jobs/${job.id}/retry/` },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  return (
    <article aria-label={job.summary}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{job.summary}</h2>
        <Button size="sm" variant="secondary" busy={action.isPending} onClick={retry}>
          Retry
        </Button>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-4">
        <Fact label="Kind">{job.kind}</Fact>
        <Fact label="Tries">{job.tries}</Fact>
        <Fact label="Stored">{formatWhen(job.created_at)}</Fact>
        <Fact label="Failed">{formatWhen(job.failed_at)}</Fact>
      </dl>
      <p className="mt-2 text-sm break-words text-red-800">{job.error || '—'}</p>
    </article>
  );
}

/** Work after a request that ran out of tries, newest first, each with a Retry button. */
export function FailedJobsPage() {
  const list = useAdminList<AdminFailedJob>('jobs/failed', new URLSearchParams());
  return (
    <section aria-label="Failed jobs">
      <p className="text-sm text-slate-600">{ADMIN_MESSAGES.failedJobsIntro}</p>
      <div className="mt-3">
        <ListItems
          list={list}
          emptyMessage={ADMIN_MESSAGES.noFailedJobs}
          itemKey={(job) => job.id}
          renderItem={(job) => <FailedJob job={job} />}
          lead={(page) =>
            page.count > page.results.length ? (
              <p className="mb-2 text-sm text-slate-600">
                The newest {page.results.length} of {page.count}.
              </p>
            ) : null
          }
        />
      </div>
    </section>
  );
}
