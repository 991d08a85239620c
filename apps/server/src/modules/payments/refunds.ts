/**
 * Refunds to the original payment method, in three steps that never hold a
 * transaction open across the provider's call (docs/decisions/048-work-on-the-queue.md):
 *
 * 1. `requestRefundToMethod`, in the caller's transaction (the back office's,
 *    with its audit entry): the purchase's coins are taken back, the refund is
 *    stored as `requested`, and a job to send it is stored with it.
 * 2. The job asks the provider, outside any transaction. A refund the
 *    provider already has for the payment (an answer lost on the way) is
 *    adopted instead of asking twice.
 * 3. The refund is settled by whichever word comes first (the provider's
 *    answer, its `refund.*` webhook, or reconciliation of pending refunds):
 *    each step is a conditional change of `provider_status` under the row's
 *    lock, so it happens once.
 *
 * A refund that failed gives the tutor the coins back; the back office can ask
 * for it again (`retryRefundToMethod`), which takes them back anew.
 */
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import { formatRupees } from '@gurumatch/shared/schemas/payments';

import type { ProviderRefund } from '../../adapters/payments/index.ts';
import { ProviderError } from '../../adapters/provider-http.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { queueJobPerItem } from '../../lib/sweep-job.ts';
import { MINUTE_MS } from '../../lib/time.ts';

import { creditCoins, reverseLot } from './ledger.ts';
import {
  findOrderById,
  findRefundToSend,
  insertRequestedRefund,
  listPendingRefunds,
  lockRefundByProviderId,
  lockRefundOfPayment,
  lockRefundOfProviderPayment,
  markRefundAccepted,
  markRefundFailed,
  markRefundRequestedAgain,
  setOrderRefundId,
  setRefundProviderStatus,
  touchPendingRefund,
  type RefundToSendRow,
} from './queries.ts';

/** A refund the provider accepted is asked about again after this long without a webhook. */
const PENDING_REFUND_CHECK_AFTER_MS = 30 * MINUTE_MS;
/** Pending refunds one reconciliation sweep asks about. */
const PENDING_REFUNDS_PER_SWEEP = 200;

/** Tries after the first before a refund's call is given up (about 30 s, 1 min, … 4 h). */
const SEND_RETRY_LIMIT = 10;
const SEND_RETRY_DELAY_SECONDS = 30;

/** The job that sends a requested refund to one provider (an instance works its own provider's). */
export function sendRefundJobOf(provider: string): string {
  return `payments.send-refund.${provider}`;
}
/** The job that asks the provider how a pending refund ended. */
export function checkRefundJobOf(provider: string): string {
  return `payments.check-refund.${provider}`;
}
/** The job that refunds a payment its order could not be credited for (the coupon use was gone). */
export function latePaymentRefundJobOf(provider: string): string {
  return `payments.refund-late-payment.${provider}`;
}
export const REFUND_EMAIL_JOB = 'notice.payment-refund-email';

interface RefundJob {
  refundId: number;
}

interface LatePaymentRefundJob {
  orderId: number;
}

interface RefundEmail {
  email: string;
  name: string;
  amountPaise: number;
  invoiceNumber: string;
}

/** The payment a refund to the original method is decided for (the caller holds its lock). */
export interface RefundablePayment {
  id: number;
  userId: number;
  lotId: number;
  provider: 'razorpay' | 'sandbox';
  invoiceNumber: string;
  amountPaise: number;
}

/**
 * Inside the caller's transaction, under the payment's lock: takes the
 * purchase's coins back (409 `coins_spent` when some were spent), stores the
 * refund as requested and the job that sends it. Answers what was stored.
 */
export async function requestRefundToMethod(
  ctx: AppContext,
  tx: Queryable,
  payment: RefundablePayment,
  decision: { reason: string; decidedBy: number; now: Date },
): Promise<{ refundId: number; coins: number } | null> {
  if (payment.provider !== ctx.payments.kind) {
    throw new AppError(409, 'provider_mismatch', ADMIN_MESSAGES.refundProviderMismatch);
  }
  const reversal = await reverseLot(tx, {
    userId: payment.userId,
    lotId: payment.lotId,
    reason: `Payment ${payment.invoiceNumber} refunded to your payment method`,
    now: decision.now,
  });
  const refundId = await insertRequestedRefund(tx, {
    paymentId: payment.id,
    coins: reversal.coins,
    amountPaise: payment.amountPaise,
    reversalEntryId: reversal.entryId,
    reason: decision.reason,
    decidedBy: decision.decidedBy,
    at: decision.now,
  });
  if (refundId === null) return null;
  await ctx.jobs.enqueue(tx, sendRefundJobOf(payment.provider), { refundId } satisfies RefundJob);
  return { refundId, coins: reversal.coins };
}

