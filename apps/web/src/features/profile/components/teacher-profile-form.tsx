import { BOARDS } from '@gurumatch/shared/catalogues/boards';
import { CLASS_GROUPS, OTHER_CLASS_OPTION } from '@gurumatch/shared/catalogues/classes';
import { LANGUAGES } from '@gurumatch/shared/catalogues/languages';
import { SUBJECTS } from '@gurumatch/shared/catalogues/subjects';
import {
  BIO_MAX_LENGTH,
  CUSTOM_CLASS_MAX_LENGTH,
  GENDER_LABELS,
  GENDERS,
  PROOF_CONTENT_TYPES,
  PROOF_MAX_BYTES,
  TEACHING_MODE_LABELS,
  TEACHING_MODES,
} from '@gurumatch/shared/constants';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import {
  findTeacherProfileProblem,
  type Profile,
  type UpdateProfileBody,
} from '@gurumatch/shared/schemas/profile';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { FileInput } from '../../../components/ui/file-input.tsx';
import { MultiSelect } from '../../../components/ui/multi-select.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { describeSaveError, updateProfile, uploadAvatar, uploadProofs } from '../api.ts';
import { useAfterProfileSaved } from '../use-after-profile-saved.ts';

import { AvatarPicker } from './avatar-picker.tsx';
import { FormActions } from './form-actions.tsx';

interface TeacherFormValues {
  bio: string;
  gender: string;
  requirement: string;
  interested_classes: string[];
  custom_class: string;
  subjects: string[];
  boards: string[];
  languages_known: string[];
}

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));
const MODE_OPTIONS = TEACHING_MODES.map((value) => ({ value, label: TEACHING_MODE_LABELS[value] }));
const PROOF_ACCEPT = PROOF_CONTENT_TYPES.join(',');
const PROOF_KIND_HINT = 'A PDF or an image (JPEG, PNG, WebP)';
const ALREADY_UPLOADED = 'Already uploaded; choose a file only to replace it.';

function toFormValues(profile: Profile | null): TeacherFormValues {
  return {
    bio: profile?.bio ?? '',
    gender: profile?.gender ?? '',
    requirement: profile?.requirement ?? '',
    interested_classes: [...(profile?.interested_classes ?? [])],
    custom_class: profile?.custom_class ?? '',
    subjects: [...(profile?.subjects ?? [])],
    boards: [...(profile?.boards ?? [])],
    languages_known: [...(profile?.languages_known ?? [])],
  };
}

