import {
  ADMIN_MAIL,
  ADMIN_MESSAGES,
  REFUND_WINDOW_DAYS,
  type AuditTargetType,
} from '@gurumatch/shared/messages/admin';
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';
import type {
  AdminContactRequest,
  AdminContactRequestList,
  AdminCoupon,
  AdminCouponBody,
  AdminCouponList,
  AdminCouponPatch,
  AdminDocument,
  AdminDocumentList,
  AdminDocumentPatch,
  AdminDone,
  AdminFailedJobList,
  AdminPageQuery,
  AdminPayment,
  AdminUploadResult,
  AdminPaymentList,
  AdminPlan,
  AdminPlanBody,
  AdminPlanList,
  AdminPlanPatch,
  AdminReport,
  AdminReportList,
  AdminUser,
  AdminUserList,
  AuditList,
  AuditQuery,
  ConfirmFakeBody,
  ConfirmFakeResult,
  ContactRequestPatch,
  ContactRequestQuery,
  RefundBody,
  ReportQuery,
  UserQuery,
  VerificationItem,
  VerificationList,
  VerificationQuery,
} from '@gurumatch/shared/schemas/admin';
import { ADMIN_FAILED_JOBS_SHOWN } from '@gurumatch/shared/schemas/admin';
import { buildProofUrl } from '@gurumatch/shared/schemas/profile';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { jobKinds } from '../../jobs/kinds.ts';
import { requireFound } from '../../lib/not-found.ts';
import { buildPageLinks, readPageRequest, type PageRequest } from '../../lib/paging.ts';
import { announceSessionsEnded } from '../../lib/session-events.ts';
import { DAY_MS } from '../../lib/time.ts';
import {
  countManagedUsers,
  findManagedUser,
  listManagedUsers,
  reinstateAccount,
  setAccountPremium,
  suspendAccount,
  warnAccount,
  type ManagedUserRow,
} from '../auth/service.ts';
import { listLatestMessagesOfPairs, type PairMessageRow } from '../chat/service.ts';
import {
  countContactRequests,
  listContactRequests as listContactRequestRows,
  updateContactRequestStatus,
  type ContactRequestRow,
} from '../contact/service.ts';
import {
  articleEditor,
  blogEditor,
  documentSnapshot,
  editDocument,
  findDocuments,
  removeContentImage,
  storeContentImage,
  type ContentEditor,
  type SiteDocumentWithId,
} from '../content/service.ts';
import {
  confirmReportFake,
  countReports,
  dismissReport as dismissEnquiryReport,
  invalidateFeeds,
  invalidateTutorFeed,
  listReports as listReportRows,
  type ReportRow,
} from '../enquiries/service.ts';
import {
  countBackOfficePayments,
  countCouponsMatching,
  countPlans,
  createCoupon as createCouponRow,
  createPlan as createPlanRow,
  creditCoins,
  editCoupon,
  editPlan,
  insertPaymentRefund,
  listBackOfficePayments,
  listCouponsMatching,
  listPlansPage,
  lockBackOfficePayment,
  requestRefundToMethod,
  retryRefundToMethod,
  takeBackLot,
  type BackOfficePaymentRow,
  type EditableCouponRow,
  type EditablePlanRow,
} from '../payments/service.ts';
import {
  countVerifications,
  decideVerification as decideProfileVerification,
  findDocVerifiedUserIds,
  listVerifications as listVerificationRows,
  type VerificationRow,
} from '../profile/service.ts';

import * as q from './queries.ts';

/** The administrator acting, as the audit log records them. */
export interface AdminActor {
  user_id: number;
  email: string;
}

/** At most this many search words are used; the rest are ignored. */
const SEARCH_TERMS_MAX = 8;

/** Search text → one ILIKE pattern per word (`%`, `_` and `\\` matched literally). */
function toSearchPatterns(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_TERMS_MAX)
    .map((term) => `%${term.replace(/[\\%_]/g, '\\$&')}%`);
}

const done = (message: string): AdminDone => ({ success: true, message });
const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

// ---- paging -------------------------------------------------------------

interface Paged<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

/** `{count, next, previous, results}` for a page and the total it is a page of. */
function pageAt<Item>(
  ctx: AppContext,
  path: string,
  query: AdminPageQuery & Partial<Record<string, string | number | boolean>>,
  request: PageRequest,
  count: number,
  results: Item[],
): Paged<Item> {
  return {
    count,
    ...buildPageLinks(
      { baseUrl: ctx.config.publicUrl, path: `/api/admin/${path}`, query },
      request,
      count,
    ),
    results,
  };
}

/**
 * Answers `{count, next, previous, results}` for page-number paging, with
 * `next`/`previous` as absolute URLs that keep the other parameters: the owner's
 * count and list are asked with the same filter, the list also with the page.
 */