/**
 * Inside the caller's transaction: asks again for a refund to the original
 * method that failed (its coins, given back, are taken back anew; 409
 * `coins_spent` when some were spent since), or sends again one still
 * requested whose job ran out of tries. 409 `refund_not_retryable` for a
 * refund the provider has accepted. Answers the status it had.
 */
export async function retryRefundToMethod(
  ctx: AppContext,
  tx: Queryable,
  paymentId: number,
  now: Date,
): Promise<{ before: RefundToSendRow['provider_status']; coins: number } | null> {
  const refund = await lockRefundOfPayment(tx, paymentId);
  if (!refund) return null;
  if (refund.provider_status !== 'failed' && refund.provider_status !== 'requested') {
    throw new AppError(409, 'refund_not_retryable', ADMIN_MESSAGES.refundNotRetryable);
  }
  if (refund.provider !== ctx.payments.kind) {
    throw new AppError(409, 'provider_mismatch', ADMIN_MESSAGES.refundProviderMismatch);
  }
  let coins = 0;
  if (refund.provider_status === 'failed') {
    let reversalEntryId: number | null = null;
    if (refund.returned_lot_id !== null) {
      const reversal = await reverseLot(tx, {
        userId: refund.user_id,
        lotId: refund.returned_lot_id,
        reason: `Payment ${refund.invoice_number} refunded to your payment method`,
        now,
      });
      reversalEntryId = reversal.entryId;
      coins = reversal.coins;
    }
    await markRefundRequestedAgain(tx, refund.id, reversalEntryId, now);
  }
  await ctx.jobs.enqueue(tx, sendRefundJobOf(refund.provider), {
    refundId: refund.id,
  } satisfies RefundJob);
  return { before: refund.provider_status, coins };
}

/** A refund of the payment the provider holds that has not failed: ours, whatever happened. */
function liveRefundOf(refunds: readonly ProviderRefund[]): ProviderRefund | null {
  return refunds.find((refund) => refund.status !== 'failed') ?? null;
}

/** A refusal the provider will repeat (4xx), as opposed to an outage worth trying again. */
function isRefusal(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}

/**
 * The send job: asks the provider for a requested refund, once. Nothing
 * happens for a refund no longer requested (settled by another way, or sent
 * by an earlier try). An outage is a failed try (retried); a refusal fails the
 * refund and gives the coins back.
 */
