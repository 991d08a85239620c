import type { AdminPayment } from '@gurumatch/shared/schemas/admin';

import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatRupees, formatWhen, useAdminAction } from '../api.ts';

import { AdminList, Fact, ReasonForm } from './admin-list.tsx';

function Payment({ payment }: { payment: AdminPayment }) {
  const toast = useToast();
  const action = useAdminAction<AdminPayment>();
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
        {payment.refund ? (
          <Fact label="Refunded">
            {payment.refund.kind === 'coins'
              ? `${String(payment.refund.coins)} coins`
              : formatRupees(payment.refund.amount_paise)}{' '}
            · {payment.refund.reason}
          </Fact>
        ) : null}
      </dl>
      {payment.refundable ? (
        <div className="mt-3">
          <ReasonForm
            label="Reason for the refund"
            action="Refund as coins"
            busy={action.isPending}
            onConfirm={(reason) =>
              action.mutate(
                {
                  path: `payments/${String(payment.id)}/refund/`,
                  body: { method: 'coins', reason },
                },
                {
                  onSuccess: () => toast.success('The coins are given back.'),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.detail : error.message),
                },
              )
            }
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
      renderItem={(payment) => <Payment payment={payment} />}
    />
  );
}
