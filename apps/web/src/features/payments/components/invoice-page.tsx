import { PAYMENT_LABELS, PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type { Invoice } from '@gurumatch/shared/schemas/payments';
import type { ReactNode } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link, useParams } from '../../../lib/router/index.ts';
import { useInvoice } from '../api.ts';
import { formatDate, rupees } from '../format.ts';

function Line({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'font-bold text-slate-900' : 'text-slate-800'}>
      <th scope="row" className="py-1.5 pr-4 text-left font-normal">
        {label}
      </th>
      <td className="py-1.5 text-right tabular-nums">{rupees(value)}</td>
    </tr>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const halfRate = '9%';
  return (
    <article className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-4 sm:flex-row sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{PAYMENT_LABELS.invoiceTitle}</h1>
          <p className="text-sm text-slate-700">Invoice number: {invoice.invoice_number}</p>
          <p className="text-sm text-slate-700">Date: {formatDate(invoice.date)}</p>
        </div>
        <div className="text-sm text-slate-800 sm:text-right">
          <p className="font-semibold">{invoice.seller.name}</p>
          <p>{invoice.seller.address}</p>
          <p>GSTIN: {invoice.seller.gstin}</p>
        </div>
      </header>
      <section className="mt-4 text-sm text-slate-800">
        <h2 className="font-semibold text-slate-900">Billed to</h2>
        <p>{invoice.buyer.name}</p>
        <p>{invoice.buyer.email}</p>
        {invoice.buyer.state ? <p>State: {invoice.buyer.state}</p> : null}
      </section>
      <table className="mt-6 w-full text-sm">
        <caption className="sr-only">Invoice lines</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              SAC
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100">
            <td className="py-2 pr-4">{invoice.description}</td>
            <td className="py-2 pr-4">{invoice.sac}</td>
            <td className="py-2 text-right tabular-nums">{rupees(invoice.price)}</td>
          </tr>
        </tbody>
      </table>
      <table className="mt-4 ml-auto w-full max-w-xs text-sm">
        <caption className="sr-only">Tax and total</caption>
        <tbody>
          {invoice.discount !== '0.00' ? (
            <Line label="Discount" value={`-${invoice.discount}`} />
          ) : null}
          <Line label="Taxable value" value={invoice.taxable_value} />
          {invoice.supply === 'intra' ? (
            <>
              <Line label={`CGST @ ${halfRate}`} value={invoice.cgst} />
              <Line label={`SGST @ ${halfRate}`} value={invoice.sgst} />
            </>
          ) : (
            <Line label="IGST @ 18%" value={invoice.igst} />
          )}
          <Line label="Total" value={invoice.total} strong />
        </tbody>
      </table>
      <p className="mt-6 text-xs text-slate-600">
        Payment {invoice.payment_id} for order {invoice.order_id}. {invoice.coins} coins credited.
        This is a computer-generated invoice.
      </p>
    </article>
  );
}

/** A printable GST tax invoice of one purchase. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const invoiceId = Number(id);
  const invoice = useInvoice(invoiceId);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:p-0">
      <PageMeta title={PAYMENT_LABELS.invoice} noindex />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={paths.billing} className="text-sm font-medium text-brand-700 hover:underline">
          ← {PAYMENT_LABELS.billingTitle}
        </Link>
        {invoice.data ? (
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            {PAYMENT_LABELS.print}
          </Button>
        ) : null}
      </div>
      {invoice.isPending && Number.isInteger(invoiceId) && invoiceId > 0 ? (
        <Spinner />
      ) : invoice.data ? (
        <InvoiceDocument invoice={invoice.data} />
      ) : (
        <p className="text-slate-700">{PAYMENT_MESSAGES.invoiceNotFound}</p>
      )}
    </div>
  );
}
