import { findResetPasswordProblem } from '@gurumatch/shared/checks/account';
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
import { Link, useParams } from '../../../lib/router/index.ts';
import { useRedirectAfter } from '../../../lib/use-redirect-after.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';
import { useResetPassword } from '../api.ts';

import { RecoveryDone } from './recovery-done.tsx';

type Field = 'password' | 'confirm_password';

/** /reset-password/:uidb64/:token: a new password twice, then the login page after 2 s. */
export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const toast = useToast();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [invalidField, setInvalidField] = useState<Field | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  useRedirectAfter(doneMessage !== null, paths.login, REDIRECT_DELAY_FORGOT_RESET_MS);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = findResetPasswordProblem(password, confirmPassword);
    if (problem) {
      setInvalidField(
        problem === ACCOUNT_MESSAGES.passwordsDontMatch ? 'confirm_password' : 'password',
      );
      toast.error(problem);
      return;
    }
    setInvalidField(null);
    reset.mutate(
      { uidb64, token, password, confirm_password: confirmPassword },
      {
        onSuccess: (answer) => {
          if (answer.success)
            setDoneMessage(answer.message || ACCOUNT_MESSAGES.resetPasswordSuccess);
          else toast.error(answer.message || MESSAGES.genericError);
        },
        onError: (error) => {
          toast.error(error instanceof ApiError ? error.firstError() : MESSAGES.genericError);
        },
      },
    );
  };

  return (
    <>
      <PageMeta title="Reset Password" noindex />
      <AuthCard
        title="Reset your password"
        subtitle={doneMessage === null ? 'Choose a new password for your account.' : undefined}
      >
        {doneMessage === null ? (
          <>
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <TextField
                label="New Password"
                type={isPasswordShown ? 'text' : 'password'}
                name="password"
                autoComplete="new-password"
                required
                hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character."
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={invalidField === 'password' ? true : undefined}
              />
              <TextField
                label="Confirm Password"
                type={isPasswordShown ? 'text' : 'password'}
                name="confirm_password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
                aria-invalid={invalidField === 'confirm_password' ? true : undefined}
              />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={isPasswordShown}
                  onChange={(event) => setIsPasswordShown(event.target.checked)}
                />
                Show password
              </label>
              <Button type="submit" busy={reset.isPending} className="w-full">
                {reset.isPending ? 'Saving…' : 'Reset Password'}
              </Button>
            </form>
            <p className="mt-6 text-sm text-slate-700">
              Link not working?{' '}
              <Link
                to={paths.forgotPassword}
                className="font-medium text-brand-700 hover:underline"
              >
                Ask for a new one
              </Link>
            </p>
          </>
        ) : (
          <RecoveryDone
            message={doneMessage}
            redirectNote="Taking you to the login page…"
            action={{ label: 'Go to Login', to: paths.login }}
          />
        )}
      </AuthCard>
    </>
  );
}
