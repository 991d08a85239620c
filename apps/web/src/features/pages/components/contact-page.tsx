import { CONTACT_SUBJECTS } from '@gurumatch/shared/catalogues/contact-subjects';
import { CONTACT_MESSAGES } from '@gurumatch/shared/messages/contact';
import type { ContactRequestBody } from '@gurumatch/shared/schemas/contact';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { createContactRequest } from '../api.ts';
import { GRIEVANCE_OFFICER, SUPPORT_EMAIL, SUPPORT_HOURS } from '../support.ts';

type ContactForm = Record<keyof ContactRequestBody, string>;

const EMPTY_FORM: ContactForm = {
  full_name: '',
  email: '',
  contact_number: '',
  subject: '',
  message: '',
};

const FIELD_NAMES = Object.keys(EMPTY_FORM) as (keyof ContactForm)[];

const CONTROL_CLASSES =
  'rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200';

function isFieldName(name: string): name is keyof ContactForm {
  return (FIELD_NAMES as string[]).includes(name);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** `/contact-us` and `/contact`: the five-field form, and how else to reach us. */
export function ContactPage() {
  const toast = useToast();
  const subjectId = useId();
  const messageId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<ContactForm>({
    defaultValues: EMPTY_FORM,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createContactRequest({
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        contact_number: values.contact_number.trim(),
        subject: values.subject as ContactRequestBody['subject'],
        message: values.message.trim(),
      });
      toast.success(CONTACT_MESSAGES.success);
      reset(EMPTY_FORM);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          const message = messages[0];
          if (isFieldName(name) && message) setError(name, { message });
        }
      }
      toast.error(CONTACT_MESSAGES.failure);
    }
  });

  const isSubmitting = formState.isSubmitting;

  return (
    <>
      <PageMeta
        title="Contact Us"
        description="Questions about tutors, enquiries, coins or payments? Write to the GuruMatch team and we will get back to you."
        path={paths.contactUs}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            Contact Us
          </h1>
          <p className="mt-3 text-lg text-slate-700">
            Have a question about finding a tutor, your enquiries, coins or a payment? Send us a
            message and our team will get back to you.
          </p>
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
          <aside
            aria-labelledby="contact-details-heading"
            className="h-fit rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="contact-details-heading" className="text-lg font-semibold text-slate-900">
              Other ways to reach us
            </h2>
            <dl className="mt-4 space-y-4 text-slate-700">
              <div>
                <dt className="text-sm font-medium text-slate-600">Support e-mail</dt>
                <dd>
                  <a
                    href={`mailto:${SUPPORT_EMAIL}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {SUPPORT_EMAIL}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-600">Support hours</dt>
                <dd>{SUPPORT_HOURS}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-600">Grievances</dt>
                <dd>
                  {GRIEVANCE_OFFICER.title},{' '}
                  <a
                    href={`mailto:${GRIEVANCE_OFFICER.email}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {GRIEVANCE_OFFICER.email}
                  </a>
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm text-slate-600">
              Many answers are already in our{' '}
              <Link to={paths.faqs} className="font-medium text-brand-700 hover:underline">
                FAQs
              </Link>
              .
            </p>
          </aside>

          <form
            aria-labelledby="contact-form-heading"
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="contact-form-heading" className="text-lg font-semibold text-slate-900">
              Send us a message
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Full name"
                autoComplete="name"
                required
                error={errors.full_name?.message}
                {...register('full_name', { required: true })}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                required
                error={errors.email?.message}
                {...register('email', { required: true })}
              />
              <TextField
                label="Contact number"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
                error={errors.contact_number?.message}
                {...register('contact_number', { required: true })}
              />
              <div className="flex flex-col gap-1">
                <label htmlFor={subjectId} className="text-sm font-medium text-slate-800">
                  Subject
                </label>
                <select
                  id={subjectId}
                  required
                  aria-invalid={errors.subject ? true : undefined}
                  aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
                  className={`h-11 ${CONTROL_CLASSES} ${errors.subject ? 'border-red-600' : 'border-slate-300'}`}
                  {...register('subject', { required: true })}
                >
                  <option value="" disabled>
                    Select a subject
                  </option>
                  {CONTACT_SUBJECTS.map((subject) => (
                    <option key={subject.value} value={subject.value}>
                      {subject.label}
                    </option>
                  ))}
                </select>
                <FieldError id={`${subjectId}-error`} message={errors.subject?.message} />
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={messageId} className="text-sm font-medium text-slate-800">
                Message
              </label>
              <textarea
                id={messageId}
                rows={6}
                required
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${messageId}-error` : undefined}
                className={`py-2 ${CONTROL_CLASSES} ${errors.message ? 'border-red-600' : 'border-slate-300'}`}
                {...register('message', { required: true })}
              />
              <FieldError id={`${messageId}-error`} message={errors.message?.message} />
            </div>
            <Button
              type="submit"
              size="lg"
              busy={isSubmitting}
              className="w-full sm:w-auto sm:self-start"
            >
              {isSubmitting ? 'Submitting…' : 'Submit'}
            </Button>
          </form>
        </div>
      </div>
    </>
  );
}
