import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';

import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { useOwnEnquiries, useTotalEnquiries } from '../api.ts';
import { formatPostedDate, parsePage, studyModeLabel } from '../utils.ts';

const TITLE = 'Your Enquiries';

/** /student/enquiries: the student's own enquiries, newest first. */
export function StudentEnquiriesPage() {
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const list = useOwnEnquiries(page);
  const total = useTotalEnquiries();

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={TITLE} noindex />
      <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{TITLE}</h1>
        {total.data?.can_create_more ? (
          <ButtonLink to={paths.studentEnquiryAdd}>{M.createNewEnquiry}</ButtonLink>
        ) : null}
      </div>
      {list.isPending ? (
        <div className="py-12 text-center">
          <Spinner label="Loading enquiries…" />
        </div>
      ) : list.data && list.data.results.length > 0 ? (
        <>
          <ul className="mt-6 flex flex-col gap-3">
            {list.data.results.map((item) => (
              <li key={item.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Link
                  to={paths.studentEnquiry(item.id)}
                  className="text-lg font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {item.title}
                </Link>
                <p className="mt-0.5 text-sm text-slate-600">
                  {item.name} · {studyModeLabel(item.study_mode)} · ₹{item.user_budget}/hour
                </p>
                <ul className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
                  <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
                    Responded {item.responded_count}/{item.total_responses}
                  </li>
                  <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
                    {item.archived ? 'Archived' : `${String(item.days_left)} days left`}
                  </li>
                  <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
                    Posted {formatPostedDate(item.posted_at)}
                  </li>
                </ul>
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <Pagination
              page={page}
              pageCount={countPages(list.data.count)}
              basePath={paths.studentEnquiries}
            />
          </div>
        </>
      ) : (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          You have not posted an enquiry yet.
        </p>
      )}
    </div>
  );
}
