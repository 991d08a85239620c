import { TUTOR_AREAS_CLAIM } from '@gurumatch/shared/constants';

import { CtaButtons } from '../../../components/ui/cta-buttons.tsx';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { StepsList, type Step } from '../../../components/ui/steps-list.tsx';
import { paths } from '../../../lib/paths.ts';
import { JOIN_LINKS } from '../join-links.ts';

const PILLARS = [
  {
    title: 'AI-powered matching',
    text: 'Tell us the class, subject, board, budget and whether you want home or online classes. Our matching brings your enquiry to the tutors most likely to be a good fit, so you spend less time searching and more time learning.',
  },
  {
    title: 'Verified educators',
    text: 'Tutors and coaching institutes verify their phone number, e-mail and documents before they are shown as verified. Students see qualifications, experience and reviews from other students before deciding.',
  },
  {
    title: 'Budget-friendly pricing',
    text: 'Posting an enquiry is free for students and parents, and you agree fees directly with your tutor. Tutors pay only for the enquiries they choose to answer, using Coins from simple 3-month, 6-month or 1-year plans.',
  },
  {
    title: 'Premium priority access',
    text: 'Premium students get priority matching: their enquiries reach suitable tutors first, which matters most before board exams and entrance tests.',
  },
] as const;

const TUTOR_STEPS: readonly Step[] = [
  {
    title: 'Create your profile',
    text: 'Sign up, verify your phone number and add your subjects, classes, boards, languages, experience and fees.',
  },
  {
    title: 'Get verified',
    text: 'Upload your documents. Verified profiles earn more trust from parents and students.',
  },
  {
    title: 'Connect with students',
    text: 'Browse enquiries near you or online, use Coins to unlock the ones you like and start teaching.',
  },
];

/** `/about`: what GuruMatch is and why it exists. */
export function AboutPage() {
  return (
    <>
      <PageMeta
        title="About Us"
        description="GuruMatch connects students and parents with verified home and online tutors through AI-powered matching, budget-friendly pricing and priority access for premium students."
        path={paths.about}
      />

      <PageHero
        title="About GuruMatch"
        lead={
          <>
            GuruMatch is a tutoring marketplace for India. We help students and parents find the
            right tutor, and help tutors and coaching institutes find students who need them, in{' '}
            {TUTOR_AREAS_CLAIM} areas and online.
          </>
        }
      >
        <CtaButtons {...JOIN_LINKS} className="mt-8 justify-center" />
      </PageHero>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="why-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Why families and tutors choose GuruMatch
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {PILLARS.map((pillar) => (
            <li
              key={pillar.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h3 className="text-lg font-semibold text-slate-900">{pillar.title}</h3>
              <p className="mt-2 text-slate-700">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tutor-steps-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="tutor-steps-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Teach with GuruMatch in three steps
          </h2>
          <StepsList steps={TUTOR_STEPS} columns="md:grid-cols-3" background="white" />
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Our mission
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          Every student deserves a teacher who understands how they learn. Our mission is to make
          finding that teacher simple, safe and affordable for every family in India, and to give
          good tutors a fair way to build their practice, whether they teach one child down the road
          or a class online.
        </p>
        <CtaButtons {...JOIN_LINKS} className="mt-8" />
      </section>
    </>
  );
}