export async function sendRefundToProvider(ctx: AppContext, refundId: number): Promise<void> {
  const refund = await findRefundToSend(ctx.db, refundId);
  if (refund?.provider_status !== 'requested') return;
  if (refund.provider !== ctx.payments.kind) {
    throw new Error(`refund ${String(refundId)} belongs to ${refund.provider}`);
  }
  let answer: ProviderRefund | null = liveRefundOf(
    await ctx.payments.refundsOfPayment(refund.provider_payment_id),
  );
  if (!answer) {
    try {
      answer = await ctx.payments.refund({
        paymentId: refund.provider_payment_id,
        amount: refund.amount_paise,
        receipt: `refund-${String(refund.payment_id)}`,
        notes: { payment_id: String(refund.payment_id), invoice: refund.invoice_number },
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      // another try may have been accepted meanwhile; that refund is ours
      answer = liveRefundOf(await ctx.payments.refundsOfPayment(refund.provider_payment_id));
      if (!answer) {
        ctx.log.error({ refund: refundId, err: error.message }, 'refund refused by the provider');
        await settleRefund(ctx, refund.id, { status: 'failed', error: error.message });
        return;
      }
    }
  }
  await settleRefund(ctx, refund.id, {
    status: answer.status,
    providerRefundId: answer.id,
    error: answer.status === 'failed' ? `refund ${answer.id} failed` : null,
  });
}

/**
 * The late-payment job: refunds in full a payment whose order was marked
 * refunded instead of credited, outside any transaction. A refund the provider
 * already holds for the payment is adopted, so a retry never refunds twice; an
 * outage or a refusal is a failed try, and after the last one the job waits in
 * the back office's failed jobs for a retry.
 */
export async function refundLatePayment(ctx: AppContext, orderId: number): Promise<void> {
  const order = await findOrderById(ctx.db, orderId);
  const paymentId = order?.refunded_payment_id ?? null;
  if (!order || order.status !== 'refunded' || paymentId === null) return;
  if (order.provider_refund_id !== null) return;
  if (order.provider !== ctx.payments.kind) {
    throw new Error(`order ${String(orderId)} belongs to ${order.provider}`);
  }
  const answer =
    liveRefundOf(await ctx.payments.refundsOfPayment(paymentId)) ??
    (await ctx.payments.refund({
      paymentId,
      amount: order.amount_paise,
      receipt: `order-${String(order.id)}`,
      notes: { order_id: order.provider_order_id, why: 'coupon no longer available' },
    }));
  await setOrderRefundId(ctx.db, order.id, answer.id);
}

interface RefundOutcome {
  status: 'pending' | 'processed' | 'failed';
  providerRefundId?: string;
  error?: string | null;
}

/** Gives the coins a failed refund took back to the tutor, in a lot expiring with the purchase's. */
async function returnCoins(
  tx: Queryable,
  refund: RefundToSendRow,
  now: Date,
): Promise<number | null> {
  if (refund.coins <= 0 || refund.lot_expires_at.getTime() <= now.getTime()) return null;
  const credit = await creditCoins(tx, {
    userId: refund.user_id,
    coins: refund.coins,
    reason: PAYMENT_MESSAGES.refundFailedReason,
    expiresAt: refund.lot_expires_at,
    now,
  });
  return credit.lotId;
}

/**
 * Moves a refund forward under its row's lock, only ever forward: requested →
 * pending → processed, or → failed. A step already taken changes nothing, so
 * the answer, the webhook and reconciliation settle a refund once. Accepting
 * tells the tutor by e-mail; failing gives the coins back.
 */
async function applyOutcome(
  ctx: AppContext,
  tx: Queryable,
  refund: RefundToSendRow,
  outcome: RefundOutcome,
): Promise<boolean> {
  const now = ctx.now();
  const from = refund.provider_status;
  if (from === 'processed' || from === 'failed') return false;
  if (outcome.status === 'pending' && from !== 'requested') return false;
  if (outcome.status === 'failed') {
    const returnedLotId = await returnCoins(tx, refund, now);
    await markRefundFailed(
      tx,
      refund.id,
      {
        providerRefundId: outcome.providerRefundId ?? null,
        error: outcome.error ?? null,
        returnedLotId,
      },
      now,
    );
    ctx.log.error({ refund: refund.id }, 'the provider could not complete a refund');
    return true;
  }
  if (from === 'requested') {
    await markRefundAccepted(tx, refund.id, outcome.providerRefundId ?? '', outcome.status, now);
    await ctx.jobs.enqueue(tx, REFUND_EMAIL_JOB, {
      email: refund.tutor_email,
      name: refund.tutor_name,
      amountPaise: refund.amount_paise,
      invoiceNumber: refund.invoice_number,
    } satisfies RefundEmail);
  } else {
    await setRefundProviderStatus(tx, refund.id, 'processed', now);
  }
  return true;
}

async function settleRefund(
  ctx: AppContext,
  refundId: number,
  outcome: RefundOutcome,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findRefundToSend(tx, refundId);
    if (!current) return;
    const locked = await lockRefundOfPayment(tx, current.payment_id);
    if (locked) await applyOutcome(ctx, tx, locked, outcome);
  });
}

/**
 * The provider's `refund.processed` / `refund.failed` webhook. A refund whose
 * id we do not know yet (the webhook came before the provider's answer was
 * stored) is found by its payment.
 */
