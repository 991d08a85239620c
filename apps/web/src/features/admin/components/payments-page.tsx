import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminPayment, RefundBody } from '@gurumatch/shared/schemas/admin';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatRupees, formatWhen, useAdminAction } from '../api.ts';

import { AdminList, Fact, ReasonForm } from './admin-list.tsx';

const PROVIDER_STATUS_LABELS = {
  requested: 'being sent to the provider',
  pending: 'pending with the bank',
  processed: 'processed',
  failed: 'failed, coins given back',
} as const;

function describeRefund(refund: NonNullable<AdminPayment['refund']>): string {
  if (refund.kind === 'coins') return `${String(refund.coins)} coins · ${refund.reason}`;
  const status = refund.provider_status ? PROVIDER_STATUS_LABELS[refund.provider_status] : '';
  return [
    `${formatRupees(refund.amount_paise)} to the original method`,
    status,
    refund.provider_error,
    refund.provider_refund_id,
    `${String(refund.coins)} coins taken back`,
    refund.reason,
  ]
    .filter(Boolean)
    .join(' · ');
}

function Payment({ payment }: { payment: AdminPayment }) {
  const toast = useToast();
  const action = useAdminAction<AdminPayment>();
  const refund = (method: RefundBody['method'], reason: string, done: string) =>
    action.mutate(
      {
        path: `payments/${String(payment.id)}/refund/`,
        body: { method, reason } satisfies RefundBody,
      },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  const retry = () =>
    action.mutate(
      { path: `payments/${String(payment.id)}/refund/retry/` },
      {
        onSuccess: () => toast.success(ADMIN_MESSAGES.refundRetried),
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : error.message),
      },
    );
  // a refund that failed, or still waits for the provider, can be sent again
  const canRetry =
    payment.refund?.kind === 'original' &&
    (payment.refund.provider_status === 'failed' || payment.refund.provider_status === 'requested');
  return (
    <article aria-label={`Payment ${payment.invoice_number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          {payment.user.full_name} · {payment.plan}
        </h2>
        <span className="font-semibold text-slate-900">{formatRupees(payment.amount_paise)}</span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-4">
        <Fact label="Invoice">{payment.invoice_number}</Fact>
        <Fact label="Paid">{formatWhen(payment.created_at)}</Fact>
        <Fact label="Provider">
          {payment.provider} {payment.provider_payment_id}
        </Fact>
        <Fact label="Coins">{payment.coins}</Fact>
        {payment.refund ? <Fact label="Refunded">{describeRefund(payment.refund)}</Fact> : null}
      </dl>
      {canRetry ? (
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          busy={action.isPending}
          onClick={retry}
        >
          Retry refund
        </Button>
      ) : null}
      {payment.refundable ? (
        <div className="mt-3 flex flex-col gap-2">
          <ReasonForm
            label="Reason for the refund"
            action="Refund as coins"
            busy={action.isPending}
            warning={`${String(payment.coins)} coins will be given to ${payment.user.full_name} again; the money stays paid.`}
            onConfirm={(reason) => refund('coins', reason, ADMIN_MESSAGES.refundedAsCoins)}
          />
          <ReasonForm
            label="Reason for the refund to the original method"
            action="Refund to original method"
            busy={action.isPending}
            warning={`${formatRupees(payment.amount_paise)} will go back to the card or UPI account this payment came from, and the ${String(payment.coins)} coins it bought will be taken back from ${payment.user.full_name}. This cannot be undone.`}
            onConfirm={(reason) => refund('original', reason, ADMIN_MESSAGES.refundedToMethod)}
          />
        </div>
      ) : null}
    </article>
  );
}

/** Captured payments, newest first; refunds within the policy's window. */
export function PaymentsPage() {
  return (
    <AdminList<AdminPayment>
      resource="payments"
      label="Payments"
      searchLabel="Search by name, e-mail, invoice or payment id"
      itemKey={(payment) => payment.id}
      // a refund being sent to the provider settles within seconds: show its outcome
      refreshWhile={(payments) =>
        payments.some((payment) => payment.refund?.provider_status === 'requested')
      }
      renderItem={(payment) => <Payment payment={payment} />}
    />
  );
}
