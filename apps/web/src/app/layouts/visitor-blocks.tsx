import { AREA_ZONES, AREAS, areaPath } from '@gurumatch/shared/catalogues/areas';
import { TUITION_CATEGORY_GROUPS } from '@gurumatch/shared/catalogues/tuition-categories';
import type { ReactNode } from 'react';

import { ButtonLink } from '../../components/ui/button.tsx';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../lib/router/index.ts';

const LINK_CLASSES =
  'inline-flex min-h-11 items-center rounded text-sm text-slate-700 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:min-h-9';

const BANNER_LINK_CLASSES =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

const AREAS_BY_ZONE = AREA_ZONES.map((zone) => ({
  zone,
  areas: AREAS.filter((area) => area.zone === zone),
}));

/**
 * A block's heading and its links, folded on phones (a tap on the heading opens
 * them) and always open from the md breakpoint. The links stay in the page's HTML
 * either way, and no script is needed.
 */
function Fold({
  headingId,
  heading,
  children,
}: {
  headingId: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <details className="group md:details-content:[content-visibility:visible]">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 md:pointer-events-none md:cursor-auto [&::-webkit-details-marker]:hidden">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
          {heading}
        </h2>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-6 w-6 shrink-0 fill-slate-600 transition-transform group-open:rotate-180 md:hidden"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      {children}
    </details>
  );
}

function TuitionCategories() {
  return (
    <section aria-labelledby="visitor-categories-heading" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
        <Fold headingId="visitor-categories-heading" heading="Explore More Tuition Categories">
          <div className="mt-6 grid grid-cols-2 gap-x-6 gap-y-8 md:mt-8 lg:grid-cols-5">
            {TUITION_CATEGORY_GROUPS.map((group) => (
              <div key={group.title}>
                <h3 className="text-base font-semibold text-brand-800">{group.title}</h3>
                <ul className="mt-2">
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.href} className={LINK_CLASSES}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </Fold>
        <ButtonLink to={paths.studentRegister} size="lg" className="mt-6 w-full sm:w-auto md:mt-8">
          Register Now to Find Tutors
        </ButtonLink>
      </div>
    </section>
  );
}

function BangaloreAreas() {
  return (
    <section aria-labelledby="visitor-areas-heading" className="bg-slate-100">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
        <Fold headingId="visitor-areas-heading" heading="Find Home Tutors Across Bangalore">
          <div className="mt-6 grid grid-cols-2 gap-x-6 gap-y-8 md:mt-8 lg:grid-cols-5">
            {AREAS_BY_ZONE.map(({ zone, areas }) => (
              <div key={zone}>
                <h3 className="text-base font-semibold text-brand-800">{zone}</h3>
                <ul className="mt-2">
                  {areas.map((area) => (
                    <li key={area.slug}>
                      <Link to={areaPath(area.slug)} className={LINK_CLASSES}>
                        Home Tutors in {area.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </Fold>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6 md:mt-8">
          <ButtonLink to={paths.studentRegister} size="lg" className="w-full sm:w-auto">
            Find Tutors in Your Area
          </ButtonLink>
          <Link
            to={paths.studentRegister}
            className={`${LINK_CLASSES} justify-center font-semibold text-brand-700 sm:justify-start`}
          >
            View All Areas
          </Link>
        </div>
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="visitor-cta-heading" className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="visitor-cta-heading" className="text-2xl font-bold tracking-tight">
            Ready to start learning?
          </h2>
          <p className="mt-2 text-brand-100">
            Tell us what you need and verified tutors near you will get in touch.
          </p>
        </div>
        <ul className="flex flex-col gap-3 sm:flex-row">
          <li>
            <Link
              to={paths.teacherRegister}
              className={`${BANNER_LINK_CLASSES} w-full border border-white text-white hover:bg-brand-700`}
            >
              Signup as Teacher
            </Link>
          </li>
          <li>
            <Link
              to={paths.studentRegister}
              className={`${BANNER_LINK_CLASSES} w-full bg-white text-brand-800 hover:bg-brand-50`}
            >
              Find a Tutor
            </Link>
          </li>
          <li>
            <Link
              to={paths.login}
              className={`${BANNER_LINK_CLASSES} w-full text-white underline-offset-4 hover:underline`}
            >
              Login
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}

/**
 * The blocks above the footer that only visitors see: tuition categories, Bangalore areas and a
 * closing call to action. Hidden by CSS while a stored session is being restored. On phones the
 * two lists of links are folded under their headings; pages with one job (sign-in,
 * registration, recovery, errors) go without the blocks (see the root layout).
 */
export function VisitorBlocks() {
  return (
    <div data-public-only="">
      <TuitionCategories />
      <BangaloreAreas />
      <CallToAction />
    </div>
  );
}
