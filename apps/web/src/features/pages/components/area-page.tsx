import { AREAS, findAreaBySlug, type Area } from '@gurumatch/shared/catalogues/areas';
import { AREA_FEE_TABLE, TUTOR_AREAS_CLAIM } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import type { AreaFaq, AreaGuide } from '@gurumatch/shared/schemas/content';
import { useContext } from 'react';

import { CtaButtons } from '../../../components/ui/cta-buttons.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta, SiteOriginContext } from '../../../components/ui/page-meta.tsx';
import { StepsList, type Step } from '../../../components/ui/steps-list.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { throwRouteStatus } from '../../../lib/route-status.ts';
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from '../../../lib/router/index.ts';
import { fetchAreaDocument } from '../api.ts';
import { JOIN_LINKS } from '../join-links.ts';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '../support.ts';

/** Boards and exams every area page lists (part 1 §2). */
const BOARDS = [
  'CBSE',
  'ICSE',
  'IGCSE',
  'IB',
  'NIOS',
  'Karnataka State Board PUC',
  'Engineering',
  'Competitive exams (JEE, NEET, KCET, CAT, GATE, UPSC)',
] as const;

const SUBJECTS = [
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'Science',
  'English',
  'Hindi',
  'Kannada',
  'Social Studies',
  'Accountancy',
  'Economics',
  'Computer Science',
] as const;

const LEVELS = [
  { title: 'Nursery to Class 5', text: 'Reading, writing, numbers and homework help.' },
  { title: 'Classes 6 to 8', text: 'Strong foundations in Maths, Science and languages.' },
  { title: 'Classes 9 and 10', text: 'Board-exam preparation with tests and past papers.' },
  { title: 'Classes 11 and 12 / PUC', text: 'Science, Commerce and Arts streams.' },
  { title: 'College and engineering', text: 'University subjects, labs and semester exams.' },
  { title: 'Competitive exams', text: 'JEE, NEET, KCET, CAT, GATE and more.' },
] as const;

const STEPS: readonly Step[] = [
  {
    title: 'Post your requirement',
    text: 'Tell us the class, subject, board, budget and whether you want home or online classes. It is free.',
  },
  {
    title: 'Get matched',
    text: 'Our AI-powered matching brings your enquiry to verified tutors near you.',
  },
  {
    title: 'Talk to tutors',
    text: 'Compare profiles, speak to the tutors who respond and ask for a demo class.',
  },
  {
    title: 'Start learning',
    text: 'Agree the schedule and fees directly with your tutor and begin classes.',
  },
];

const SECTION_HEADING = 'text-2xl font-bold tracking-tight text-slate-900';
const CHIP =
  'rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-800 ring-1 ring-slate-300';
const CHIP_POPULAR =
  'rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200';

/** 250000 → '2,50,000' (Indian digit grouping, the same on server and browser). */
export function formatRupees(amount: number): string {
  const digits = String(Math.round(amount));
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

function feeRange(min: number, max: number): string {
  return `Rs ${formatRupees(min)} – Rs ${formatRupees(max)}`;
}

/** 'Rs 1,500 – Rs 3,000', wrapping only at the dash, never inside an amount. */
function FeeRange({ min, max }: { min: number; max: number }) {
  return (
    <>
      <span className="whitespace-nowrap">Rs {formatRupees(min)}</span> –{' '}
      <span className="whitespace-nowrap">Rs {formatRupees(max)}</span>
    </>
  );
}

const LOWEST_FEE = Math.min(...AREA_FEE_TABLE.map((row) => row.min));
const HIGHEST_FEE = Math.max(...AREA_FEE_TABLE.map((row) => row.max));

export interface AreaPageData {
  slug: string;
  /** This area's text only: the other areas' guides stay out of the page and its scripts. */
  guide: AreaGuide;
}

/**
 * `/home-tutors-in/{place}`: one of the 17 areas, whose guide is a stored
 * document; anything else answers 404, a failed call 502.
 */
export async function areaLoader({ params, request }: LoaderFunctionArgs): Promise<AreaPageData> {
  const area = findAreaBySlug(params.place ?? '');
  if (!area) throwRouteStatus(404);
  let guide: AreaGuide | null;
  try {
    guide = (await fetchAreaDocument(area.slug, request.signal)).guide;
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof ApiError && error.status === 404) throwRouteStatus(404);
    console.error('Failed to load the area guide', error);
    throwRouteStatus(502);
  }
  if (!guide) throwRouteStatus(404);
  return { slug: area.slug, guide };
}

