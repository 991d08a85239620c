import { BOARDS } from '@gurumatch/shared/catalogues/boards';
import { CLASS_LEVELS, OTHER_CLASS_OPTION } from '@gurumatch/shared/catalogues/classes';
import { LANGUAGES } from '@gurumatch/shared/catalogues/languages';
import { SUBJECTS } from '@gurumatch/shared/catalogues/subjects';
import {
  STUDY_MODES,
  STUDY_MODE_LABELS,
  WHEN_TO_START,
  WHEN_TO_START_LABELS,
} from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import { CreateEnquiryBodySchema } from '@gurumatch/shared/schemas/enquiries';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useNavigate } from '../../../lib/router/index.ts';
import { forgetSearchIntent, recallSearchIntent } from '../../../lib/search-intent.ts';
import { useCreateEnquiry, useOwnAddresses, useTotalEnquiries } from '../api.ts';

const TITLE = 'Create New Enquiry';
const asOptions = (items: readonly string[]) => items.map((item) => ({ value: item, label: item }));

interface FormState {
  name: string;
  address: string;
  study_mode: string;
  board: string;
  class_level: string;
  custom_class: string;
  subject: string;
  custom_subject: string;
  language: string;
  custom_language: string;
  user_budget: string;
  when_to_start: string;
  female_tutor_preferred: boolean;
}

const EMPTY: FormState = {
  name: '',
  address: '',
  study_mode: '',
  board: '',
  class_level: '',
  custom_class: '',
  subject: '',
  custom_subject: '',
  language: 'English',
  custom_language: '',
  user_budget: '',
  when_to_start: '',
  female_tutor_preferred: false,
};

/** The form, with the subject a visitor searched for on the landing page when it is in the list. */
function initialForm(): FormState {
  const wanted = recallSearchIntent()?.subject.toLowerCase();
  const subject = wanted ? SUBJECTS.find((item) => item.toLowerCase() === wanted) : undefined;
  return subject ? { ...EMPTY, subject } : EMPTY;
}

/** /student/enquiries/add: the enquiry form of spec part 2 §3 and §5. */
export function EnquiryFormPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const addresses = useOwnAddresses();
  const total = useTotalEnquiries();
  const create = useCreateEnquiry();
  const [form, setForm] = useState<FormState>(initialForm);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const primary = addresses.data?.find((address) => address.is_primary);
  const addressValue = form.address || (primary ? String(primary.id) : '');

  const submit = async () => {
    const parsed = CreateEnquiryBodySchema.safeParse({
      ...form,
      address: addressValue,
      study_mode: form.study_mode || undefined,
      class_level: form.class_level || undefined,
      subject: form.subject || undefined,
      language: form.language || undefined,
      when_to_start: form.when_to_start || undefined,
      user_budget: form.user_budget === '' ? undefined : form.user_budget,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        next[field] ??= issue.message;
      }
      setErrors(next);
      toast.error(Object.values(next)[0] ?? M.createFailed);
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.data);
      toast.success(M.created);
      forgetSearchIntent();
      void navigate(paths.studentEnquiry(created.id));
    } catch (error) {
      if (isRefusal(error)) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]]),
          ),
        );
        toast.error(error.firstError());
      } else toast.error(M.createFailed);
    }
  };

  if (total.data && !total.data.can_create_more) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <PageMeta title={TITLE} noindex />
        <Notice
          title={M.enquiryLimitExceeded}
          message={M.activeLimitReached}
          tone="warning"
          action={{ label: M.viewEnquiries, to: paths.studentEnquiries }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageMeta title={TITLE} noindex />
      <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-slate-700">
        Tell tutors what you need. Up to 5 tutors can respond; your phone number is shared only with
        them.
      </p>
      {addresses.isPending ? (
        <div className="py-12 text-center">
          <Spinner />
        </div>
      ) : (
        <form
          noValidate
          className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Enquiry name"
            value={form.name}
            maxLength={50}
            error={errors.name}
            hint="For example: Maths tuition for my son"
            onChange={(event) => set('name', event.target.value)}
          />
          <Select
            label="Address"
            placeholder="Select an address"
            options={(addresses.data ?? []).map((address) => ({
              value: String(address.id),
              label: address.formatted_address,
            }))}
            value={addressValue}
            error={errors.address}
            onChange={(event) => set('address', event.target.value)}
          />
          <Select
            label="Study mode"
            placeholder="Select study mode"
            options={STUDY_MODES.map((mode) => ({ value: mode, label: STUDY_MODE_LABELS[mode] }))}
            value={form.study_mode}
            error={errors.study_mode}
            onChange={(event) => set('study_mode', event.target.value)}
          />
          <Select
            label="Class"
            placeholder="Select class"
            options={asOptions(CLASS_LEVELS)}
            value={form.class_level}
            error={errors.class_level}
            onChange={(event) => set('class_level', event.target.value)}
          />
          {form.class_level === OTHER_CLASS_OPTION ? (
            <TextField
              label="Your class or course"
              value={form.custom_class}
              maxLength={100}
              error={errors.custom_class}
              onChange={(event) => set('custom_class', event.target.value)}
            />
          ) : null}
          <Select
            label="Subject"
            placeholder="Select subject"
            options={asOptions(SUBJECTS)}
            value={form.subject}
            error={errors.subject}
            onChange={(event) => set('subject', event.target.value)}
          />
          {form.subject === 'Other' ? (
            <TextField
              label="Your subject"
              value={form.custom_subject}
              maxLength={100}
              error={errors.custom_subject}
              onChange={(event) => set('custom_subject', event.target.value)}
            />
          ) : null}
          <Select
            label="Board (optional)"
            placeholder="Select board"
            options={asOptions(BOARDS)}
            value={form.board}
            error={errors.board}
            onChange={(event) => set('board', event.target.value)}
          />
          <Select
            label="Language"
            options={asOptions(LANGUAGES)}
            value={form.language}
            error={errors.language}
            onChange={(event) => set('language', event.target.value)}
          />
          {form.language === 'Other' ? (
            <TextField
              label="Your language"
              value={form.custom_language}
              maxLength={100}
              error={errors.custom_language}
              onChange={(event) => set('custom_language', event.target.value)}
            />
          ) : null}
          <TextField
            label="Budget per hour (₹)"
            inputMode="numeric"
            value={form.user_budget}
            error={errors.user_budget}
            onChange={(event) => set('user_budget', event.target.value.replace(/\D/g, ''))}
          />
          <Select
            label="When to start"
            placeholder="Select when to start"
            options={WHEN_TO_START.map((value) => ({
              value,
              label: WHEN_TO_START_LABELS[value],
            }))}
            value={form.when_to_start}
            error={errors.when_to_start}
            onChange={(event) => set('when_to_start', event.target.value)}
          />
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={form.female_tutor_preferred}
              onChange={(event) => set('female_tutor_preferred', event.target.checked)}
            />
            Female tutor preferred
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={create.isPending}>
              Post Enquiry
            </Button>
            <Button variant="ghost" onClick={() => void navigate(paths.dashboard)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
