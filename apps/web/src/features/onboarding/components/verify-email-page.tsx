import { REDIRECT_DELAY_FAILED_VERIFICATION_MS } from '@gurumatch/shared/constants';
import { ACCOUNT_MESSAGES } from '@gurumatch/shared/messages/account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useParams } from '../../../lib/router/index.ts';
import { useRedirectAfter } from '../../../lib/use-redirect-after.ts';
import { authKeys } from '../../auth/api.ts';
import { useEmailVerification } from '../api.ts';

const REDIRECT_SECONDS = Math.round(REDIRECT_DELAY_FAILED_VERIFICATION_MS / 1000);

function StatusIcon({ isSuccess }: { isSuccess: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full text-2xl font-bold ${
        isSuccess ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700'
      }`}
    >
      {isSuccess ? '✓' : '!'}
    </span>
  );
}

/**
 * The link mailed at registration: checks it once, then says how it went. A
 * failed check also goes home by itself after a few seconds.
 */
export function VerifyEmailPage() {
  const { uid = '', token = '' } = useParams();
  const verification = useEmailVerification(uid, token);
  const toast = useToast();
  const queryClient = useQueryClient();
  const hasAnnounced = useRef(false);

  const isVerified = verification.isSuccess && verification.data.success;
  const isFailed = verification.isError || (verification.isSuccess && !verification.data.success);

  useEffect(() => {
    if (!isFailed || hasAnnounced.current) return;
    hasAnnounced.current = true;
    toast.error(ACCOUNT_MESSAGES.verificationFailed);
  }, [isFailed, toast]);
  useRedirectAfter(isFailed, paths.home, REDIRECT_DELAY_FAILED_VERIFICATION_MS);

  // A signed-in user's account details now say the e-mail is verified.
  useEffect(() => {
    if (isVerified) void queryClient.invalidateQueries({ queryKey: authKeys.all });
  }, [isVerified, queryClient]);

  const failureReason = verification.isError
    ? isRefusal(verification.error)
      ? (verification.error.serverSentence() ?? ACCOUNT_MESSAGES.verificationLinkInvalid)
      : 'We could not check the link just now. Please open it again in a little while.'
    : verification.data?.message || ACCOUNT_MESSAGES.verificationLinkInvalid;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <PageMeta title="Verify Email" noindex />
      <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        {verification.isPending ? (
          <div className="flex flex-col items-center gap-4 py-6">
            <Spinner label="Verifying your email…" />
            <h1 className="text-xl font-bold text-slate-900">Verifying your email…</h1>
          </div>
        ) : isVerified ? (
          <>
            <StatusIcon isSuccess />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Email verified</h1>
            <p className="mt-2 text-slate-700">
              {verification.data.message || ACCOUNT_MESSAGES.emailVerified}
            </p>
            <ButtonLink to={paths.home} className="mt-6">
              {ACCOUNT_MESSAGES.goToHomePage}
            </ButtonLink>
          </>
        ) : (
          <>
            <StatusIcon isSuccess={false} />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Verification failed</h1>
            <p className="mt-2 text-slate-700">{failureReason}</p>
            <p className="mt-2 text-sm text-slate-600">
              {`Taking you to the home page in ${String(REDIRECT_SECONDS)} seconds.`}
            </p>
            <ButtonLink to={paths.home} className="mt-6">
              {ACCOUNT_MESSAGES.goToHomePage}
            </ButtonLink>
          </>
        )}
      </section>
    </div>
  );
}