function toUpdateBody(values: TeacherFormValues): UpdateProfileBody {
  return {
    bio: values.bio.trim(),
    gender: values.gender,
    requirement: values.requirement,
    interested_classes: values.interested_classes,
    custom_class: values.interested_classes.includes(OTHER_CLASS_OPTION)
      ? values.custom_class.trim()
      : '',
    subjects: values.subjects,
    boards: values.boards,
    languages_known: values.languages_known,
  };
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A tutor's profile: photo, bio, gender, teaching mode, classes, boards, subjects,
 * languages and two documents. Submit opens once every rule of the profile is met;
 * it saves the photo, then the documents, then the profile, and goes to /profile.
 */
export function TeacherProfileForm({
  userId,
  fullName,
  profile,
}: {
  userId: number;
  fullName: string;
  profile: Profile | null;
}) {
  const toast = useToast();
  const afterSaved = useAfterProfileSaved();
  const hintId = useId();
  const { control, register, handleSubmit } = useForm<TeacherFormValues>({
    defaultValues: toFormValues(profile),
  });
  const values = useWatch({ control }) as TeacherFormValues;

  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [idProofFile, setIdProofFile] = useState<File | null>(null);
  const [qualificationFile, setQualificationFile] = useState<File | null>(null);
  const [onRecord, setOnRecord] = useState({
    avatar: profile?.avatar ?? null,
    id_proof: Boolean(profile?.id_proof),
    qualification_proof: Boolean(profile?.qualification_proof),
  });
  const [isSaving, setIsSaving] = useState(false);
  const [isAvatarChanged, setIsAvatarChanged] = useState(false);

  const isOtherChosen = values.interested_classes.includes(OTHER_CLASS_OPTION);
  const problem = findTeacherProfileProblem({
    ...values,
    has_avatar: avatarFile !== null || onRecord.avatar !== null,
    has_id_proof: idProofFile !== null || onRecord.id_proof,
    has_qualification_proof: qualificationFile !== null || onRecord.qualification_proof,
  });

  const fail = (message: string) => {
    toast.error(message);
    setIsSaving(false);
  };

  const onSubmit = handleSubmit(async (form) => {
    if (problem) {
      toast.error(problem.message);
      return;
    }
    setIsSaving(true);
    let hasNewAvatar = isAvatarChanged;

    if (avatarFile) {
      const answer = await uploadAvatar(avatarFile).catch(() => null);
      if (!answer?.success) {
        fail(PROFILE_MESSAGES.avatarSubmitError);
        return;
      }
      hasNewAvatar = true;
      setIsAvatarChanged(true);
      setAvatarFile(null);
      setOnRecord((record) => ({ ...record, avatar: answer.avatar }));
    }

    if (idProofFile || qualificationFile) {
      try {
        const answer = await uploadProofs({
          id_proof: idProofFile,
          qualification_proof: qualificationFile,
        });
        if (!answer.success) {
          fail(answer.message || PROFILE_MESSAGES.saveError);
          return;
        }
        setIdProofFile(null);
        setQualificationFile(null);
        setOnRecord((record) => ({
          ...record,
          id_proof: record.id_proof || idProofFile !== null,
          qualification_proof: record.qualification_proof || qualificationFile !== null,
        }));
      } catch (error) {
        fail(describeSaveError(error));
        return;
      }
    }

    try {
      const answer = await updateProfile(userId, toUpdateBody(form));
      if (!answer.full_name) {
        fail(answer.message || PROFILE_MESSAGES.saveError);
        return;
      }
    } catch (error) {
      fail(describeSaveError(error));
      return;
    }
    toast.success(PROFILE_MESSAGES.updated);
    await afterSaved({ userId, hasNewAvatar, to: paths.profile });
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Tutor profile"
      className="flex flex-col gap-6"
    >
      <p className="text-sm text-slate-600">
        Every field is needed before you can submit; Submit opens once the profile is complete.
      </p>
      <FormSection title="About you">
        <AvatarPicker
          file={avatarFile}
          currentUrl={onRecord.avatar}
          name={fullName}
          onFileChange={setAvatarFile}
          required
        />
        <Controller
          control={control}
          name="bio"
          render={({ field }) => (
            <Textarea
              label="Bio"
              required
              maxLength={BIO_MAX_LENGTH}
              showCounter
              placeholder="Your teaching experience, approach and achievements"
              hint="Tell students about your experience and how you teach."
              {...field}
            />
          )}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Select
            label="Gender"
            required
            placeholder="Select gender"
            options={GENDER_OPTIONS}
            {...register('gender')}
          />
          <Select
            label="Teaching Mode"
            required
            placeholder="Select teaching mode"
            options={MODE_OPTIONS}
            {...register('requirement')}
          />
        </div>
      </FormSection>

      <FormSection title="What you teach">
        <Controller
          control={control}
          name="interested_classes"
          render={({ field }) => (
            <MultiSelect
              label="Interested Classes"
              groups={CLASS_GROUPS}
              value={field.value}
              onChange={field.onChange}
              placeholder="Select classes and courses"
            />
          )}
        />
        {isOtherChosen ? (
          <TextField
            label="Custom course or topic"
            required
            maxLength={CUSTOM_CLASS_MAX_LENGTH}
            placeholder="e.g. Robotics for beginners"
            {...register('custom_class')}
          />
        ) : null}
        <Controller
          control={control}
          name="boards"
          render={({ field }) => (
            <MultiSelect
              label="Boards"
              options={BOARDS}
              value={field.value}
              onChange={field.onChange}
              placeholder="Select boards and exams"
            />
          )}
        />
        <Controller
          control={control}
          name="subjects"
          render={({ field }) => (
            <MultiSelect
              label="Subjects"
              options={SUBJECTS}
              value={field.value}
              onChange={field.onChange}
              placeholder="Select subjects"
            />
          )}
        />
        <Controller
          control={control}
          name="languages_known"
          render={({ field }) => (
            <MultiSelect
              label="Languages Known"
              options={LANGUAGES}
              value={field.value}
              onChange={field.onChange}
              placeholder="Select languages"
            />
          )}
        />
      </FormSection>

      <FormSection title="Documents">
        <p className="-mt-2 text-sm text-slate-600">
          Your documents are seen only by you and our verification team.
        </p>
        <FileInput
          label="ID Proof"
          name="id_proof"
          required
          accept={PROOF_ACCEPT}
          maxBytes={PROOF_MAX_BYTES}
          kindHint={PROOF_KIND_HINT}
          onFileChange={setIdProofFile}
          chosenName={idProofFile?.name}
          onRecordText={onRecord.id_proof ? ALREADY_UPLOADED : null}
        />
        <FileInput
          label="Qualification Proof"
          name="qualification_proof"
          required
          accept={PROOF_ACCEPT}
          maxBytes={PROOF_MAX_BYTES}
          kindHint={PROOF_KIND_HINT}
          onFileChange={setQualificationFile}
          chosenName={qualificationFile?.name}
          onRecordText={onRecord.qualification_proof ? ALREADY_UPLOADED : null}
        />
      </FormSection>

      <div className="flex flex-col gap-3">
        {problem ? (
          <p id={hintId} className="text-sm text-slate-700 sm:text-right">
            <span className="font-medium">Before you submit:</span> {problem.message}
          </p>
        ) : null}
        <FormActions
          isSaving={isSaving}
          isSubmitDisabled={problem !== null}
          hintId={problem ? hintId : undefined}
        />
      </div>
    </form>
  );
}
