import { REVIEW_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { Review } from '@gurumatch/shared/schemas/reviews';

import { Panel } from '../../../components/ui/panel.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useTutorReviews } from '../api.ts';

export function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{review.student.full_name}</p>
        <span className="text-xs text-slate-600">{relativeTime(review.updated_at)}</span>
      </div>
      <RatingStars rating={review.rating} />
      {review.review_text ? (
        <p className="mt-1 whitespace-pre-wrap text-slate-800">{review.review_text}</p>
      ) : null}
    </li>
  );
}

/** A tutor's latest reviews. */
export function TutorReviews({ tutorId }: { tutorId: number }) {
  const reviews = useTutorReviews(tutorId);
  const results = reviews.data?.results ?? [];
  return (
    <Panel title={REVIEW_MESSAGES.reviewsHeading} roomy>
      {results.length === 0 ? (
        <p className="mt-2 text-slate-700">{REVIEW_MESSAGES.noReviews}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {results.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
