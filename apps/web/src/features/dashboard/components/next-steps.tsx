import type { Role } from '@gurumatch/shared/constants';
import { NEXT_STEPS_MESSAGES as M } from '@gurumatch/shared/messages/next-steps';

import { Panel } from '../../../components/ui/panel.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';

interface Step {
  to: string;
  title: string;
  text: string;
}

function stepsFor(role: Role): Step[] {
  const isTeacher = role === 'teacher';
  return [
    {
      to: paths.profile,
      title: M.profileTitle,
      text: isTeacher ? M.teacherProfileText : M.studentProfileText,
    },
    { to: paths.addressManagement, title: M.addressesTitle, text: M.addressesText },
    {
      to: paths.about,
      title: M.howItWorksTitle,
      text: isTeacher ? M.teacherHowItWorksText : M.studentHowItWorksText,
    },
    { to: paths.faqs, title: M.faqsTitle, text: M.faqsText },
  ];
}

/** Links from the dashboard to what a signed-in user can do now: profile, addresses, help. */
export function NextSteps({ role }: { role: Role }) {
  return (
    <Panel title={M.heading} className="mt-6">
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {stepsFor(role).map((step) => (
          <li key={step.to}>
            <Link
              to={step.to}
              className="flex h-full flex-col gap-1 rounded-lg p-3 ring-1 ring-slate-200 hover:bg-brand-50 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-semibold text-brand-700">{step.title}</span>
              <span className="text-sm text-slate-700">{step.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
