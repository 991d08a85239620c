import type { ToldTutors } from '@gurumatch/shared/alerts';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { TotalEnquiries } from '@gurumatch/shared/schemas/enquiries';
import { useQuery } from '@tanstack/react-query';

import { ButtonLink } from '../../../components/ui/button.tsx';
import { apiRequest } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';

/** The same query (and cache key) the enquiry screens use. */
function useTotalEnquiries() {
  return useQuery({
    queryKey: ['enquiries', 'total'],
    queryFn: () => apiRequest<TotalEnquiries>('/api/enquiry/enquiries/total_enquiries/'),
  });
}

/** How many tutors were told of the latest live enquiry (refreshed on each visit). */
function useToldTutors() {
  return useQuery({
    queryKey: ['alerts', 'told'],
    queryFn: () => apiRequest<ToldTutors>('/api/alerts/told/'),
  });
}

const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-brand-50';

/** The student dashboard's enquiry panel (spec part 2 §2). */
export function StudentEnquiryPanel() {
  const total = useTotalEnquiries();
  const canCreate = total.data?.can_create_more ?? false;
  const told = useToldTutors().data?.tutors_told ?? 0;
  return (
    <section
      aria-labelledby="enquiries-heading"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="enquiries-heading" className="text-lg font-semibold text-slate-900">
        Your enquiries
      </h2>
      <p className="mt-2 text-slate-700">
        Active enquiries:{' '}
        <strong className="text-2xl text-slate-900">{total.data?.total_enquiries ?? 0}</strong>
      </p>
      {told > 0 ? (
        <p className="mt-1 text-slate-700">
          {told === 1 ? '1 tutor near you was told' : `${String(told)} tutors near you were told`}{' '}
          of your latest enquiry.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {canCreate ? (
          <ButtonLink key="create" to={paths.studentEnquiryAdd}>
            {M.createNewEnquiry}
          </ButtonLink>
        ) : (
          <button
            key="create"
            type="button"
            disabled
            className="h-11 rounded-lg bg-slate-200 px-4 font-medium text-slate-600"
          >
            {total.isPending ? M.createNewEnquiry : M.enquiryLimitExceeded}
          </button>
        )}
        <ButtonLink key="view" to={paths.studentEnquiries} variant="secondary">
          {M.viewEnquiries}
        </ButtonLink>
      </div>
      <nav aria-label="Quick links" className="mt-4 grid gap-2 sm:grid-cols-3">
        <Link to={paths.chat} className={linkClass}>
          Messages
        </Link>
        <Link to={paths.profile} className={linkClass}>
          Profile
        </Link>
        <Link to={paths.addressManagement} className={linkClass}>
          Addresses
        </Link>
      </nav>
    </section>
  );
}

/** The tutor dashboard's links (spec part 2 §2). */
export function TutorEnquiryLinks() {
  const links = [
    { to: paths.enquiries, label: 'Enquiries' },
    { to: paths.contactedEnquiries, label: M.contactedTitle },
    { to: paths.starredEnquiries, label: M.starredTitle },
    { to: paths.chat, label: 'Messages' },
    { to: paths.profile, label: 'Profile' },
    { to: paths.addressManagement, label: 'Address Management' },
  ];
  return (
    <nav
      aria-label="Tutor links"
      className="mt-6 grid gap-2 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
    >
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={linkClass}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
