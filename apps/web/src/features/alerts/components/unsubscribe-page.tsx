import { CHANNEL_NAMES } from '@gurumatch/shared/alerts';
import { ALERT_MESSAGES } from '@gurumatch/shared/messages/alerts';

import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchParams } from '../../../lib/router/index.ts';
import { useUnsubscribe } from '../api.ts';

/**
 * `/alerts/unsubscribe?token=…`: the link every alert message carries. It
 * turns the message's channel off as it opens (signed in or not) and says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribing = useUnsubscribe(token);

  const failure =
    token === ''
      ? ALERT_MESSAGES.unsubscribeMissing
      : unsubscribing.isError
        ? isRefusal(unsubscribing.error)
          ? (unsubscribing.error.serverSentence() ?? ALERT_MESSAGES.unsubscribeLinkInvalid)
          : 'We could not turn off your alerts just now. Please open the link again in a little while.'
        : null;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <PageMeta title={ALERT_MESSAGES.unsubscribeTitle} noindex />
      <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{ALERT_MESSAGES.unsubscribeTitle}</h1>
        <div aria-live="polite" className="mt-4">
          {failure !== null ? (
            <p role="alert" className="text-red-800">
              {failure}
            </p>
          ) : unsubscribing.isSuccess ? (
            <p className="text-slate-800">
              {ALERT_MESSAGES.unsubscribed(CHANNEL_NAMES[unsubscribing.data.channel])}
            </p>
          ) : (
            <div className="flex flex-col items-center gap-3 py-2">
              <Spinner label={ALERT_MESSAGES.unsubscribing} />
            </div>
          )}
        </div>
        <ButtonLink to={paths.profile} variant="secondary" className="mt-6">
          {ALERT_MESSAGES.openProfile}
        </ButtonLink>
      </section>
    </div>
  );
}
