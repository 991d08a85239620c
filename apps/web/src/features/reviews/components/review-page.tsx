import { REVIEW_RATING_MAX, REVIEW_TEXT_MAX_LENGTH } from '@gurumatch/shared/constants';
import { REVIEW_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { PublicProfile } from '@gurumatch/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { apiRequest, ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useMyReview, useSaveReview } from '../api.ts';

import { TutorReviews } from './reviews-list.tsx';

/**
 * `/review/{otherUserId}`: a student rates a tutor they chatted with; sending again edits it.
 * Anyone else sees why they cannot, instead of a form the server would refuse.
 */
export function ReviewPage() {
  const params = useParams();
  const tutorId = Number(params.otherUserId);
  if (!Number.isInteger(tutorId) || tutorId < 1) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <p className="text-slate-700">{REVIEW_MESSAGES.invalidTutor}</p>
      </div>
    );
  }
  return <ReviewScreen key={tutorId} tutorId={tutorId} />;
}

function ReviewScreen({ tutorId }: { tutorId: number }) {
  const toast = useToast();
  const { user } = useAuth();
  const isStudent = user?.role === 'student';
  const tutor = useQuery({
    queryKey: ['profile', 'public', tutorId],
    queryFn: () => apiRequest<PublicProfile>(`/api/auth/profile/${String(tutorId)}/`),
  });
  const mine = useMyReview(tutorId);
  const save = useSaveReview();
  const existing = mine.data?.review ?? null;
  const [edited, setEdited] = useState<{ rating: number; text: string } | null>(null);
  const rating = edited?.rating ?? existing?.rating ?? 0;
  const text = edited?.text ?? existing?.review_text ?? '';
  const setRating = (value: number) => setEdited({ rating: value, text });
  const setText = (value: string) => setEdited({ rating, text: value });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setError(REVIEW_MESSAGES.ratingRequired);
      return;
    }
    setError(null);
    save.mutate(
      { tutor: tutorId, rating, review_text: text.trim() },
      {
        onSuccess: () => {
          toast.success(REVIEW_MESSAGES.saved);
          void tutor.refetch();
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.firstError() : REVIEW_MESSAGES.failed);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <PageMeta title={REVIEW_MESSAGES.title} noindex />
      <Link to={paths.chat} className="font-medium text-brand-700 hover:underline">
        ← Messages
      </Link>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{REVIEW_MESSAGES.title}</h1>
        {tutor.isPending ? (
          <div className="py-6">
            <Spinner />
          </div>
        ) : tutor.data ? (
          <div className="mt-4 flex items-center gap-3" data-testid="tutor-summary">
            <UserAvatar name={tutor.data.full_name} src={tutor.data.avatar} id={tutorId} />
            <div>
              <p className="font-semibold text-slate-900">{tutor.data.full_name}</p>
              <div className="flex flex-wrap items-center gap-2">
                <RatingStars rating={tutor.data.rating} />
                <span className="text-sm text-slate-600" data-testid="review-count">
                  {tutor.data.review_count} {tutor.data.review_count === 1 ? 'review' : 'reviews'}
                </span>
              </div>
            </div>
          </div>
        ) : (
          <p className="mt-4 text-slate-700">{REVIEW_MESSAGES.notTutor}</p>
        )}

        {mine.isPending ? (
          <div className="py-6">
            <Spinner />
          </div>
        ) : mine.isError ? (
          <p role="alert" className="mt-6 text-red-700">
            {REVIEW_MESSAGES.checkFailed}
          </p>
        ) : !mine.data.can_review ? (
          // a user who is not a tutor has already been told so above
          tutor.isError ? null : (
            <p
              className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-800"
              data-testid="review-refused"
            >
              {isStudent ? REVIEW_MESSAGES.noConversation : REVIEW_MESSAGES.studentsOnly}
            </p>
          )
        ) : (
          <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
            <fieldset>
              <legend className="font-medium text-slate-900">{REVIEW_MESSAGES.rating}</legend>
              <div className="mt-2 flex gap-1">
                {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => {
                  const value = index + 1;
                  return (
                    <label key={value} className="cursor-pointer">
                      <input
                        type="radio"
                        name="rating"
                        value={value}
                        checked={rating === value}
                        onChange={() => setRating(value)}
                        className="peer sr-only"
                      />
                      <span
                        aria-hidden="true"
                        className={`block px-1 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${value <= rating ? 'text-coin-500' : 'text-slate-300'}`}
                      >
                        ★
                      </span>
                      <span className="sr-only">{REVIEW_MESSAGES.stars(value)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
            <Textarea
              label={REVIEW_MESSAGES.text}
              value={text}
              maxLength={REVIEW_TEXT_MAX_LENGTH}
              showCounter
              rows={5}
              onChange={(event) => setText(event.target.value)}
            />
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <Button type="submit" busy={save.isPending}>
              {save.isPending
                ? REVIEW_MESSAGES.submitting
                : existing
                  ? REVIEW_MESSAGES.update
                  : REVIEW_MESSAGES.submit}
            </Button>
          </form>
        )}
      </section>
      <TutorReviews tutorId={tutorId} />
    </div>
  );
}
