import type { ReactNode } from 'react';

import { LeadAlertBanner } from '../../../components/lead-alerts/lead-alert-banner.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatPhone } from '../../../lib/format-contact.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { useCoins, useCurrentUser } from '../../auth/api.ts';
import { useAuth } from '../../auth/auth-provider.tsx';

import { StudentEnquiryPanel, TutorEnquiryLinks } from './enquiry-panels.tsx';
import { NextSteps } from './next-steps.tsx';
import { UnreadMessagesCard } from './unread-messages-card.tsx';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-6">
      <dt className="shrink-0 text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 font-medium text-slate-900 sm:text-right">{value}</dd>
    </div>
  );
}

/** The signed-in home: a greeting and the account as it stands. */
export function DashboardPage() {
  const { user } = useAuth();
  const userId = user?.user_id ?? null;
  const isTeacher = user?.role === 'teacher';
  const me = useCurrentUser(userId);
  const coins = useCoins(userId, isTeacher);
  if (!user) return null;
  const firstName = user.full_name.split(' ')[0] ?? user.full_name;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title="Dashboard" noindex />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {firstName}!</h1>
      <p className="mt-1 text-slate-700">
        {isTeacher
          ? 'Your tutor dashboard. Enquiries from students near you will appear here.'
          : 'Your student dashboard. Your tuition enquiries will appear here.'}
      </p>
      {isTeacher ? <LeadAlertBanner /> : null}

      {isTeacher ? (
        <section
          aria-labelledby="coins-heading"
          className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="coins-heading" className="text-lg font-semibold text-slate-900">
            Coin balance
          </h2>
          <p className="mt-2 text-3xl font-bold text-coin-700">{coins.data?.coins ?? 0} coins</p>
          <Link
            to={paths.upgradePlan}
            className="mt-3 inline-block font-medium text-brand-700 hover:underline"
          >
            View coin plans
          </Link>
          <Link
            to={paths.billing}
            className="mt-3 ml-4 inline-block font-medium text-brand-700 hover:underline"
          >
            Billing and coin history
          </Link>
        </section>
      ) : null}

      {isTeacher ? <TutorEnquiryLinks /> : <StudentEnquiryPanel />}

      <UnreadMessagesCard />

      <section
        aria-labelledby="account-heading"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
          Your account
        </h2>
        {me.isPending ? (
          <div className="py-4">
            <Spinner />
          </div>
        ) : me.data ? (
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label="Name" value={me.data.full_name} />
            <Row label="Role" value={me.data.role === 'teacher' ? 'Tutor' : 'Student / Parent'} />
            <Row
              label="Email"
              value={
                <>
                  <EmailText email={me.data.email} />
                  {me.data.is_email_verified ? ' (verified)' : ' (not verified)'}
                </>
              }
            />
            <Row
              label="Phone"
              value={
                me.data.full_phone
                  ? formatPhone(me.data.full_phone, me.data.phone_number)
                  : 'Not added'
              }
            />
          </dl>
        ) : (
          <p className="mt-2 text-slate-700">
            We could not load your account details. Please reload the page.
          </p>
        )}
      </section>

      <NextSteps role={user.role} />
    </div>
  );
}
