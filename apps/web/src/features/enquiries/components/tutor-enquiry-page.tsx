import { PRICE_TYPES, WHEN_TO_START_LABELS, coinsToPay } from '@gurumatch/shared/enquiries';
import {
  CONTACT_PENDING_MESSAGES,
  ENQUIRY_MESSAGES as M,
} from '@gurumatch/shared/messages/enquiries';
import type {
  ContactDetails,
  SendMessageResult,
  TutorEnquiry,
} from '@gurumatch/shared/schemas/enquiries';
import { useEffect, useState } from 'react';

import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, isRefusal } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useCoins } from '../../auth/api.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { useCheckContacted, useCheckReported, useEnquiry, useSendMessage } from '../api.ts';
import { clearContactDraft, loadContactDraft, saveContactDraft } from '../contact-draft.ts';
import { mapEmbedUrl, studyModeLabel, whatsappLink, withCustom } from '../utils.ts';

import { ReportModal } from './report-modal.tsx';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900 sm:text-right">{value}</dd>
    </div>
  );
}

function isInsufficientCoins(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 402 || /insufficient coins/i.test(error.detail))
  );
}

function ContactPanel({ details, receipt }: { details: ContactDetails; receipt: string | null }) {
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-xl bg-emerald-50 p-5 ring-1 ring-emerald-200"
    >
      {receipt ? <p className="mb-2 text-sm font-semibold text-emerald-900">{receipt}</p> : null}
      <h2 id="contact-heading" className="text-lg font-semibold text-emerald-900">
        {M.contactNumber}
      </h2>
      <p className="mt-1 text-2xl font-bold tracking-wide text-emerald-900">
        {details.contact_number ? formatPhone(details.contact_number) : 'Not shared'}
      </p>
      <p className="mt-1 text-sm text-emerald-900">
        Your quote: ₹{details.price_quote} ({details.price_type}) · Starts{' '}
        {WHEN_TO_START_LABELS[details.when_to_start].toLowerCase()}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to={paths.chatThread(details.conversation_id)}>{M.chat}</ButtonLink>
        {details.contact_number ? (
          <>
            <a
              href={whatsappLink(details.contact_number)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-11 items-center rounded-lg bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800"
            >
              {M.whatsapp}
            </a>
            <a
              href={`tel:${details.contact_number}`}
              className="inline-flex h-11 items-center rounded-lg bg-white px-4 font-medium text-emerald-900 ring-1 ring-emerald-300 hover:bg-emerald-100"
            >
              {M.call}
            </a>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** In place of the form while the tutor's documents or e-mail are not verified: no coins move. */
function ContactClosedNotice({ enquiry }: { enquiry: TutorEnquiry }) {
  return (
    <Panel title={M.contactClosedTitle} intro={M.contactClosedDetail} tone="notice">
      <ul aria-label="Pending" className="mt-3 list-disc pl-5 text-sm text-amber-900">
        {enquiry.contact_pending.map((item) => (
          <li key={item}>{CONTACT_PENDING_MESSAGES[item]}</li>
        ))}
      </ul>
      <div className="mt-4">
        <ButtonLink to={paths.profile}>{M.goToProfile}</ButtonLink>
      </div>
    </Panel>
  );
}

function SendMessageForm({
  enquiry,
  onSent,
}: {
  enquiry: TutorEnquiry;
  onSent: (result: SendMessageResult) => void;
}) {
  const toast = useToast();
  const { user } = useAuth();
  const balance = useCoins(user?.user_id ?? null, true).data?.coins;
  const send = useSendMessage(enquiry.id);
  // what was typed survives a trip to the plans page and back (and a reload of the tab)
  const [draft] = useState(() => loadContactDraft(enquiry.id));
  const [priceQuote, setPriceQuote] = useState(draft.priceQuote);
  const [priceType, setPriceType] = useState<string>(draft.priceType);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [wasRefused, setWasRefused] = useState(false);

  useEffect(() => {
    saveContactDraft(enquiry.id, { priceQuote, priceType, message });
  }, [enquiry.id, priceQuote, priceType, message]);

  const submit = async () => {
    const quote = Number(priceQuote);
    const next: Record<string, string | undefined> = {};
    if (!Number.isInteger(quote) || quote <= 0) next.price_quote = M.priceQuoteInvalid;
    if (!message.trim()) next.message = M.messageRequired;
    if (!priceType) next.price_type = M.priceTypeRequired;
    setErrors(next);
    const first = Object.values(next).find(Boolean);
    if (first) {
      toast.error(first);
      return;
    }
    try {
      const result = await send.mutateAsync({
        price_quote: quote,
        price_type: priceType as (typeof PRICE_TYPES)[number],
        message: message.trim(),
      });
      clearContactDraft(enquiry.id);
      toast.success(M.contactCharged(result.coins_spent, result.coins_left));
      onSent(result);
    } catch (error) {
      if (isInsufficientCoins(error)) {
        // the form stays as typed, with the way to more coins beside it
        toast.error(M.insufficientCoinsNotice);
        setWasRefused(true);
        return;
      }
      toast.error(isRefusal(error) ? error.firstError() : M.sendFailed);
    }
  };

  const price = coinsToPay(enquiry);
  const shortBy = balance === undefined ? (wasRefused ? price : 0) : Math.max(0, price - balance);
  return (
    <section
      aria-labelledby="send-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="send-heading" className="text-lg font-semibold text-slate-900">
        {M.sendMessage}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {M.contactCosts} <strong>{price} coins</strong>
        {enquiry.coins_reduced > 0 ? ` (reduced from ${String(enquiry.coins_required)})` : ''}.{' '}
        {balance === undefined ? null : <strong>{M.yourBalance(balance)}</strong>} {M.coinsComeBack}
      </p>
      {shortBy > 0 ? (
        <div
          role={wasRefused ? 'alert' : undefined}
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          <p className="font-semibold">{M.insufficientCoinsNotice}</p>
          <p className="mt-1">{M.shortOfCoins(shortBy)}</p>
          <ButtonLink to={paths.upgradePlan} variant="secondary" className="mt-2">
            {M.seeCoinPlans}
          </ButtonLink>
        </div>
      ) : null}
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price quote (₹)"
            inputMode="numeric"
            value={priceQuote}
            error={errors.price_quote}
            onChange={(event) => setPriceQuote(event.target.value.replace(/\D/g, ''))}
          />
          <Select
            label="Price type"
            options={PRICE_TYPES.map((type) => ({ value: type, label: type }))}
            value={priceType}
            error={errors.price_type}
            onChange={(event) => setPriceType(event.target.value)}
          />
        </div>
        <Textarea
          label="Message"
          rows={4}
          maxLength={1000}
          showCounter
          value={message}
          error={errors.message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <div>
          <Button type="submit" busy={send.isPending}>
            {M.sendMessage}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /enquiry/{id}: the detail a tutor sees, contact after paying, and reporting. */
export function TutorEnquiryPage() {
  const id = Number(useParams().id);
  const enquiry = useEnquiry<TutorEnquiry>(id);
  const contacted = useCheckContacted(id);
  const reported = useCheckReported(id);
  const [isReporting, setIsReporting] = useState(false);
  // what the contact just cost, shown with the contact details it revealed
  const [receipt, setReceipt] = useState<string | null>(null);

  if (enquiry.isPending) {
    return (
      <div className="py-16 text-center">
        <Spinner label="Loading enquiry…" />
      </div>
    );
  }
  if (!enquiry.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <PageMeta title={M.notFound} noindex />
        <p className="text-lg font-medium text-slate-900">
          {enquiry.error instanceof ApiError && enquiry.error.status === 404
            ? enquiry.error.detail
            : M.loadFailed}
        </p>
        <Link to={paths.enquiries} className="mt-4 inline-block text-brand-700 hover:underline">
          ← {M.feedTitle}
        </Link>
      </div>
    );
  }
  const data = enquiry.data;
  const details = contacted.data?.contact_details ?? null;
  const place = [data.address.city, data.address.state, data.address.country]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={`${data.subject} · ${data.class_level}`} noindex />
      <Link to={paths.enquiries} className="text-sm font-medium text-brand-700 hover:underline">
        ← {M.feedTitle}
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {withCustom(data.subject, data.custom_subject)} ·{' '}
        {withCustom(data.class_level, data.custom_class)}
      </h1>
      <p className="mt-1 text-slate-700">
        {data.name} · posted {data.time_ago} · {data.days_left} days left
      </p>
      {data.female_tutor_preferred ? (
        <p className="mt-3 rounded-lg bg-pink-50 px-3 py-2 text-sm text-pink-950 ring-1 ring-pink-200">
          <strong>{M.femaleTutorPreferred}.</strong> {M.femaleTutorPreferredNotice}
          {details ? null : ` ${M.femaleTutorPreferredHint}`}
        </p>
      ) : null}

      <div className="mt-6 flex flex-col gap-6">
        {details ? <ContactPanel details={details} receipt={receipt} /> : null}

        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <dl className="divide-y divide-slate-100">
            <Detail label="Study mode" value={studyModeLabel(data.study_mode)} />
            <Detail label="Board" value={data.board || '—'} />
            <Detail label="Language" value={withCustom(data.language, data.custom_language)} />
            <Detail label="Budget" value={`₹${String(data.user_budget)} per hour`} />
            <Detail label="When to start" value={WHEN_TO_START_LABELS[data.when_to_start]} />
            <Detail
              label="Female tutor preferred"
              value={data.female_tutor_preferred ? 'Yes' : 'No'}
            />
            <Detail label="Location" value={place} />
            <Detail
              label="Phone"
              value={data.user.phone_number ? formatPhone(data.user.phone_number) : '—'}
            />
            <Detail label="Email" value={data.user.email || '—'} />
            <Detail
              label="Responded"
              value={`${String(data.responded_count)}/${String(data.total_responses)}`}
            />
          </dl>
        </section>

        {data.study_mode !== 'online' ? (
          <iframe
            title={`Map of ${place}`}
            src={mapEmbedUrl(data.address.latitude, data.address.longitude)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block aspect-[4/3] w-full rounded-xl border-0 bg-slate-100 ring-1 ring-slate-200"
          />
        ) : null}

        {!details && contacted.isSuccess ? (
          data.can_contact ? (
            <SendMessageForm
              enquiry={data}
              onSent={(result) =>
                setReceipt(M.contactCharged(result.coins_spent, result.coins_left))
              }
            />
          ) : (
            <ContactClosedNotice enquiry={data} />
          )
        ) : null}

        <div>
          {reported.data?.is_reported ? (
            <p className="text-sm text-slate-700">{M.youHaveReported}</p>
          ) : null}
          <Button variant="ghost" className="text-red-700" onClick={() => setIsReporting(true)}>
            {M.report}
          </Button>
        </div>
      </div>
      {isReporting ? (
        <ReportModal
          enquiryId={id}
          isReported={reported.data?.is_reported ?? false}
          onClose={() => setIsReporting(false)}
        />
      ) : null}
    </div>
  );
}
