import { formatQuote, timeAgo } from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { EnquiryResponse } from '@gurumatch/shared/schemas/enquiries';

import { ButtonLink } from '../../../components/ui/button.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';

function ResponseItem({ response, now }: { response: EnquiryResponse; now: Date }) {
  const { tutor } = response;
  const nameId = `response-${String(response.id)}-name`;
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <UserAvatar name={tutor.full_name} src={tutor.avatar} id={tutor.id} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span id={nameId} className="font-semibold wrap-anywhere text-slate-900">
              {tutor.full_name}
            </span>
            {tutor.is_doc_verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                <span aria-hidden="true">✓</span> {PROFILE_MESSAGES.verifiedTutor}
              </span>
            ) : null}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            {tutor.review_count > 0 ? (
              <>
                <RatingStars rating={tutor.rating} />
                <span>
                  ({tutor.review_count} {tutor.review_count === 1 ? 'review' : 'reviews'})
                </span>
              </>
            ) : (
              <span>{M.noReviewsYet}</span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">
              {formatQuote(response.price_quote, response.price_type)}
            </span>
            {' · '}
            <time dateTime={response.responded_at}>
              {timeAgo(new Date(response.responded_at), now)}
            </time>
          </p>
        </div>
      </div>
      <ButtonLink
        to={paths.chatThread(response.conversation_id)}
        variant="secondary"
        className="w-full sm:w-auto"
        aria-label={M.chatWith(tutor.full_name)}
      >
        {M.chat}
      </ButtonLink>
    </li>
  );
}

/** The tutors who responded to the poster's enquiry, each with a link to their chat. */
export function EnquiryResponses({
  responses,
  respondedCount,
  totalResponses,
}: {
  responses: EnquiryResponse[];
  respondedCount: number;
  totalResponses: number;
}) {
  const now = new Date();
  return (
    <section
      aria-labelledby="responses-heading"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="responses-heading" className="text-lg font-semibold text-slate-900">
        {M.responsesTitle}{' '}
        <span className="font-normal text-slate-600">
          ({respondedCount}/{totalResponses})
        </span>
      </h2>
      {responses.length === 0 ? (
        <p className="mt-3 text-slate-600">{M.noResponsesYet}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {responses.map((response) => (
            <ResponseItem key={response.id} response={response} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
