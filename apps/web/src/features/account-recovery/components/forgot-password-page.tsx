import { isValidEmail } from '@gurumatch/shared/checks/auth';
import { REDIRECT_DELAY_FORGOT_RESET_MS } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ACCOUNT_MESSAGES } from '@gurumatch/shared/messages/account';
import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { useRedirectAfter } from '../../../lib/use-redirect-after.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';
import { useRequestPasswordReset } from '../api.ts';

import { RecoveryDone } from './recovery-done.tsx';

/** /forgot-password: asks for the e-mail, then goes home after 2 s. */
export function ForgotPasswordPage() {
  const toast = useToast();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  useRedirectAfter(sentMessage !== null, paths.home, REDIRECT_DELAY_FORGOT_RESET_MS);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setEmailError(MESSAGES.invalidEmail);
      return;
    }
    setEmailError(undefined);
    request.mutate(trimmed, {
      onSuccess: (answer) => {
        if (answer.success) setSentMessage(answer.message || ACCOUNT_MESSAGES.forgotPasswordSent);
        else toast.error(answer.message || MESSAGES.genericError);
      },
      onError: (error) => {
        toast.error(error instanceof ApiError ? error.firstError() : MESSAGES.genericError);
      },
    });
  };

  return (
    <>
      <PageMeta
        title="Forgot Password"
        description="Reset the password of your GuruMatch account."
        path={paths.forgotPassword}
      />
      <AuthCard
        title="Forgot your password?"
        subtitle={
          sentMessage === null
            ? 'Enter the email you registered with and we will send you a link to reset your password.'
            : undefined
        }
      >
        {sentMessage === null ? (
          <>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={emailError}
              />
              <Button type="submit" busy={request.isPending} className="w-full">
                {request.isPending ? 'Sending…' : 'Send Reset Link'}
              </Button>
            </form>
            <p className="mt-6 text-sm text-slate-700">
              Remembered it?{' '}
              <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
                Back to login
              </Link>
            </p>
          </>
        ) : (
          <RecoveryDone
            message={sentMessage}
            redirectNote="Taking you to the home page…"
            action={{ label: ACCOUNT_MESSAGES.goToHomePage, to: paths.home }}
          />
        )}
      </AuthCard>
    </>
  );
}
