import { OTHER_CLASS_OPTION } from '@gurumatch/shared/catalogues/classes';
import { GENDER_LABELS, TEACHING_MODE_LABELS } from '@gurumatch/shared/constants';
import { ACCOUNT_MESSAGES } from '@gurumatch/shared/messages/account';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { Profile } from '@gurumatch/shared/schemas/profile';
import type { ReactNode } from 'react';

import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { SummaryList } from '../../../components/ui/multi-select.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { RatingStars } from '../../../components/ui/rating-stars.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatPhone } from '../../../lib/format-contact.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useMyProfile, useResendVerification } from '../api.ts';

import { AlertSettingsSection } from './alert-settings-section.tsx';
import { Avatar } from './avatar.tsx';

const ROLE_LABELS = {
  teacher: 'Tutor',
  student: 'Student / Parent',
  admin: 'Administrator',
} as const;

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:gap-6">
      <dt className="text-sm font-medium text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/** Classes as shown: 'Other (Specify)' becomes the course or topic the tutor typed. */
function listClasses(profile: Profile): string[] {
  return profile.interested_classes.map((item) =>
    item === OTHER_CLASS_OPTION && profile.custom_class.trim()
      ? `Other: ${profile.custom_class.trim()}`
      : item,
  );
}

function EmailLine({ profile }: { profile: Profile }) {
  const toast = useToast();
  const resend = useResendVerification();
  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success) toast.success(answer.message || ACCOUNT_MESSAGES.verificationSent);
        else toast.error(ACCOUNT_MESSAGES.resendVerificationFailed);
      },
      onError: () => toast.error(ACCOUNT_MESSAGES.resendVerificationFailed),
    });
  };
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <EmailText email={profile.email} />
      {profile.is_email_verified ? (
        <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
          Verified
        </span>
      ) : (
        <>
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
            Not verified
          </span>
          <Button variant="secondary" size="sm" busy={resend.isPending} onClick={onResend}>
            {ACCOUNT_MESSAGES.resendVerification}
          </Button>
        </>
      )}
    </div>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const isTeacher = profile.role === 'teacher';
  const hasDocuments = profile.id_proof !== null || profile.qualification_proof !== null;
  const isPending = isTeacher && hasDocuments && !profile.is_doc_verified;
  const phone = profile.full_phone
    ? formatPhone(profile.full_phone, profile.phone_number)
    : profile.phone_number;

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Account"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
          <Avatar src={profile.avatar} name={profile.full_name} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl">
              {profile.full_name}
            </h1>
            <p className="mt-1 text-slate-600">{ROLE_LABELS[profile.role]}</p>
            {isTeacher ? (
              <div className="mt-2 flex flex-wrap items-center justify-center gap-x-3 gap-y-2 sm:justify-start">
                <RatingStars rating={profile.rating} />
                <span className="text-sm text-slate-600">
                  {profile.review_count} {profile.review_count === 1 ? 'review' : 'reviews'}
                </span>
                {profile.is_doc_verified ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-3 py-1 text-sm font-semibold text-white">
                    <span aria-hidden="true">✓</span> {PROFILE_MESSAGES.verifiedTutor}
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>

        {isPending ? (
          <p
            role="note"
            className="mt-5 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            {PROFILE_MESSAGES.documentsPending}
          </p>
        ) : null}

        <dl className="mt-5 divide-y divide-slate-100 border-t border-slate-100">
          <DetailRow label="Name">{profile.full_name}</DetailRow>
          <DetailRow label="Email">
            <EmailLine profile={profile} />
          </DetailRow>
          <DetailRow label="Phone">{phone ?? 'Not added'}</DetailRow>
          <DetailRow label="Role">{ROLE_LABELS[profile.role]}</DetailRow>
        </dl>
      </section>

      {isTeacher ? (
        <section
          aria-labelledby="teaching-heading"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id="teaching-heading" className="text-lg font-semibold text-slate-900">
            Teaching profile
          </h2>
          <dl className="mt-3 divide-y divide-slate-100">
            <DetailRow label="Bio">
              {profile.bio ? (
                <p className="whitespace-pre-line">{profile.bio}</p>
              ) : (
                <span className="text-slate-600">Not added</span>
              )}
            </DetailRow>
            <DetailRow label="Gender">
              {profile.gender ? GENDER_LABELS[profile.gender] : 'Not added'}
            </DetailRow>
            <DetailRow label="Teaching Mode">
              {profile.requirement ? TEACHING_MODE_LABELS[profile.requirement] : 'Not added'}
            </DetailRow>
            <DetailRow label="Interested Classes">
              <SummaryList label="Interested Classes" items={listClasses(profile)} />
            </DetailRow>
            <DetailRow label="Boards">
              <SummaryList label="Boards" items={profile.boards} />
            </DetailRow>
            <DetailRow label="Subjects">
              <SummaryList label="Subjects" items={profile.subjects} />
            </DetailRow>
            <DetailRow label="Languages Known">
              <SummaryList label="Languages Known" items={profile.languages_known} />
            </DetailRow>
            <DetailRow label="Documents">
              {profile.is_doc_verified
                ? 'Verified'
                : hasDocuments
                  ? 'Under verification'
                  : 'Not uploaded'}
            </DetailRow>
          </dl>
        </section>
      ) : null}

      {isTeacher ? <AlertSettingsSection userId={profile.user_id} /> : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Link
          to={paths.dashboard}
          className="inline-flex h-11 items-center justify-center font-medium text-brand-700 hover:underline"
        >
          ← Back to Dashboard
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={paths.addressManagement} variant="secondary">
            {PROFILE_MESSAGES.manageAddresses}
          </ButtonLink>
          <ButtonLink to={paths.profileUpdate}>{PROFILE_MESSAGES.updateProfile}</ButtonLink>
        </div>
      </div>
    </div>
  );
}

/** /profile: the signed-in user's own profile. */
export function ProfilePage() {
  const { user } = useAuth();
  const profile = useMyProfile(user?.user_id ?? null);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <PageMeta title="Profile" noindex />
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <div className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <h1 className="sr-only">Profile</h1>
          <p role="alert" className="font-medium text-red-800">
            {PROFILE_MESSAGES.loadFailed}
          </p>
          <Button className="mt-4" busy={profile.isFetching} onClick={() => void profile.refetch()}>
            {PROFILE_MESSAGES.tryAgain}
          </Button>
        </div>
      ) : (
        <ProfileDetails profile={profile.data} />
      )}
    </div>
  );
}
