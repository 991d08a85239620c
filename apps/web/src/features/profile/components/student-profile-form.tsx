import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import { useState, type SubmitEvent } from 'react';

import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { recallSearchIntent } from '../../../lib/search-intent.ts';
import { uploadAvatar } from '../api.ts';
import { useAfterProfileSaved } from '../use-after-profile-saved.ts';

import { AvatarPicker } from './avatar-picker.tsx';
import { FormActions } from './form-actions.tsx';

/** A student's profile is the avatar: choose one (or keep the one on file), go to the dashboard
 * (or on to the enquiry form after a search on the landing page). */
export function StudentProfileForm({
  userId,
  fullName,
  currentAvatar,
}: {
  userId: number;
  fullName: string;
  currentAvatar: string | null;
}) {
  const toast = useToast();
  const afterSaved = useAfterProfileSaved();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // a student who searched on the landing page goes on to post that enquiry
    const next = recallSearchIntent() ? paths.studentEnquiryAdd : paths.dashboard;
    if (!avatar) {
      // A photo already on file is kept: the picker says a file is needed only to change it.
      if (currentAvatar) {
        await afterSaved({ userId, hasNewAvatar: false, to: next });
        return;
      }
      toast.error(PROFILE_MESSAGES.avatarRequired);
      return;
    }
    setIsSaving(true);
    const answer = await uploadAvatar(avatar).catch(() => null);
    if (!answer?.success) {
      toast.error(PROFILE_MESSAGES.avatarSubmitError);
      setIsSaving(false);
      return;
    }
    toast.success(answer.message || PROFILE_MESSAGES.avatarUploaded);
    await afterSaved({ userId, hasNewAvatar: true, to: next });
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <AvatarPicker
        file={avatar}
        currentUrl={currentAvatar}
        name={fullName}
        onFileChange={setAvatar}
        required={!currentAvatar}
      />
      <FormActions isSaving={isSaving} />
    </form>
  );
}
