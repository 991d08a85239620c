import { LANDING_REVIEWS_MIN } from '@gurumatch/shared/constants';
import type { ReviewList } from '@gurumatch/shared/schemas/reviews';
import { useState, type SubmitEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { StepsList, type Step } from '../../../components/ui/steps-list.tsx';
import { apiRequest } from '../../../lib/api.ts';
import { searchIntentQuery } from '../../../lib/search-intent.ts';

import { LocationSearch } from './location-search.tsx';
import { SubjectSearch } from './subject-search.tsx';

const MAX_RATING = 5;

interface SampleReview {
  readonly id: number;
  readonly rating: number;
  readonly text: string;
  /** Empty when the student chose not to show a name. */
  readonly reviewer: string;
  readonly tutor: string;
}

/** Hard-coded samples, shown until there are LANDING_REVIEWS_MIN real reviews. */
const SAMPLE_REVIEWS: readonly SampleReview[] = [
  {
    id: 1,
    rating: 5,
    text: 'Algebra finally clicked for my daughter. Her Class 10 maths marks went from 62 to 91 in one term.',
    reviewer: 'Ananya Rao',
    tutor: 'Priya Sharma',
  },
  {
    id: 2,
    rating: 4,
    text: 'Punctual, patient and always prepared. The weekly tests before the board exams helped a lot.',
    reviewer: '',
    tutor: 'Rahul Menon',
  },
  {
    id: 3,
    rating: 5,
    text: 'Found a physics tutor in Koramangala within two days. Every concept comes with a real-life example.',
    reviewer: 'Karthik S.',
    tutor: 'Deepa Iyer',
  },
];

export interface LandingData {
  reviews: readonly SampleReview[] | null;
}

/** The latest real reviews, when there are enough of them; the samples otherwise (or on failure). */
export async function landingLoader({ request }: LoaderFunctionArgs): Promise<LandingData> {
  try {
    const list = await apiRequest<ReviewList>(
      `/api/reviews/?page_size=${String(LANDING_REVIEWS_MIN)}`,
      { auth: false, signal: request.signal },
    );
    if (list.count < LANDING_REVIEWS_MIN) return { reviews: null };
    return {
      reviews: list.results.map((review) => ({
        id: review.id,
        rating: review.rating,
        text: review.review_text,
        reviewer: review.student.full_name,
        tutor: review.tutor_name,
      })),
    };
  } catch {
    return { reviews: null };
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

/** The public home page: search hero, how it works and sample reviews. */
export function LandingPage() {
  const data = useLoaderData<LandingData | undefined>();
  const reviews = data?.reviews ?? SAMPLE_REVIEWS;
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

      <section aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Recent Reviews from Students
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
    </>
  );
}