async function pageOf<Filter extends unknown[], Row, Item>(
  ctx: AppContext,
  path: string,
  query: AdminPageQuery & Partial<Record<string, string | number | boolean>>,
  count: (db: Queryable, ...filter: Filter) => Promise<number>,
  list: (db: Queryable, ...filterAndPage: [...Filter, number, number]) => Promise<Row[]>,
  filter: Filter,
  toItem: (row: Row) => Item,
): Promise<Paged<Item>> {
  const request = readPageRequest(query);
  const [total, rows] = await Promise.all([
    count(ctx.db, ...filter),
    list(ctx.db, ...filter, request.pageSize, request.offset),
  ]);
  return pageAt(ctx, path, query, request, total, rows.map(toItem));
}

/** A page of rows matching the search words, read with their total by the owner. */
async function searchedPageOf<Item>(
  ctx: AppContext,
  path: string,
  query: AdminPageQuery,
  find: (
    db: Queryable,
    patterns: readonly string[],
    limit: number,
    offset: number,
  ) => Promise<{ count: number; rows: Item[] }>,
): Promise<Paged<Item>> {
  const request = readPageRequest(query);
  const page = await find(ctx.db, toSearchPatterns(query.search), request.pageSize, request.offset);
  return pageAt(ctx, path, query, request, page.count, page.rows);
}

// ---- audit --------------------------------------------------------------

async function audit(
  tx: Queryable,
  ctx: AppContext,
  actor: AdminActor,
  action: string,
  target: { type: AuditTargetType; id: number | null },
  before: unknown,
  after: unknown,
): Promise<void> {
  await q.insertAuditEntry(tx, {
    actorId: actor.user_id,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id,
    before,
    after,
    at: ctx.now(),
  });
}

/** One kind of row whose edits are audited with the row before and after. */
interface AuditedUpdate<Row, Item, Patch> {
  target: AuditTargetType;
  /** The audit action: `<target>.update` unless this reads another from the row before and after. */
  action?: (before: Row, after: Row) => string;
  /** The owner's edit of a row, read before and after. */
  edit: (tx: Queryable, id: number, patch: Patch, at: Date) => Promise<{ before: Row; after: Row }>;
  /** What the audit log keeps of a row. */
  snapshot: (row: Row) => unknown;
  toItem: (row: Row) => Item;
}

/** An owner's edit of one row and its audit entry share one transaction. */
function auditedUpdate<Row, Item, Patch>(
  kind: AuditedUpdate<Row, Item, Patch>,
): (ctx: AppContext, actor: AdminActor, id: number, patch: Patch) => Promise<Item> {
  return (ctx, actor, id, patch) =>
    ctx.db.transaction(async (tx) => {
      const { before, after } = await kind.edit(tx, id, patch, ctx.now());
      await audit(
        tx,
        ctx,
        actor,
        kind.action?.(before, after) ?? `${kind.target}.update`,
        { type: kind.target, id },
        kind.snapshot(before),
        kind.snapshot(after),
      );
      return kind.toItem(after);
    });
}

export async function listAuditLog(ctx: AppContext, query: AuditQuery): Promise<AuditList> {
  const type = query.target_type ?? null;
  const id = query.target_id ?? null;
  const patterns = toSearchPatterns(query.search);
  return pageOf(
    ctx,
    'audit-log/',
    query,
    q.countAuditEntries,
    q.listAuditEntries,
    [type, id, patterns],
    (row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }),
  );
}

/** Sends a message about a decision after it is stored; a failure is logged, not answered. */
async function tell(ctx: AppContext, to: string, subject: string, text: string): Promise<void> {
  try {
    await ctx.mail.send({ to, subject, text });
  } catch (error) {
    ctx.log.error({ err: error, to }, 'administrator decision e-mail not sent');
  }
}

// ---- verification -------------------------------------------------------

function toVerification(row: VerificationRow): VerificationItem {
  return {
    user_id: row.user_id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone_number ? `${row.phone_country_code ?? ''}${row.phone_number}` : null,
    status: row.verification_status,
    is_doc_verified: row.is_doc_verified,
    reason: row.verification_reason,
    decided_at: iso(row.verification_decided_at),
    id_proof: row.id_proof_key ? buildProofUrl(row.user_id, 'id_proof') : null,
    qualification_proof: row.qualification_proof_key
      ? buildProofUrl(row.user_id, 'qualification_proof')
      : null,
    submitted_at: new Date(row.last_updated).toISOString(),
  };
}

export async function listVerifications(
  ctx: AppContext,
  query: VerificationQuery,
): Promise<VerificationList> {
  const status = query.status === 'all' ? null : (query.status ?? 'pending');
  const patterns = toSearchPatterns(query.search);
  return pageOf(
    ctx,
    'verifications/',
    query,
    countVerifications,
    listVerificationRows,
    [status, patterns],
    toVerification,
  );
}

