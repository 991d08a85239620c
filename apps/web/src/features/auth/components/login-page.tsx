import { SIGN_IN_CODE_LENGTH } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useLocation, useSearchParams } from '../../../lib/router/index.ts';
import {
  describeSearchIntent,
  readSearchIntent,
  rememberSearchIntent,
  searchIntentQuery,
} from '../../../lib/search-intent.ts';
import { obtainTokens, obtainTokensWithCode, requestSignInCode } from '../requests.ts';
import { originOf } from '../signed-in-home.ts';
import { useAfterSignIn } from '../use-after-sign-in.ts';

import { AuthCard } from './auth-card.tsx';

interface LoginForm {
  email: string;
  password: string;
  code: string;
}

/**
 * Where signing in with a mailed code stands (decision 044): offered after the
 * account refused this device's password, then sent with its challenge.
 */
type CodeStep = { stage: 'offered' } | { stage: 'sent'; challenge: string; message: string };

export function LoginPage() {
  const toast = useToast();
  const location = useLocation();
  const [search] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [isRequestingCode, setIsRequestingCode] = useState(false);
  const { register, handleSubmit, formState, getValues } = useForm<LoginForm>({
    defaultValues: { email: '', password: '', code: '' },
  });
  const challenge = codeStep?.stage === 'sent' ? codeStep.challenge : null;
  // a visitor sent here by the landing page's search keeps what they searched for
  const intent = readSearchIntent(search);
  const intentQuery = searchIntentQuery(intent);
  useEffect(() => {
    const wanted = readSearchIntent(new URLSearchParams(intentQuery));
    if (wanted) rememberSearchIntent(wanted);
  }, [intentQuery]);

  const onSubmit = handleSubmit(async ({ email, password, code }) => {
    try {
      const username = email.trim();
      const tokens = challenge
        ? await obtainTokensWithCode({ username, password, challenge, code: code.trim() })
        : await obtainTokens({ username, password });
      await afterSignIn(tokens, originOf(location.state));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sign_in_code_available') {
        setCodeStep((step) => step ?? { stage: 'offered' });
        return;
      }
      toast.error(error instanceof ApiError ? error.firstError() : MESSAGES.loginFailed);
    }
  });

  const onRequestCode = async () => {
    setIsRequestingCode(true);
    try {
      const sent = await requestSignInCode({ email: getValues('email').trim() });
      setCodeStep({ stage: 'sent', challenge: sent.challenge, message: sent.message });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.firstError() : MESSAGES.genericError);
    } finally {
      setIsRequestingCode(false);
    }
  };

  return (
    <>
      <PageMeta title="Login" description="Log in to your GuruMatch account." path={paths.login} />
      <AuthCard
        title="Log in to your account"
        subtitle={
          intent ? MESSAGES.signInToSee(describeSearchIntent(intent)) : 'Welcome back to GuruMatch.'
        }
      >
        <form
          onSubmit={(event) => void onSubmit(event)}
          noValidate={false}
          className="flex flex-col gap-4"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...register('email', { required: true })}
          />
          <TextField
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            {...register('password', { required: true })}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={showPassword}
              onChange={(event) => setShowPassword(event.target.checked)}
            />
            Show password
          </label>
          {codeStep ? (
            <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <p role={codeStep.stage === 'offered' ? 'alert' : 'status'}>
                {codeStep.stage === 'offered' ? AUTH_MESSAGES.signInCodeOffered : codeStep.message}
              </p>
              {codeStep.stage === 'sent' ? (
                <TextField
                  label={AUTH_MESSAGES.signInCodeLabel}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={SIGN_IN_CODE_LENGTH}
                  required
                  {...register('code', { required: true })}
                />
              ) : null}
              <Button
                type="button"
                variant={codeStep.stage === 'sent' ? 'secondary' : 'primary'}
                busy={isRequestingCode}
                onClick={() => void onRequestCode()}
              >
                {AUTH_MESSAGES.requestSignInCode}
              </Button>
            </div>
          ) : null}
          <Button type="submit" busy={formState.isSubmitting} className="w-full">
            {formState.isSubmitting
              ? 'Logging in…'
              : challenge
                ? AUTH_MESSAGES.signInWithCode
                : 'Login'}
          </Button>
        </form>
        {intent ? (
          <div className="mt-4 flex flex-col gap-2">
            <p className="text-center text-sm text-slate-600">{MESSAGES.newHereItIsFree}</p>
            <ButtonLink
              to={`${paths.studentRegister}${intentQuery}`}
              variant="secondary"
              className="w-full"
            >
              {MESSAGES.registerToFindTutors}
            </ButtonLink>
          </div>
        ) : null}
        <div className="mt-6 flex flex-col gap-2 text-sm text-slate-700">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
          <p>
            New here?{' '}
            <Link
              to={`${paths.studentRegister}${intentQuery}`}
              className="font-medium text-brand-700 hover:underline"
            >
              Register as a student or parent
            </Link>{' '}
            or{' '}
            <Link to={paths.teacherRegister} className="font-medium text-brand-700 hover:underline">
              as a teacher
            </Link>
            .
          </p>
        </div>
      </AuthCard>
    </>
  );
}
