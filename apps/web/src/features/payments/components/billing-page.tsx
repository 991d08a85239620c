import { PAYMENT_LABELS, PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { LedgerEntry, Purchase, PurchaseRefund } from '@gurumatch/shared/schemas/payments';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { BILLING_PAGE_SIZE, useLedger, usePurchases } from '../api.ts';
import { formatDate, formatDateTime, rupees } from '../format.ts';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  credit: 'Credit',
  spend: 'Spent',
  expiry: 'Expired',
  refund: 'Refund',
  reversal: 'Purchase refunded',
};

function Pager({
  page,
  count,
  label,
  onPage,
}: {
  page: number;
  count: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(count / BILLING_PAGE_SIZE));
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/** The badge and the sentence of a purchase's refund. */
function describeRefund(refund: PurchaseRefund): { badge: string; text: string } {
  const date = formatDate(refund.refunded_at);
  if (refund.kind === 'coins') {
    return {
      badge: PAYMENT_LABELS.refunded,
      text: PAYMENT_LABELS.refundedAsCoins(refund.coins, date),
    };
  }
  if (refund.status === 'failed') {
    return { badge: PAYMENT_LABELS.refundFailed, text: PAYMENT_LABELS.refundFailedToMethod };
  }
  const money = rupees(refund.amount);
  return refund.status === 'pending'
    ? {
        badge: PAYMENT_LABELS.refundPending,
        text: PAYMENT_LABELS.refundStartedToMethod(money, date, refund.coins),
      }
    : {
        badge: PAYMENT_LABELS.refunded,
        text: PAYMENT_LABELS.refundedToMethod(money, date, refund.coins),
      };
}

function PurchaseItem({ purchase }: { purchase: Purchase }) {
  const refund = purchase.refund ? describeRefund(purchase.refund) : null;
  // coins taken back by a refund to the payment method no longer expire
  const isTakenBack = purchase.refund?.kind === 'original' && purchase.refund.status !== 'failed';
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {purchase.plan.display_name} · {purchase.coins} coins
          {refund ? (
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 align-middle text-xs font-semibold text-amber-900">
              {refund.badge}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          {formatDateTime(purchase.created_at)} · {purchase.invoice_number}
          {purchase.coupon_code ? ` · coupon ${purchase.coupon_code}` : ''}
        </p>
        {isTakenBack ? null : (
          <p className="text-sm text-slate-600">
            Coins expire on {formatDate(purchase.expires_at)}
          </p>
        )}
        {refund ? <p className="text-sm text-slate-800">{refund.text}</p> : null}
      </div>
      <div className="flex items-center gap-4">
        <span className="font-semibold text-slate-900">{rupees(purchase.amount)}</span>
        <Link
          to={paths.invoice(purchase.id)}
          className="font-medium text-brand-700 hover:underline"
        >
          {PAYMENT_LABELS.viewInvoice}
          <span className="sr-only"> {purchase.invoice_number}</span>
        </Link>
      </div>
    </li>
  );
}

function LedgerItem({ entry }: { entry: LedgerEntry }) {
  const positive = entry.coins >= 0;
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-3">
      <p className="font-medium text-slate-900">
        {KIND_LABELS[entry.kind]}
        <span className="font-normal text-slate-700"> · {entry.reason}</span>
      </p>
      <p className={`text-right font-semibold ${positive ? 'text-emerald-700' : 'text-red-700'}`}>
        {positive ? '+' : '−'}
        {Math.abs(entry.coins)}
      </p>
      <p className="text-sm text-slate-600">{formatDateTime(entry.created_at)}</p>
      <p className="text-right text-sm text-slate-600">Balance {entry.balance_after}</p>
    </li>
  );
}

/** Purchases with their GST invoices, and every coin credit, spend, expiry and refund. */
export function BillingPage() {
  const [purchasePage, setPurchasePage] = useState(1);
  const [ledgerPage, setLedgerPage] = useState(1);
  const purchases = usePurchases(purchasePage);
  const ledger = useLedger(ledgerPage);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={PAYMENT_LABELS.billingTitle} noindex />
      <div className="flex flex-wrap gap-4 text-sm font-medium">
        <Link to={paths.dashboard} className="text-brand-700 hover:underline">
          ← Back to Dashboard
        </Link>
        <Link to={paths.upgradePlan} className="text-brand-700 hover:underline">
          Coin plans
        </Link>
      </div>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {PAYMENT_LABELS.billingTitle}
      </h1>

      <Panel title={PAYMENT_LABELS.purchases} className="mt-6">
        {purchases.isPending ? (
          <div className="py-4">
            <Spinner />
          </div>
        ) : purchases.isError ? (
          <p className="mt-2 text-slate-700">{PAYMENT_MESSAGES.billingLoadFailed}</p>
        ) : purchases.data.results.length === 0 ? (
          <p className="mt-2 text-slate-700">{PAYMENT_LABELS.noPurchases}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {purchases.data.results.map((purchase) => (
                <PurchaseItem key={purchase.id} purchase={purchase} />
              ))}
            </ul>
            <Pager
              page={purchasePage}
              count={purchases.data.count}
              label={PAYMENT_LABELS.purchases}
              onPage={setPurchasePage}
            />
          </>
        )}
      </Panel>

      <Panel title={PAYMENT_LABELS.ledger} className="mt-6">
        {ledger.isPending ? (
          <div className="py-4">
            <Spinner />
          </div>
        ) : ledger.isError ? (
          <p className="mt-2 text-slate-700">{PAYMENT_MESSAGES.billingLoadFailed}</p>
        ) : ledger.data.results.length === 0 ? (
          <p className="mt-2 text-slate-700">{PAYMENT_LABELS.noLedger}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {ledger.data.results.map((entry) => (
                <LedgerItem key={entry.id} entry={entry} />
              ))}
            </ul>
            <Pager
              page={ledgerPage}
              count={ledger.data.count}
              label={PAYMENT_LABELS.ledger}
              onPage={setLedgerPage}
            />
          </>
        )}
      </Panel>
    </div>
  );
}