/** Approves or rejects a tutor's documents; the tutor is told by e-mail. */
export async function decideVerification(
  ctx: AppContext,
  actor: AdminActor,
  userId: number,
  decision: { approved: boolean; reason: string | null },
): Promise<AdminDone> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await decideProfileVerification(tx, userId, {
      ...decision,
      by: actor.user_id,
      at: ctx.now(),
    });
    await audit(
      tx,
      ctx,
      actor,
      decision.approved ? 'verification.approve' : 'verification.reject',
      { type: 'profile', id: userId },
      { status: before.verification_status, is_doc_verified: before.is_doc_verified },
      {
        status: decision.approved ? 'approved' : 'rejected',
        is_doc_verified: decision.approved,
        reason: decision.reason,
      },
    );
    return before;
  });
  if (decision.approved) {
    await tell(ctx, row.email, ADMIN_MAIL.approvedSubject, ADMIN_MAIL.approvedText(row.full_name));
    return done(ADMIN_MESSAGES.approved);
  }
  await tell(
    ctx,
    row.email,
    ADMIN_MAIL.rejectedSubject,
    ADMIN_MAIL.rejectedText(row.full_name, decision.reason ?? ''),
  );
  return done(ADMIN_MESSAGES.rejected);
}

// ---- users --------------------------------------------------------------

