import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import { useEffect } from 'react';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useMyProfile } from '../api.ts';

import { StudentProfileForm } from './student-profile-form.tsx';
import { TeacherProfileForm } from './teacher-profile-form.tsx';

const ROLE_LABELS = { teacher: 'Tutor', student: 'Student', admin: 'Administrator' } as const;

/**
 * /complete-profile and /profile/update: one form. Students pick an avatar; teachers
 * fill in the whole profile. What is already on record is filled in.
 */
export function CompleteProfilePage() {
  const { user } = useAuth();
  const toast = useToast();
  const profile = useMyProfile(user?.user_id ?? null);
  const hasFailed = profile.isError;

  useEffect(() => {
    if (hasFailed) toast.error(PROFILE_MESSAGES.fetchError);
  }, [hasFailed, toast]);

  if (!user) return null;
  const fullName = profile.data?.full_name ?? user.full_name;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-10">
      <PageMeta title={PROFILE_MESSAGES.completeProfileTitle} noindex />
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {PROFILE_MESSAGES.completeProfileTitle}
        </h1>
        <p className="mt-2 text-slate-700">
          Hello <span className="font-semibold text-slate-900">{fullName}</span>{' '}
          <span className="ml-1 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 align-middle text-sm font-medium text-brand-800">
            {ROLE_LABELS[user.role]}
          </span>
        </p>
        <p className="mt-1 text-slate-600">{PROFILE_MESSAGES.takesFiveMinutes}</p>
      </header>
      {profile.isPending ? (
        <PageSpinner />
      ) : user.role === 'teacher' ? (
        <TeacherProfileForm
          userId={user.user_id}
          fullName={fullName}
          profile={profile.data ?? null}
        />
      ) : (
        <StudentProfileForm
          userId={user.user_id}
          fullName={fullName}
          currentAvatar={profile.data?.avatar ?? user.avatar}
        />
      )}
    </div>
  );
}
