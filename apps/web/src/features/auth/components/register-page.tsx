import { findRegistrationProblem, type RegistrationInput } from '@gurumatch/shared/checks/auth';
import type { SignUpRole } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import {
  describeSearchIntent,
  readSearchIntent,
  rememberSearchIntent,
  searchIntentQuery,
} from '../../../lib/search-intent.ts';
import { registerAccount } from '../requests.ts';
import { useAfterSignIn } from '../use-after-sign-in.ts';

import { AuthCard } from './auth-card.tsx';

type RegisterForm = Omit<RegistrationInput, 'role'> & { agree_to_terms: boolean };

const COPY: Record<
  SignUpRole,
  { who: string; metaTitle: string; description: string; other: { label: string; to: string } }
> = {
  teacher: {
    who: 'I am a teacher / coaching institute',
    metaTitle: 'Register as a Tutor',
    description:
      'Create a free GuruMatch tutor account and start receiving tuition enquiries near you.',
    other: { label: 'Looking for a tutor? Register as a student', to: paths.studentRegister },
  },
  student: {
    who: 'I am a student / parent',
    metaTitle: 'Find a Tutor',
    description:
      'Create a free GuruMatch account and post your tuition enquiry to verified tutors.',
    other: { label: 'Are you a tutor? Register as a teacher', to: paths.teacherRegister },
  },
};

function RegisterPage({ role }: { role: SignUpRole }) {
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const copy = COPY[role];
  // what a visitor searched for on the landing page stays with them (students only)
  const [search] = useSearchParams();
  const intent = role === 'student' ? readSearchIntent(search) : null;
  const intentQuery = searchIntentQuery(intent);
  useEffect(() => {
    const wanted = readSearchIntent(new URLSearchParams(intentQuery));
    if (wanted) rememberSearchIntent(wanted);
  }, [intentQuery]);
  const {
    register,
    handleSubmit,
    formState,
    setError,
    formState: { errors },
  } = useForm<RegisterForm>({
    defaultValues: {
      full_name: '',
      email: '',
      password: '',
      confirm_password: '',
      agree_to_terms: false,
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    const problem = findRegistrationProblem({ ...form, role }, { checkTerms: true });
    if (problem) {
      toast.info(problem.message);
      return;
    }
    try {
      const tokens = await registerAccount({
        full_name: form.full_name.trim(),
        email: form.email.trim(),
        password: form.password,
        confirm_password: form.confirm_password,
        role,
      });
      toast.success(MESSAGES.registrationSuccess);
      await afterSignIn(tokens);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field in form && messages[0])
            setError(field as keyof RegisterForm, { message: messages[0] });
        }
        toast.error(error.detail || error.fieldErrors.email?.[0] || MESSAGES.registrationFailed);
      } else {
        toast.error(MESSAGES.registrationFailed);
      }
    }
  });

  return (
    <>
      <PageMeta
        title={copy.metaTitle}
        description={copy.description}
        path={role === 'teacher' ? paths.teacherRegister : paths.studentRegister}
      />
      <AuthCard
        title="Create an account"
        subtitle={
          intent ? (
            <>
              {copy.who}
              <span className="mt-1 block text-sm">
                {MESSAGES.registerThenPost(describeSearchIntent(intent))}
              </span>
            </>
          ) : (
            copy.who
          )
        }
      >
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <TextField
            label="Full Name"
            autoComplete="name"
            error={errors.full_name?.message}
            {...register('full_name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-brand-700"
              {...register('agree_to_terms')}
            />
            <span>
              I agree to the{' '}
              <a
                href={paths.termsOfUse}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                Terms of Use
              </a>{' '}
              and{' '}
              <a
                href={paths.privacyPolicy}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                Privacy Policy
              </a>
            </span>
          </label>
          <Button type="submit" busy={formState.isSubmitting} className="w-full">
            {formState.isSubmitting ? 'Creating account…' : 'Create account'}
          </Button>
        </form>
        <div className="mt-6 flex flex-col gap-2 text-sm text-slate-700">
          <p>
            Already have an account?{' '}
            <Link
              to={`${paths.login}${intentQuery}`}
              className="font-medium text-brand-700 hover:underline"
            >
              Login
            </Link>
          </p>
          <Link to={copy.other.to} className="font-medium text-brand-700 hover:underline">
            {copy.other.label}
          </Link>
        </div>
      </AuthCard>
    </>
  );
}

export function TeacherRegisterPage() {
  return <RegisterPage role="teacher" />;
}

export function StudentRegisterPage() {
  return <RegisterPage role="student" />;
}