function toUser(row: ManagedUserRow, docVerified: ReadonlySet<number>): AdminUser {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone_number ? `${row.phone_country_code ?? ''}${row.phone_number}` : null,
    role: row.role,
    is_active: row.is_active,
    is_premium: row.is_premium,
    is_email_verified: row.is_email_verified,
    is_phone_verified: row.is_phone_verified,
    is_doc_verified: docVerified.has(row.id),
    suspended_at: iso(row.suspended_at),
    suspension_reason: row.suspension_reason,
    warning_count: row.warning_count,
    last_login: iso(row.last_login),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The accounts as the back office shows them, with whether their documents are verified. */
async function toUsers(ctx: AppContext, rows: readonly ManagedUserRow[]): Promise<AdminUser[]> {
  const docVerified = new Set(
    await findDocVerifiedUserIds(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => toUser(row, docVerified));
}

/** Search words: an e-mail or phone is matched as typed; `+91 98332 43110` also as its digits. */
function userSearchPatterns(search: string | undefined): string[] {
  const patterns = toSearchPatterns(search);
  const digits = (search ?? '').replace(/[\s()-]/g, '');
  if (/^\+?\d{6,15}$/.test(digits) && patterns.length > 1) return toSearchPatterns(digits);
  return patterns;
}

export async function listUsers(ctx: AppContext, query: UserQuery): Promise<AdminUserList> {
  const filter = {
    role: query.role ?? null,
    active: query.status === undefined ? null : query.status === 'active',
    patterns: userSearchPatterns(query.search),
  };
  const page = await pageOf(
    ctx,
    'users/',
    query,
    countManagedUsers,
    listManagedUsers,
    [filter],
    (row) => row,
  );
  return { ...page, results: await toUsers(ctx, page.results) };
}

export async function getUser(ctx: AppContext, id: number): Promise<AdminUser> {
  const row = requireFound(await findManagedUser(ctx.db, id));
  const [user] = await toUsers(ctx, [row]);
  return requireFound(user);
}

/** Suspends within `tx` and audits it there: the account is closed and every session ends. */
async function suspendWithin(
  tx: Queryable,
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  reason: string,
): Promise<{ user: ManagedUserRow; at: Date }> {
  const at = ctx.now();
  const user = await suspendAccount(tx, id, reason, at);
  await audit(
    tx,
    ctx,
    actor,
    'user.suspend',
    { type: 'user', id },
    { is_active: user.is_active },
    { is_active: false, reason },
  );
  return { user, at };
}

export async function suspendUser(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  reason: string,
): Promise<AdminUser> {
  const { user, at } = await ctx.db.transaction((tx) => suspendWithin(tx, ctx, actor, id, reason));
  // their open chat sockets close, on every instance
  await announceSessionsEnded(ctx.pubsub, ctx.log, user.id, at, 'suspended');
  // the poster's enquiries leave every feed, and a tutor's feed takes no token
  await invalidateFeeds(ctx, { posterId: id });
  await invalidateTutorFeed(ctx, id);
  await tell(
    ctx,
    user.email,
    ADMIN_MAIL.suspendedSubject,
    ADMIN_MAIL.suspendedText(user.full_name, reason),
  );
  return getUser(ctx, id);
}

export async function reinstateUser(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
): Promise<AdminUser> {
  await ctx.db.transaction(async (tx) => {
    const before = await reinstateAccount(tx, id);
    await audit(
      tx,
      ctx,
      actor,
      'user.reinstate',
      { type: 'user', id },
      { is_active: false, reason: before.suspension_reason },
      { is_active: true },
    );
  });
  await invalidateFeeds(ctx, { posterId: id });
  await invalidateTutorFeed(ctx, id);
  return getUser(ctx, id);
}

export async function setPremium(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  premium: boolean,
): Promise<AdminUser> {
  await ctx.db.transaction(async (tx) => {
    const before = await setAccountPremium(tx, id, premium);
    await audit(
      tx,
      ctx,
      actor,
      'user.premium',
      { type: 'user', id },
      { is_premium: before.is_premium },
      { is_premium: premium },
    );
  });
  // premium students' enquiries rank first
  await invalidateFeeds(ctx, { posterId: id });
  return getUser(ctx, id);
}

// ---- reports ------------------------------------------------------------

function toReport(row: ReportRow, messages: readonly PairMessageRow[]): AdminReport {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    message: row.message,
    created_at: new Date(row.created_at).toISOString(),
    reporter: { id: row.reporter_id, full_name: row.reporter_name, email: row.reporter_email },
    enquiry: {
      id: row.enquiry_id,
      name: row.enquiry_name,
      subject: row.subject,
      class_level: row.class_level,
      study_mode: row.study_mode,
      formatted_address: row.formatted_address,
      user_budget: row.user_budget,
      archived: row.archived,
      posted_at: new Date(row.posted_at).toISOString(),
      contacts: row.contacts,
      reports: row.reports,
    },
    poster: {
      id: row.poster_id,
      full_name: row.poster_name,
      email: row.poster_email,
      is_active: row.poster_active,
      warning_count: row.poster_warnings,
    },
    conversation: messages
      .filter((m) => m.enquiry_id === row.enquiry_id && m.tutor_id === row.reporter_id)
      .map((m) => ({
        sender_id: m.sender_id,
        content: m.content,
        created_at: new Date(m.created_at).toISOString(),
      })),
  };
}

export async function listReports(ctx: AppContext, query: ReportQuery): Promise<AdminReportList> {
  const status = query.status === 'all' ? null : (query.status ?? 'open');
  const page = await pageOf(
    ctx,
    'reports/',
    query,
    countReports,
    listReportRows,
    [status],
    (row) => row,
  );
  const messages = await listLatestMessagesOfPairs(
    ctx.db,
    page.results.map((row) => ({ enquiryId: row.enquiry_id, tutorId: row.reporter_id })),
  );
  return { ...page, results: page.results.map((row) => toReport(row, messages)) };
}

export async function dismissReport(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
): Promise<AdminDone> {
  await ctx.db.transaction(async (tx) => {
    await dismissEnquiryReport(tx, id);
    await audit(
      tx,
      ctx,
      actor,
      'report.dismiss',
      { type: 'report', id },
      { status: 'open' },
      { status: 'dismissed' },
    );
  });
  return done(ADMIN_MESSAGES.reportDismissed);
}

/**
 * Confirms a report: the enquiry is archived, every open report of it closed as
 * fake, every paying tutor refunded, and the poster warned or suspended.
 */
export async function confirmFakeReport(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  body: ConfirmFakeBody,
): Promise<ConfirmFakeResult> {
  const reason = body.reason || 'Enquiry confirmed fake';
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { report, closed, refundedContacts } = await confirmReportFake(ctx, tx, id, reason, now);
    const refunded = {
      tutors: refundedContacts.length,
      coins: refundedContacts.reduce((sum, item) => sum + item.coins, 0),
    };
    const poster = await findManagedUser(tx, report.poster_id, true);
    let posterAction: 'warn' | 'suspend' | 'none' = 'none';
    let suspendedAt: Date | null = null;
    if (poster?.is_active && poster.role !== 'admin') {
      if (body.poster_action === 'suspend') {
        suspendedAt = (await suspendWithin(tx, ctx, actor, poster.id, reason)).at;
        posterAction = 'suspend';
      } else {
        await warnAccount(tx, poster.id);
        posterAction = 'warn';
      }
    }
    await audit(
      tx,
      ctx,
      actor,
      'report.confirm_fake',
      { type: 'report', id },
      { status: 'open', enquiry_archived: report.archived },
      {
        status: 'confirmed_fake',
        enquiry_id: report.enquiry_id,
        closed_reports: closed,
        refunded_tutors: refunded.tutors,
        refunded_coins: refunded.coins,
        poster_action: posterAction,
      },
    );
    return { report, refunded, refundedContacts, posterAction, suspendedAt };
  });
  if (outcome.suspendedAt) {
    await announceSessionsEnded(
      ctx.pubsub,
      ctx.log,
      outcome.report.poster_id,
      outcome.suspendedAt,
      'suspended',
    );
  }
  await invalidateFeeds(ctx, { posterId: outcome.report.poster_id });
  if (outcome.posterAction === 'warn') {
    await tell(
      ctx,
      outcome.report.poster_email,
      ADMIN_MAIL.warningSubject,
      ADMIN_MAIL.warningText(outcome.report.poster_name),
    );
  } else if (outcome.posterAction === 'suspend') {
    await tell(
      ctx,
      outcome.report.poster_email,
      ADMIN_MAIL.suspendedSubject,
      ADMIN_MAIL.suspendedText(outcome.report.poster_name, reason),
    );
  }
  return {
    ...done(ADMIN_MESSAGES.reportConfirmed),
    refunded_tutors: outcome.refunded.tutors,
    refunded_coins: outcome.refunded.coins,
  };
}