/** The questions of the FAQ section: three about this area, two for every area. */
export function listAreaFaqs(area: Area, guide: AreaGuide): AreaFaq[] {
  return [
    ...guide.faqs,
    {
      question: `How much does a home tutor in ${area.name} cost?`,
      answer: `Most families in ${area.name} pay between ${feeRange(LOWEST_FEE, HIGHEST_FEE)} a month, depending on the class, subject, number of sessions and the tutor's experience. You agree the fee directly with your tutor.`,
    },
    {
      question: 'Are the tutors on GuruMatch verified?',
      answer:
        'Tutors verify their e-mail and phone number, and submit documents to be shown as verified. We also recommend a demo class and checking references before you start.',
    },
  ];
}

function buildStructuredData(area: Area, guide: AreaGuide, origin: string): string {
  const pageUrl = `${origin}${paths.area(area.slug)}`;
  const graph = [
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: listAreaFaqs(area, guide).map((faq) => ({
        '@type': 'Question',
        name: faq.question,
        acceptedAnswer: { '@type': 'Answer', text: faq.answer },
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: `Home tutors in ${area.name}, Bangalore`,
      serviceType: 'Home tuition',
      url: pageUrl,
      description: guide.intro,
      provider: { '@type': 'Organization', name: 'GuruMatch', url: origin || undefined },
      areaServed: {
        '@type': 'Place',
        name: `${area.name}, Bengaluru`,
        address: {
          '@type': 'PostalAddress',
          addressLocality: `${area.name}, Bengaluru`,
          addressRegion: 'Karnataka',
          postalCode: area.pincode,
          addressCountry: 'IN',
        },
        geo: { '@type': 'GeoCoordinates', latitude: area.latitude, longitude: area.longitude },
      },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'INR',
        lowPrice: LOWEST_FEE,
        highPrice: HIGHEST_FEE,
      },
    },
  ];
  // '<' is escaped so the text can never close the script element.
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}

/** A search-engine landing page for home tuition in one Bangalore area. */
export function AreaPage() {
  const { slug, guide } = useLoaderData<AreaPageData>();
  const origin = useContext(SiteOriginContext);
  const area = AREAS.find((candidate) => candidate.slug === slug);
  if (!area) return null;
  const faqs = listAreaFaqs(area, guide);
  const nearby = guide.nearby_areas
    .map((nearbySlug) => AREAS.find((candidate) => candidate.slug === nearbySlug))
    .filter((candidate): candidate is (typeof AREAS)[number] => candidate !== undefined);

  return (
    <>
      <PageMeta
        title={`Home Tutors in ${area.name}, Bangalore`}
        description={`Find verified home and online tutors in ${area.name}, Bangalore for ${guide.popular_boards.slice(0, 3).join(', ')} and more. ${guide.popular_subjects.slice(0, 3).join(', ')} tutors from ${feeRange(LOWEST_FEE, HIGHEST_FEE)} a month.`}
        path={paths.area(area.slug)}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: buildStructuredData(area, guide, origin) }}
      />

      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
            Home tuition in Bangalore
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Home Tutors in {area.name}, Bangalore
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">{guide.intro}</p>
          <p className="mt-4 font-medium text-slate-800">
            Verified tutors for every class, board and subject, in {area.name} and{' '}
            {TUTOR_AREAS_CLAIM} areas across India.
          </p>
          <CtaButtons {...JOIN_LINKS} className="mt-8" />
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6">
        <section aria-labelledby="why-heading">
          <h2 id="why-heading" className={SECTION_HEADING}>
            Why choose GuruMatch in {area.name}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {[
              {
                title: 'Tutors near you',
                text: `Your enquiry reaches tutors who live in or near ${area.name}, so classes start on time.`,
              },
              {
                title: 'Verified educators',
                text: 'Tutors verify their phone, e-mail and documents before they are shown as verified.',
              },
              {
                title: 'Free for families',
                text: 'Posting an enquiry is free, and you agree fees directly with your tutor.',
              },
              {
                title: 'Home or online',
                text: 'Choose classes at home, online, or a mix of both when schedules are busy.',
              },
            ].map((item) => (
              <li
                key={item.title}
                className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-1 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">
            Schools, colleges and landmarks near our {area.name} tutors
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {guide.landmarks.map((landmark) => (
              <li key={landmark} className={CHIP}>
                {landmark}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="boards-heading">
          <h2 id="boards-heading" className={SECTION_HEADING}>
            Boards and exams we cover
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {BOARDS.map((board) => (
              <li key={board} className={CHIP}>
                {board}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-slate-700">
            <span className="font-semibold text-slate-900">Most requested in {area.name}:</span>{' '}
            {guide.popular_boards.join(', ')}.
          </p>
        </section>

        <section aria-labelledby="subjects-heading">
          <h2 id="subjects-heading" className={SECTION_HEADING}>
            Subjects
          </h2>
          <p className="mt-2 text-slate-700">
            Popular in {area.name}: {guide.popular_subjects.join(', ')}.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {guide.popular_subjects.map((subject) => (
              <li key={`popular-${subject}`} className={CHIP_POPULAR}>
                {subject}
              </li>
            ))}
            {SUBJECTS.filter((subject) => !guide.popular_subjects.includes(subject)).map(
              (subject) => (
                <li key={subject} className={CHIP}>
                  {subject}
                </li>
              ),
            )}
          </ul>
        </section>

        <section aria-labelledby="levels-heading">
          <h2 id="levels-heading" className={SECTION_HEADING}>
            Levels we teach
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {LEVELS.map((level) => (
              <li
                key={level.title}
                className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-semibold text-slate-900">{level.title}</h3>
                <p className="mt-1 text-slate-700">{level.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="fees-heading">
          <h2 id="fees-heading" className={SECTION_HEADING}>
            Home tuition fees in {area.name}
          </h2>
          <div className="mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left">
              <caption className="sr-only">
                Typical monthly home tuition fees in {area.name}
              </caption>
              <thead className="bg-slate-100 text-sm text-slate-800">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Level
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Fee per month
                  </th>
                </tr>
              </thead>
              <tbody>
                {AREA_FEE_TABLE.map((row) => (
                  <tr key={row.level} className="border-t border-slate-200">
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                      {row.level}
                    </th>
                    <td className="px-4 py-3 text-slate-800">
                      <FeeRange min={row.min} max={row.max} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Indicative ranges for regular home classes. The fee depends on the subject, the number
            of sessions and the tutor&rsquo;s experience, and is agreed directly with your tutor.
          </p>
        </section>

        <section aria-labelledby="how-heading">
          <h2 id="how-heading" className={SECTION_HEADING}>
            How it works
          </h2>
          <StepsList steps={STEPS} columns="md:grid-cols-2 lg:grid-cols-4" />
        </section>

        <section aria-labelledby="travel-heading">
          <h2 id="travel-heading" className={SECTION_HEADING}>
            Getting a tutor to your door in {area.name}
          </h2>
          <p className="mt-4 max-w-3xl text-slate-700">{guide.travel}</p>
          <p className="mt-4 text-slate-700">
            <span className="font-semibold text-slate-900">Also covered nearby:</span>{' '}
            {guide.nearby_localities.join(', ')}.
          </p>
          {nearby.length > 0 ? (
            <nav aria-label="Nearby areas" className="mt-4">
              <ul className="flex flex-wrap gap-2">
                {nearby.map((nearbyArea) => (
                  <li key={nearbyArea.slug}>
                    <Link
                      to={paths.area(nearbyArea.slug)}
                      className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                    >
                      Home tutors in {nearbyArea.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </section>

        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className={SECTION_HEADING}>
            Frequently asked questions about tutors in {area.name}
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {faqs.map((faq) => (
              <details key={faq.question} className="group p-5">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                  <h3>{faq.question}</h3>
                  <span
                    aria-hidden="true"
                    className="text-brand-700 transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <p className="mt-2 text-slate-700">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <section
          aria-labelledby="contact-heading"
          className="rounded-2xl bg-brand-900 px-6 py-10 text-white sm:px-10"
        >
          <h2 id="contact-heading" className="text-2xl font-bold tracking-tight">
            Need help finding a tutor in {area.name}?
          </h2>
          <p className="mt-3 max-w-2xl text-brand-100">
            Write to{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-white underline">
              {SUPPORT_EMAIL}
            </a>
            , {SUPPORT_HOURS}, or send us a message through the{' '}
            <Link to={paths.contactUs} className="font-semibold text-white underline">
              contact form
            </Link>
            .
          </p>
          <CtaButtons {...JOIN_LINKS} tone="inverse" className="mt-6" />
        </section>
      </div>
    </>
  );
}

/** An unknown place: 'Location Not Found', with a link home. */
export function AreaPageError() {
  const error = useRouteError();
  const isMissing = isRouteErrorResponse(error);
  return (
    <>
      <PageMeta
        title={isMissing ? MESSAGES.locationNotFound : MESSAGES.internalServerError}
        noindex
      />
      <Notice
        title={isMissing ? MESSAGES.locationNotFound : MESSAGES.internalServerError}
        message={
          isMissing
            ? 'We do not have a page for this area yet. You can still find tutors anywhere in Bangalore.'
            : 'Something went wrong while showing this page. Please try again in a little while.'
        }
        action={{ label: MESSAGES.goToHome, to: paths.home }}
      />
    </>
  );
}
