import { MESSAGES } from '@gurumatch/shared/messages';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { useToggleStar, useTutorList } from '../api.ts';
import { parsePage } from '../utils.ts';

import { EnquiryCardItem } from './enquiry-card.tsx';

function TutorListPage({ kind }: { kind: 'starred' | 'contacted' }) {
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const list = useTutorList(kind, page);
  const star = useToggleStar();
  const title = kind === 'starred' ? M.starredTitle : M.contactedTitle;
  const basePath = kind === 'starred' ? paths.starredEnquiries : paths.contactedEnquiries;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={title} noindex />
      <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {list.isPending ? (
        <div className="py-12 text-center">
          <Spinner label="Loading enquiries…" />
        </div>
      ) : list.data && list.data.results.length > 0 ? (
        <>
          <ul className="mt-6 flex flex-col gap-3">
            {list.data.results.map((card) => (
              <EnquiryCardItem
                key={card.id}
                card={card}
                onToggleStar={(id) =>
                  star.mutate(id, { onError: () => toast.error(MESSAGES.genericError) })
                }
                starBusy={star.isPending && star.variables === card.id}
              />
            ))}
          </ul>
          <div className="mt-6">
            <Pagination page={page} pageCount={countPages(list.data.count)} basePath={basePath} />
          </div>
        </>
      ) : (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          {M.noEnquiries}
        </p>
      )}
    </div>
  );
}

export function StarredEnquiriesPage() {
  return <TutorListPage kind="starred" />;
}

export function ContactedEnquiriesPage() {
  return <TutorListPage kind="contacted" />;
}