// ---- payments -----------------------------------------------------------

function isRefundable(row: BackOfficePaymentRow, now: Date): boolean {
  return (
    row.refund_kind === null &&
    now.getTime() - new Date(row.created_at).getTime() <= REFUND_WINDOW_DAYS * DAY_MS
  );
}

function toPayment(row: BackOfficePaymentRow, now: Date): AdminPayment {
  return {
    id: row.id,
    order_id: row.order_id,
    user: { id: row.user_id, full_name: row.full_name, email: row.email },
    plan: row.plan,
    coins: row.coins,
    amount_paise: row.amount_paise,
    provider: row.provider,
    provider_payment_id: row.provider_payment_id,
    invoice_number: row.invoice_number,
    created_at: new Date(row.created_at).toISOString(),
    refund:
      row.refund_kind === null
        ? null
        : {
            kind: row.refund_kind,
            coins: row.refund_coins ?? 0,
            amount_paise: row.refund_amount_paise ?? 0,
            reason: row.refund_reason ?? '',
            created_at: new Date(row.refunded_at ?? row.created_at).toISOString(),
            provider_refund_id: row.refund_provider_id,
            provider_status: row.refund_provider_status,
            provider_error: row.refund_provider_error,
          },
    refundable: isRefundable(row, now),
  };
}

export async function listPayments(
  ctx: AppContext,
  query: AdminPageQuery,
): Promise<AdminPaymentList> {
  const patterns = toSearchPatterns(query.search);
  const now = ctx.now();
  return pageOf(
    ctx,
    'payments/',
    query,
    countBackOfficePayments,
    listBackOfficePayments,
    [patterns],
    (row) => toPayment(row, now),
  );
}

/** The refund decision's lock: the payment, once, within the window (else 404, 409, 400). */
async function lockRefundablePayment(
  tx: Queryable,
  id: number,
  now: Date,
): Promise<BackOfficePaymentRow> {
  const payment = requireFound(await lockBackOfficePayment(tx, id));
  if (payment.refund_kind !== null) {
    throw new AppError(409, 'already_refunded', ADMIN_MESSAGES.alreadyRefunded);
  }
  if (!isRefundable(payment, now)) {
    throw new AppError(400, 'refund_window_closed', ADMIN_MESSAGES.refundWindowClosed);
  }
  return payment;
}

type RefundDecision = Omit<Parameters<typeof insertPaymentRefund>[1], 'decidedBy'>;

/** The refund decision and its audit entry, written in the refund's own transaction. */
async function recordRefund(
  tx: Queryable,
  ctx: AppContext,
  actor: AdminActor,
  decision: RefundDecision,
  after: Record<string, unknown>,
): Promise<void> {
  // the payment's lock decides; the unique refund per payment is the last guard
  if (!(await insertPaymentRefund(tx, { ...decision, decidedBy: actor.user_id }))) {
    throw new AppError(409, 'already_refunded', ADMIN_MESSAGES.alreadyRefunded);
  }
  await audit(
    tx,
    ctx,
    actor,
    'payment.refund',
    { type: 'payment', id: decision.paymentId },
    { refund: null },
    after,
  );
}

/** One way to refund a payment, in the transaction that locked it. */
type Refund = (
  tx: Queryable,
  ctx: AppContext,
  actor: AdminActor,
  payment: BackOfficePaymentRow,
  reason: string,
  now: Date,
) => Promise<void>;

/**
 * As coins: the coins the purchase's lot still holds are taken back (a
 * `reversal` entry), and the money's worth, the coins the payment bought, is
 * credited in a new lot of the order's validity. A payment therefore never
 * ends as more than its coins at once: what was spent is given back, what was
 * not is renewed (docs/decisions/042-coupon-redemptions-and-order-snapshots.md).
 */