export async function settleRefundFromWebhook(
  ctx: AppContext,
  event: { refundId: string; paymentId: string | null; status: 'processed' | 'failed' },
): Promise<{ status: 'ok' | 'ignored' }> {
  return ctx.db.transaction(async (tx) => {
    const byId = await lockRefundByProviderId(tx, event.refundId);
    const refund = byId
      ? await lockRefundOfPayment(tx, byId.payment_id)
      : event.paymentId
        ? await lockRefundOfProviderPayment(tx, event.paymentId)
        : null;
    if (!refund || (!byId && refund.provider_status !== 'requested')) {
      ctx.log.warn({ refund: event.refundId }, 'refund webhook for an unknown refund');
      return { status: 'ignored' as const };
    }
    if (event.status === 'processed' && refund.provider_status === 'requested') {
      // accepted and processed at once: the acceptance (and its e-mail) first
      await applyOutcome(ctx, tx, refund, { status: 'pending', providerRefundId: event.refundId });
      refund.provider_status = 'pending';
    }
    const changed = await applyOutcome(ctx, tx, refund, {
      status: event.status,
      providerRefundId: event.refundId,
      error: event.status === 'failed' ? `refund ${event.refundId} failed` : null,
    });
    return { status: changed ? ('ok' as const) : ('ignored' as const) };
  });
}

/** The check job: asks the provider how a pending refund ended and settles it. */
export async function checkPendingRefund(ctx: AppContext, refundId: number): Promise<void> {
  const refund = await findRefundToSend(ctx.db, refundId);
  if (refund?.provider_status !== 'pending' || !refund.provider_refund_id) return;
  const found = (await ctx.payments.refundsOfPayment(refund.provider_payment_id)).find(
    (item) => item.id === refund.provider_refund_id,
  );
  if (found && found.status !== 'pending') {
    await settleRefund(ctx, refund.id, {
      status: found.status,
      providerRefundId: found.id,
      error: found.status === 'failed' ? `refund ${found.id} failed` : null,
    });
    return;
  }
  await touchPendingRefund(ctx.db, refund.id, ctx.now());
}

/** Part of the reconciliation sweep: one check job per refund pending too long. */
export async function queuePendingRefundChecks(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - PENDING_REFUND_CHECK_AFTER_MS);
  const due = await listPendingRefunds(
    ctx.db,
    ctx.payments.kind,
    before,
    PENDING_REFUNDS_PER_SWEEP,
  );
  const name = checkRefundJobOf(ctx.payments.kind);
  await queueJobPerItem(ctx, name, due, (refund) => ({
    key: refund.id,
    data: { refundId: refund.id } satisfies RefundJob,
  }));
  return due.length;
}

function refundEmail(notice: RefundEmail): { text: string; html: string } {
  const amount = `₹${formatRupees(notice.amountPaise)}`;
  const line = PAYMENT_MESSAGES.refundEmailBody(amount, notice.invoiceNumber);
  const text = [`Hello ${notice.name},`, '', line, '', '— GuruMatch'].join('\n');
  const escape = (value: string): string =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = [
    `<p>Hello ${escape(notice.name)},</p>`,
    `<p>${escape(line)}</p>`,
    '<p>— GuruMatch</p>',
  ].join('\n');
  return { text, html };
}

/** The jobs of refunds to the original method, for this instance's provider. */
export function refundJobs(ctx: AppContext): JobKind<never>[] {
  const provider = ctx.payments.kind;
  const retry = { retryLimit: SEND_RETRY_LIMIT, retryDelaySeconds: SEND_RETRY_DELAY_SECONDS };
  const send: JobKind<RefundJob> = {
    name: sendRefundJobOf(provider),
    ...retry,
    describe: (job) => `Send refund ${String(job.refundId)} to ${provider}`,
    run: (job) => sendRefundToProvider(ctx, job.refundId),
  };
  const check: JobKind<RefundJob> = {
    name: checkRefundJobOf(provider),
    retryLimit: 3,
    retryDelaySeconds: 60,
    describe: (job) => `Ask ${provider} how refund ${String(job.refundId)} ended`,
    run: (job) => checkPendingRefund(ctx, job.refundId),
  };
  const email: JobKind<RefundEmail> = {
    name: REFUND_EMAIL_JOB,
    ...retry,
    describe: (notice) =>
      `E-mail ${notice.email} that payment ${notice.invoiceNumber} is being refunded`,
    run: async (notice) => {
      const { text, html } = refundEmail(notice);
      await ctx.mail.send({
        to: notice.email,
        subject: PAYMENT_MESSAGES.refundEmailSubject,
        text,
        html,
        links: [],
      });
    },
  };
  const latePayment: JobKind<LatePaymentRefundJob> = {
    name: latePaymentRefundJobOf(provider),
    ...retry,
    describe: (job) => `Refund the payment of order ${String(job.orderId)} (its coupon was gone)`,
    run: (job) => refundLatePayment(ctx, job.orderId),
  };
  return [send, check, email, latePayment] as JobKind<never>[];
}
