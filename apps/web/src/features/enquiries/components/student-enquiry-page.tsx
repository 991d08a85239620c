import { WHEN_TO_START_LABELS } from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { StudentEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { paths } from '../../../lib/paths.ts';
import { useNavigate, useParams } from '../../../lib/router/index.ts';
import { useArchiveEnquiry, useEnquiry } from '../api.ts';
import { formatPostedDate, studyModeLabel, withCustom } from '../utils.ts';

import { EnquiryResponses } from './enquiry-responses.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900 sm:text-right">{value}</dd>
    </div>
  );
}

/** /student/enquiries/{id}: 'Your Enquiry', with archiving. */
export function StudentEnquiryPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const toast = useToast();
  const enquiry = useEnquiry<StudentEnquiry>(id);
  const archive = useArchiveEnquiry();
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmArchive = async () => {
    try {
      await archive.mutateAsync(id);
      toast.success(M.archived);
      setIsConfirming(false);
    } catch (error) {
      toast.error((isRefusal(error) && error.serverSentence()) || M.archiveFailed);
    }
  };

  const back = (
    <Button variant="ghost" size="sm" onClick={() => void navigate(paths.studentEnquiries)}>
      ← {M.back}
    </Button>
  );

  if (enquiry.isPending) {
    return (
      <div className="py-16 text-center">
        <Spinner label="Loading enquiry…" />
      </div>
    );
  }
  if (!enquiry.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <PageMeta title={M.notFound} noindex />
        <p className="text-lg font-medium text-slate-900">{M.notFound}</p>
        <div className="mt-4">{back}</div>
      </div>
    );
  }
  const data = enquiry.data;
  const location = [data.address.city, data.address.state, data.address.country]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={M.yourEnquiry} noindex />
      {back}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{M.yourEnquiry}</h1>
        {!data.archived ? (
          <Button variant="danger" onClick={() => setIsConfirming(true)}>
            {M.archive}
          </Button>
        ) : (
          <span className="rounded-full bg-slate-200 px-3 py-1 text-sm font-medium text-slate-800">
            Archived
          </span>
        )}
      </div>
      <EnquiryResponses
        responses={data.responses}
        respondedCount={data.responded_count}
        totalResponses={data.total_responses}
      />
      <section
        aria-label="Enquiry details"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <dl className="divide-y divide-slate-100">
          <Detail label="Class" value={withCustom(data.class_level, data.custom_class)} />
          <Detail label="Subject" value={withCustom(data.subject, data.custom_subject)} />
          <Detail label="Name" value={data.name} />
          <Detail label="Location" value={location} />
          <Detail label="Board" value={data.board || '—'} />
          <Detail label="Study mode" value={studyModeLabel(data.study_mode)} />
          <Detail label="Budget" value={`₹${String(data.user_budget)} per hour`} />
          <Detail label="When to start" value={WHEN_TO_START_LABELS[data.when_to_start]} />
          <Detail
            label="Contact phone"
            value={data.user.phone_number ? formatPhone(data.user.phone_number) : '—'}
          />
          <Detail label="Contact e-mail" value={data.user.email} />
          <Detail
            label="Responded"
            value={`${String(data.responded_count)}/${String(data.total_responses)}`}
          />
          <Detail label="Days left" value={String(data.days_left)} />
          <Detail label="Posted on" value={formatPostedDate(data.posted_at)} />
        </dl>
      </section>
      <Modal
        isOpen={isConfirming}
        title={M.deleteConfirmationTitle}
        description={M.deleteConfirmationText}
        onClose={() => setIsConfirming(false)}
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setIsConfirming(false)}>
            {M.no}
          </Button>
          <Button variant="danger" busy={archive.isPending} onClick={() => void confirmArchive()}>
            {M.yes}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