const refundAsCoins: Refund = async (tx, ctx, actor, payment, reason, now) => {
  const takenBack = await takeBackLot(tx, {
    userId: payment.user_id,
    lotId: payment.lot_id,
    reason: PAYMENT_MESSAGES.refundAsCoinsTakeBackReason(payment.invoice_number),
    now,
  });
  await creditCoins(tx, {
    userId: payment.user_id,
    coins: payment.coins,
    reason: PAYMENT_MESSAGES.refundAsCoinsReason(payment.invoice_number, reason).slice(0, 300),
    expiresAt: new Date(now.getTime() + payment.validity_days * DAY_MS),
    now,
  });
  await recordRefund(
    tx,
    ctx,
    actor,
    {
      paymentId: payment.id,
      kind: 'coins',
      coins: payment.coins,
      amountPaise: 0,
      providerRefundId: null,
      reason,
      at: now,
    },
    { refund: 'coins', coins: payment.coins, coins_taken_back: takenBack.coins, reason },
  );
};

/**
 * To the original method: in the transaction that locked the payment row (a
 * second refund waits, then answers 409), the purchase's coins are taken back
 * (409 when some were spent) and the refund is stored as requested with its
 * audit entry; the provider is asked afterwards by a job, outside any
 * transaction (modules/payments/refunds.ts).
 */
const refundToOriginalMethod: Refund = async (tx, ctx, actor, payment, reason, now) => {
  const requested = await requestRefundToMethod(
    ctx,
    tx,
    {
      id: payment.id,
      userId: payment.user_id,
      lotId: payment.lot_id,
      provider: payment.provider,
      invoiceNumber: payment.invoice_number,
      amountPaise: payment.amount_paise,
    },
    { reason, decidedBy: actor.user_id, now },
  );
  if (!requested) throw new AppError(409, 'already_refunded', ADMIN_MESSAGES.alreadyRefunded);
  await audit(
    tx,
    ctx,
    actor,
    'payment.refund',
    { type: 'payment', id: payment.id },
    { refund: null },
    {
      refund: 'original',
      amount_paise: payment.amount_paise,
      coins_taken_back: requested.coins,
      provider_status: 'requested',
      reason,
    },
  );
};

/**
 * Asks again for a refund to the original method that failed, or whose
 * sending ran out of tries: the coins given back are taken back again, and
 * the provider is asked by a job. Audited.
 */
export async function retryRefund(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
): Promise<AdminPayment> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    requireFound(await lockBackOfficePayment(tx, id)); // locked for the retry
    const retried = await retryRefundToMethod(ctx, tx, id, now);
    if (!retried) throw new AppError(404, 'not_found', ADMIN_MESSAGES.noRefundToRetry);
    await audit(
      tx,
      ctx,
      actor,
      'payment.refund_retry',
      { type: 'payment', id },
      { provider_status: retried.before },
      { provider_status: 'requested', coins_taken_back: retried.coins },
    );
  });
  return readPayment(ctx, id);
}

/** A payment as the back office shows it once a decision is stored. */
async function readPayment(ctx: AppContext, id: number): Promise<AdminPayment> {
  const row = requireFound(await lockBackOfficePayment(ctx.db, id));
  return toPayment(row, ctx.now());
}

/**
 * Refunds a payment within the refund policy's window, once (a second try is
 * a 409): as coins, or to the original payment method through the payments
 * adapter (docs/decisions/031-refunds-to-the-original-method.md). Either way
 * the payment is locked first and the refund is written in that transaction.
 */
export async function refundPayment(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  body: RefundBody,
): Promise<AdminPayment> {
  const refund = body.method === 'original' ? refundToOriginalMethod : refundAsCoins;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const payment = await lockRefundablePayment(tx, id, now);
    await refund(tx, ctx, actor, payment, body.reason, now);
  });
  return readPayment(ctx, id);
}

// ---- failed jobs --------------------------------------------------------

/** What a failed job was for, in words its kind gives (its name when the kind is gone). */
function describeJob(ctx: AppContext, name: string, data: unknown): string {
  const kind = jobKinds(ctx).find((item) => item.name === name);
  if (!kind || typeof data !== 'object' || data === null) return name;
  try {
    return kind.describe(data as never);
  } catch {
    return name;
  }
}

export async function listFailedJobs(ctx: AppContext): Promise<AdminFailedJobList> {
  const failed = await ctx.jobs.listFailed(ADMIN_FAILED_JOBS_SHOWN);
  return {
    count: failed.count,
    results: failed.jobs.map((job) => ({
      id: job.id,
      kind: job.name,
      summary: describeJob(ctx, job.name, job.data),
      error: job.error,
      tries: job.tries,
      created_at: job.createdAt.toISOString(),
      failed_at: job.failedAt?.toISOString() ?? null,
    })),
  };
}

/** Gives a failed job another try; the audit entry names it. */
export async function retryFailedJob(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
): Promise<AdminDone> {
  const failed = (await ctx.jobs.listFailed(ADMIN_FAILED_JOBS_SHOWN)).jobs.find(
    (job) => job.id === id,
  );
  if (!(await ctx.jobs.retry(id))) {
    throw new AppError(404, 'not_found', ADMIN_MESSAGES.jobNotFound);
  }
  await ctx.db.transaction((tx) =>
    audit(
      tx,
      ctx,
      actor,
      'job.retry',
      // job ids are not numbers: the id is in the entry itself
      { type: 'job', id: null },
      { id, state: 'failed', kind: failed?.name ?? null, error: failed?.error ?? null },
      { id, state: 'retry' },
    ),
  );
  return done(ADMIN_MESSAGES.jobRetried);
}

