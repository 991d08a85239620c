import { LANDING_REVIEWS_MIN } from '@gurumatch/shared/constants';
import { LANDING_MESSAGES } from '@gurumatch/shared/messages/landing';
import type { ReviewList } from '@gurumatch/shared/schemas/reviews';
import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { StepsList, type Step } from '../../../components/ui/steps-list.tsx';
import { apiRequest } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from '../../../lib/router/index.ts';
import { searchIntentQuery } from '../../../lib/search-intent.ts';

import { LocationSearch } from './location-search.tsx';
import { SubjectSearch } from './subject-search.tsx';

const MAX_RATING = 5;

interface LandingReview {
  readonly id: number;
  readonly rating: number;
  readonly text: string;
  /** Empty when the student chose not to show a name. */
  readonly reviewer: string;
  readonly tutor: string;
}

export interface LandingData {
  /** The latest real reviews; empty while there are fewer than LANDING_REVIEWS_MIN. */
  reviews: readonly LandingReview[];
  /** True when the reviews could not be fetched (the page says so). */
  reviewsFailed: boolean;
}

/** The latest real reviews, when there are enough of them; never made-up ones. */
export async function landingLoader({ request }: LoaderFunctionArgs): Promise<LandingData> {
  try {
    const list = await apiRequest<ReviewList>(
      `/api/reviews/?page_size=${String(LANDING_REVIEWS_MIN)}`,
      { auth: false, signal: request.signal },
    );
    if (list.count < LANDING_REVIEWS_MIN) return { reviews: [], reviewsFailed: false };
    return {
      reviews: list.results.map((review) => ({
        id: review.id,
        rating: review.rating,
        text: review.review_text,
        reviewer: review.student.full_name,
        tutor: review.tutor_name,
      })),
      reviewsFailed: false,
    };
  } catch {
    return { reviews: [], reviewsFailed: true };
  }
}

const STEPS: readonly Step[] = [
  {
    title: 'Post an enquiry',
    text: 'Tell us the class, subject and area, and whether you want home or online tuition. It is free.',
  },
  {
    title: 'Verified tutors respond',
    text: 'Tutors who match your needs get in touch, so you can compare profiles and experience.',
  },
  {
    title: 'Start learning',
    text: 'Pick the tutor you like, agree a schedule and start classes at home or online.',
  },
];

function StarRating({ rating }: { rating: number }) {
  return (
    <div className="flex items-center gap-2">
      <span
        role="img"
        aria-label={`Rated ${String(rating)} out of ${String(MAX_RATING)}`}
        className="flex"
      >
        {Array.from({ length: MAX_RATING }, (_, index) => (
          <svg
            key={index}
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`h-5 w-5 ${index < rating ? 'fill-coin-500' : 'fill-slate-300'}`}
          >
            <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8L10 1.5Z" />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
        {`${String(rating)}/${String(MAX_RATING)}`}
      </span>
    </div>
  );
}

function SearchForm() {
  const navigate = useNavigate();
  const [location, setLocation] = useState('');
  const [subject, setSubject] = useState('');

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the place (the spec's location-temp) and the subject both survive the sign-in wall
    void navigate(`${paths.login}${searchIntentQuery({ location, subject })}`);
  };

  return (
    <form
      role="search"
      aria-label="Find tutors"
      onSubmit={onSubmit}
      className="mt-8 grid gap-4 rounded-2xl bg-white p-4 text-left shadow-lg ring-1 ring-slate-200 sm:p-6 md:grid-cols-[1fr_1fr_auto] md:items-end"
    >
      <LocationSearch value={location} onChange={setLocation} />
      <SubjectSearch value={subject} onChange={setSubject} />
      <Button type="submit" size="md" className="w-full md:w-auto">
        Search
      </Button>
    </form>
  );
}

function ReviewsSection({ reviews }: { reviews: readonly LandingReview[] }) {
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {LANDING_MESSAGES.reviewsHeading}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <article className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <StarRating rating={review.rating} />
              <blockquote className="mt-3 flex-1 text-slate-800">
                <p className="whitespace-pre-line">{review.text}</p>
              </blockquote>
              <footer className="mt-4 border-t border-slate-100 pt-3 text-sm">
                <p className="font-semibold text-slate-900">
                  {review.reviewer || 'Anonymous'}{' '}
                  <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                    Student
                  </span>
                </p>
                <p className="mt-1 text-slate-600">Taught by {review.tutor}</p>
              </footer>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Until there are enough real reviews: how verification works, which is true today. */
function VerificationSection({ reviewsFailed }: { reviewsFailed: boolean }) {
  return (
    <section
      aria-labelledby="verification-heading"
      className="mx-auto max-w-6xl px-4 pb-16 sm:px-6"
    >
      <h2 id="verification-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {LANDING_MESSAGES.verificationHeading}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {LANDING_MESSAGES.verificationSteps.map((step, index) => (
          <li
            key={step}
            className="flex gap-3 rounded-xl bg-white p-5 text-slate-800 shadow-sm ring-1 ring-slate-200"
          >
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-800"
            >
              {index + 1}
            </span>
            <p>{step}</p>
          </li>
        ))}
      </ol>
      {reviewsFailed ? (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {LANDING_MESSAGES.reviewsFailed}
        </p>
      ) : null}
    </section>
  );
}

/** The public home page: search hero, how it works, and real reviews or how verification works. */
export function LandingPage() {
  const data = useLoaderData<LandingData | undefined>();
  const reviews = data?.reviews ?? [];
  return (
    <>
      <PageMeta
        title="Find the Best Home and Online Tutors Near You"
        description="GuruMatch connects students and parents with verified home and online tutors for every class and subject. Post your requirement for free and hear from tutors near you."
        path={paths.home}
      />

      <PageHero
        title="Find the Best Tutors Near You"
        lead="Verified home and online tutors for every class and subject, matched to what you need."
      >
        <SearchForm />
      </PageHero>

      <section
        aria-labelledby="how-it-works-heading"
        className="mx-auto max-w-6xl px-4 py-12 sm:px-6"
      >
        <h2 id="how-it-works-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          How GuruMatch works
        </h2>
        <StepsList steps={STEPS} columns="md:grid-cols-3" />
      </section>

      {reviews.length >= LANDING_REVIEWS_MIN ? (
        <ReviewsSection reviews={reviews} />
      ) : (
        <VerificationSection reviewsFailed={data?.reviewsFailed ?? false} />
      )}
    </>
  );
}