// ---- uploads ------------------------------------------------------------

/**
 * Stores a public image for blogs and FAQs (modules/content checks and
 * rewrites it) and audits the upload; when the audit entry cannot be written
 * the file is removed again.
 */
export async function uploadContentImage(
  ctx: AppContext,
  actor: AdminActor,
  data: Buffer | undefined,
): Promise<AdminUploadResult> {
  const image = await storeContentImage(ctx, data);
  try {
    await ctx.db.transaction((tx) =>
      audit(tx, ctx, actor, 'content.image_upload', { type: 'content_image', id: null }, null, {
        path: image.path,
        content_type: image.content_type,
        bytes: image.bytes,
      }),
    );
  } catch (error) {
    await removeContentImage(ctx, image.path);
    throw error;
  }
  return image;
}

// ---- content (stored and checked by modules/content) ---------------------

/**
 * The back office's list, create, update and delete for one kind of content:
 * modules/content does the work in this transaction, and the audit entry is
 * written in the same one.
 */
function auditedContent<Item, Body, Patch>(
  editor: ContentEditor<Item, Body, Patch>,
  path: string,
): {
  list: (ctx: AppContext, query: AdminPageQuery) => Promise<Paged<Item>>;
  create: (ctx: AppContext, actor: AdminActor, body: Body) => Promise<Item>;
  update: (ctx: AppContext, actor: AdminActor, id: number, patch: Patch) => Promise<Item>;
  remove: (ctx: AppContext, actor: AdminActor, id: number) => Promise<AdminDone>;
} {
  const target = (id: number) => ({ type: editor.target, id });
  return {
    list: (ctx, query) => searchedPageOf(ctx, path, query, editor.list),

    create: async (ctx, actor, body) => {
      const result = await ctx.db.transaction(async (tx) => {
        const made = await editor.create(tx, body, actor.user_id, ctx.now());
        await audit(tx, ctx, actor, `${editor.action}.create`, target(made.id), null, made.after);
        return made.item;
      });
      editor.changed(ctx.db);
      return result;
    },

    update: async (ctx, actor, id, patch) => {
      const result = await ctx.db.transaction(async (tx) => {
        const edit = await editor.update(tx, id, patch, ctx.now());
        await audit(
          tx,
          ctx,
          actor,
          `${editor.action}.${edit.change}`,
          target(id),
          edit.before,
          edit.after,
        );
        return edit.item;
      });
      editor.changed(ctx.db);
      return result;
    },

    remove: async (ctx, actor, id) => {
      await ctx.db.transaction(async (tx) => {
        const before = await editor.remove(tx, id);
        await audit(tx, ctx, actor, `${editor.action}.delete`, target(id), before, null);
      });
      editor.changed(ctx.db);
      return done(ADMIN_MESSAGES.deleted);
    },
  };
}

const blogs = auditedContent(blogEditor, 'blogs/');
const articles = auditedContent(articleEditor, 'articles/');

export const listBlogs = blogs.list;
export const createBlog = blogs.create;
export const updateBlog = blogs.update;
export const deleteBlog = blogs.remove;

export const listArticles = articles.list;
export const createArticle = articles.create;
export const updateArticle = articles.update;
export const deleteArticle = articles.remove;

// ---- policies and area guides (stored and checked by modules/content) ----

export async function listDocuments(
  ctx: AppContext,
  query: AdminPageQuery,
): Promise<AdminDocumentList> {
  return searchedPageOf(ctx, 'documents/', query, findDocuments);
}

/** An edit, with the text before and after in the audit log (the document's history). */
export const updateDocument = auditedUpdate<SiteDocumentWithId, AdminDocument, AdminDocumentPatch>({
  target: 'document',
  edit: editDocument,
  snapshot: documentSnapshot,
  toItem: (row) => row,
});

// ---- plans and coupons --------------------------------------------------

/** A row that can be retired: made inactive rather than deleted. */
interface RetirableRow {
  id: number;
  is_active: boolean;
}

/** One kind of back-office row whose every write is audited with the row before and after. */
interface AuditedKind<Row extends RetirableRow, Item, Body, Patch> {
  /** The audit action prefix: `plan` is audited as `plan.create`, `plan.update` and `plan.retire`. */
  action: string;
  target: AuditTargetType;
  /** The owner's write of a new row, read back; it refuses one that is taken. */
  create: (tx: Queryable, body: Body, at: Date) => Promise<Row>;
  /** The owner's edit of a row, read before and after. */
  edit: (tx: Queryable, id: number, patch: Patch, at: Date) => Promise<{ before: Row; after: Row }>;
  /** What the audit log keeps of a row. */
  snapshot: (row: Row) => Record<string, unknown>;
  toItem: (row: Row) => Item;
}

interface AuditedEditor<Item, Body, Patch> {
  create: (ctx: AppContext, actor: AdminActor, body: Body) => Promise<Item>;
  update: (ctx: AppContext, actor: AdminActor, id: number, patch: Patch) => Promise<Item>;
}

/**
 * Create and update for one kind of row: each write and its audit entry share one
 * transaction; an update that makes an active row inactive is audited as a retirement.
 */
function editAudited<Row extends RetirableRow, Item, Body, Patch>(
  kind: AuditedKind<Row, Item, Body, Patch>,
): AuditedEditor<Item, Body, Patch> {
  return {
    create: (ctx, actor, body) =>
      ctx.db.transaction(async (tx) => {
        const row = await kind.create(tx, body, ctx.now());
        const target = { type: kind.target, id: row.id };
        await audit(tx, ctx, actor, `${kind.action}.create`, target, null, kind.snapshot(row));
        return kind.toItem(row);
      }),

    update: auditedUpdate({
      target: kind.target,
      action: (before, after) =>
        `${kind.action}.${before.is_active && !after.is_active ? 'retire' : 'update'}`,
      edit: kind.edit,
      snapshot: kind.snapshot,
      toItem: kind.toItem,
    }),
  };
}

function toAdminPlan(row: EditablePlanRow): AdminPlan {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function planSnapshot(row: EditablePlanRow): Record<string, unknown> {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return rest;
}

export async function listPlans(ctx: AppContext, query: AdminPageQuery): Promise<AdminPlanList> {
  return pageOf(ctx, 'plans/', query, countPlans, listPlansPage, [], toAdminPlan);
}

const plans = editAudited<EditablePlanRow, AdminPlan, AdminPlanBody, AdminPlanPatch>({
  action: 'plan',
  target: 'plan',
  create: createPlanRow,
  edit: editPlan,
  snapshot: planSnapshot,
  toItem: toAdminPlan,
});

export const createPlan = plans.create;
export const updatePlan = plans.update;

function toAdminCoupon(row: EditableCouponRow): AdminCoupon {
  return {
    ...row,
    valid_from: iso(row.valid_from),
    valid_until: iso(row.valid_until),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function couponSnapshot(row: EditableCouponRow): Record<string, unknown> {
  const { created_at: _created, redemptions: _redemptions, ...rest } = row;
  return { ...rest, valid_from: iso(rest.valid_from), valid_until: iso(rest.valid_until) };
}

export async function listCoupons(
  ctx: AppContext,
  query: AdminPageQuery,
): Promise<AdminCouponList> {
  const patterns = toSearchPatterns(query.search);
  return pageOf(
    ctx,
    'coupons/',
    query,
    countCouponsMatching,
    listCouponsMatching,
    [patterns],
    toAdminCoupon,
  );
}

const coupons = editAudited<EditableCouponRow, AdminCoupon, AdminCouponBody, AdminCouponPatch>({
  action: 'coupon',
  target: 'coupon',
  create: createCouponRow,
  edit: (tx, id, patch) => editCoupon(tx, id, patch),
  snapshot: couponSnapshot,
  toItem: toAdminCoupon,
});

export const createCoupon = coupons.create;
export const updateCoupon = coupons.update;

// ---- contact requests ---------------------------------------------------

function toContactRequest(row: ContactRequestRow): AdminContactRequest {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    contact_number: row.contact_number,
    subject: row.subject,
    message: row.message,
    image: row.image_key ? `/api/admin/contact-requests/${String(row.id)}/image/` : null,
    status: row.status,
    note: row.note,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: iso(row.updated_at),
  };
}

export async function listContactRequests(
  ctx: AppContext,
  query: ContactRequestQuery,
): Promise<AdminContactRequestList> {
  const status = query.status === 'all' || query.status === undefined ? null : query.status;
  const patterns = toSearchPatterns(query.search);
  return pageOf(
    ctx,
    'contact-requests/',
    query,
    countContactRequests,
    listContactRequestRows,
    [status, patterns],
    toContactRequest,
  );
}

export const updateContactRequest = auditedUpdate<
  ContactRequestRow,
  AdminContactRequest,
  ContactRequestPatch
>({
  target: 'contact_request',
  edit: updateContactRequestStatus,
  snapshot: (row) => ({ status: row.status, note: row.note }),
  toItem: toContactRequest,
});

/** The image a contact request came with (private: administrators only). */
export { getContactRequestImage } from '../contact/service.ts';

// ---- administrators -----------------------------------------------------

/** Makes an administrator (`npm run admin:create`); the account is the sign-in module's. */
export { createAdministrator } from '../auth/service.ts';
