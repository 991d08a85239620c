import { columnsOf } from '../../db/columns.ts';
import type { Queryable } from '../../db/connection.ts';

/** Search words as ILIKE patterns; an empty list matches everything. */
export type Patterns = readonly string[];

async function countOf(db: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  const rows = await db.query<{ count: number }>(sql, params);
  return rows[0]?.count ?? 0;
}

// ---- audit log ----------------------------------------------------------

export interface NewAuditEntry {
  actorId: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: number | null;
  before: unknown;
  after: unknown;
  at: Date;
}

export async function insertAuditEntry(db: Queryable, entry: NewAuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO admin_audit_log (actor_id, actor_email, action, target_type, target_id, before,
                                  after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      entry.actorId,
      entry.actorEmail,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.at,
    ],
  );
}

export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

const AUDIT_WHERE = `($1::text IS NULL OR target_type = $1)
   AND ($2::int IS NULL OR target_id = $2)
   AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS t(p)
                    WHERE NOT (action ILIKE t.p OR actor_email ILIKE t.p))`;

export function countAuditEntries(
  db: Queryable,
  targetType: string | null,
  targetId: number | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM admin_audit_log WHERE ${AUDIT_WHERE}`, [
    targetType,
    targetId,
    patterns,
  ]);
}

export function listAuditEntries(
  db: Queryable,
  targetType: string | null,
  targetId: number | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT id::int AS id, actor_id, actor_email, action, target_type, target_id, before, after,
            created_at
       FROM admin_audit_log WHERE ${AUDIT_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [targetType, targetId, patterns, limit, offset],
  );
}

// ---- users --------------------------------------------------------------

export interface AdminUserRow {
  id: number;
  full_name: string;
  email: string;
  phone_country_code: string | null;
  phone_number: string | null;
  role: 'teacher' | 'student' | 'admin';
  is_active: boolean;
  is_premium: boolean;
  is_email_verified: boolean;
  is_phone_verified: boolean;
  is_doc_verified: boolean;
  suspended_at: Date | null;
  suspension_reason: string | null;
  warning_count: number;
  last_login: Date | null;
  created_at: Date;
}

const USER_COLUMNS = `u.id, u.full_name, u.email, u.phone_country_code, u.phone_number, u.role,
       u.is_active, u.is_premium, u.is_email_verified, u.is_phone_verified,
       coalesce(p.is_doc_verified, false) AS is_doc_verified, u.suspended_at, u.suspension_reason,
       u.warning_count, u.last_login, u.created_at`;

/** Every word must match the name, the e-mail or the phone number. */
const USER_WHERE = `($1::text IS NULL OR u.role = $1)
   AND ($2::boolean IS NULL OR u.is_active = $2)
   AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS t(p)
                    WHERE NOT (u.full_name ILIKE t.p OR u.email ILIKE t.p
                               OR coalesce(u.phone_number, '') ILIKE t.p
                               OR (coalesce(u.phone_country_code, '') || coalesce(u.phone_number, '')) ILIKE t.p))`;

export function countUsers(
  db: Queryable,
  role: string | null,
  active: boolean | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM users u WHERE ${USER_WHERE}`, [
    role,
    active,
    patterns,
  ]);
}

export function listUsers(
  db: Queryable,
  role: string | null,
  active: boolean | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<AdminUserRow[]> {
  return db.query<AdminUserRow>(
    `SELECT ${USER_COLUMNS}
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE ${USER_WHERE}
      ORDER BY u.created_at DESC, u.id DESC LIMIT $4 OFFSET $5`,
    [role, active, patterns, limit, offset],
  );
}

/** One user, locked for the rest of the transaction when `lock` is set. */
export async function findUser(
  db: Queryable,
  id: number,
  lock = false,
): Promise<AdminUserRow | null> {
  const rows = await db.query<AdminUserRow>(
    `SELECT ${USER_COLUMNS}
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setUserSuspension(
  db: Queryable,
  id: number,
  suspension: { at: Date; reason: string } | null,
): Promise<void> {
  await db.query(
    `UPDATE users SET is_active = $2, suspended_at = $3, suspension_reason = $4, updated_at = now()
      WHERE id = $1`,
    [id, suspension === null, suspension?.at ?? null, suspension?.reason ?? null],
  );
}

export async function setUserPremium(db: Queryable, id: number, premium: boolean): Promise<void> {
  await db.query('UPDATE users SET is_premium = $2, updated_at = now() WHERE id = $1', [
    id,
    premium,
  ]);
}

export async function addUserWarning(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET warning_count = warning_count + 1 WHERE id = $1', [id]);
}

// ---- verification -------------------------------------------------------

export interface VerificationRow {
  user_id: number;
  full_name: string;
  email: string;
  phone_country_code: string | null;
  phone_number: string | null;
  verification_status: 'none' | 'pending' | 'approved' | 'rejected';
  is_doc_verified: boolean;
  verification_reason: string | null;
  verification_decided_at: Date | null;
  id_proof_key: string | null;
  qualification_proof_key: string | null;
  last_updated: Date;
}

const VERIFICATION_WHERE = `u.role = 'teacher'
   AND ($1::text IS NULL OR p.verification_status = $1)
   AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS t(p)
                    WHERE NOT (u.full_name ILIKE t.p OR u.email ILIKE t.p))`;

export function countVerifications(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE ${VERIFICATION_WHERE}`,
    [status, patterns],
  );
}

const VERIFICATION_COLUMNS = `p.user_id, u.full_name, u.email, u.phone_country_code, u.phone_number,
       p.verification_status, p.is_doc_verified, p.verification_reason, p.verification_decided_at,
       p.id_proof_key, p.qualification_proof_key, p.last_updated`;

/** Oldest submissions first: the queue is worked from the front. */
export function listVerifications(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<VerificationRow[]> {
  return db.query<VerificationRow>(
    `SELECT ${VERIFICATION_COLUMNS}
       FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE ${VERIFICATION_WHERE}
      ORDER BY p.last_updated, p.user_id LIMIT $3 OFFSET $4`,
    [status, patterns, limit, offset],
  );
}

export async function findVerificationForUpdate(
  db: Queryable,
  userId: number,
): Promise<(VerificationRow & { role: string }) | null> {
  const rows = await db.query<VerificationRow & { role: string }>(
    `SELECT ${VERIFICATION_COLUMNS}, u.role
       FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.user_id = $1 FOR UPDATE OF p`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function setVerificationDecision(
  db: Queryable,
  userId: number,
  decision: { approved: boolean; reason: string | null; by: number; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE profiles
        SET is_doc_verified = $2, verification_status = CASE WHEN $2 THEN 'approved' ELSE 'rejected' END,
            verification_reason = $3, verification_decided_by = $4, verification_decided_at = $5
      WHERE user_id = $1`,
    [userId, decision.approved, decision.reason, decision.by, decision.at],
  );
}

// ---- reports ------------------------------------------------------------

export interface ReportRow {
  id: number;
  status: 'open' | 'confirmed_fake' | 'dismissed';
  reason: string;
  message: string;
  created_at: Date;
  reporter_id: number;
  reporter_name: string;
  reporter_email: string;
  enquiry_id: number;
  enquiry_name: string;
  subject: string;
  class_level: string;
  study_mode: string;
  formatted_address: string;
  user_budget: number;
  archived: boolean;
  posted_at: Date;
  contacts: number;
  reports: number;
  poster_id: number;
  poster_name: string;
  poster_email: string;
  poster_active: boolean;
  poster_warnings: number;
}

const REPORT_COLUMNS = `r.id, r.status, r.reason, r.message, r.created_at,
       t.id AS reporter_id, t.full_name AS reporter_name, t.email AS reporter_email,
       e.id AS enquiry_id, e.name AS enquiry_name, e.subject, e.class_level, e.study_mode,
       e.formatted_address, e.user_budget, e.archived, e.posted_at,
       (SELECT count(*)::int FROM enquiry_contacts c WHERE c.enquiry_id = e.id) AS contacts,
       (SELECT count(*)::int FROM enquiry_reports x WHERE x.enquiry_id = e.id) AS reports,
       s.id AS poster_id, s.full_name AS poster_name, s.email AS poster_email,
       s.is_active AS poster_active, s.warning_count AS poster_warnings`;

const REPORT_FROM = `enquiry_reports r
       JOIN enquiries e ON e.id = r.enquiry_id
       JOIN users t ON t.id = r.tutor_id
       JOIN users s ON s.id = e.student_id`;

export function countReports(db: Queryable, status: string | null): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM enquiry_reports r WHERE ($1::text IS NULL OR r.status = $1)`,
    [status],
  );
}

export function listReports(
  db: Queryable,
  status: string | null,
  limit: number,
  offset: number,
): Promise<ReportRow[]> {
  return db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM}
      WHERE ($1::text IS NULL OR r.status = $1)
      ORDER BY r.created_at, r.id LIMIT $2 OFFSET $3`,
    [status, limit, offset],
  );
}

export async function findReportForUpdate(db: Queryable, id: number): Promise<ReportRow | null> {
  const rows = await db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM ${REPORT_FROM} WHERE r.id = $1 FOR UPDATE OF r, e`,
    [id],
  );
  return rows[0] ?? null;
}

export interface ConversationMessageRow {
  enquiry_id: number;
  tutor_id: number;
  sender_id: number;
  content: string;
  created_at: Date;
}

/** The last 50 messages of each (enquiry, tutor) conversation asked for, oldest first. */
export function listReportConversations(
  db: Queryable,
  pairs: readonly { enquiryId: number; tutorId: number }[],
): Promise<ConversationMessageRow[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  return db.query<ConversationMessageRow>(
    `SELECT c.enquiry_id, c.tutor_id, m.sender_id, m.content, m.created_at
       FROM unnest($1::int[], $2::int[]) AS q(enquiry_id, tutor_id)
       JOIN conversations c ON c.enquiry_id = q.enquiry_id AND c.tutor_id = q.tutor_id
       CROSS JOIN LATERAL (
         SELECT sender_id, content, created_at, id FROM messages
          WHERE conversation_id = c.id ORDER BY id DESC LIMIT 50
       ) m
      ORDER BY c.id, m.id`,
    [pairs.map((pair) => pair.enquiryId), pairs.map((pair) => pair.tutorId)],
  );
}

/** Closes every open report of an enquiry with `status`; answers the closed ids. */
export async function closeOpenReports(
  db: Queryable,
  enquiryId: number,
  status: 'confirmed_fake' | 'dismissed',
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE enquiry_reports SET status = $2 WHERE enquiry_id = $1 AND status = 'open' RETURNING id`,
    [enquiryId, status],
  );
  return rows.map((row) => row.id);
}

export async function setReportStatus(
  db: Queryable,
  id: number,
  status: 'confirmed_fake' | 'dismissed',
): Promise<void> {
  await db.query('UPDATE enquiry_reports SET status = $2 WHERE id = $1', [id, status]);
}

export async function archiveEnquiry(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(
    'UPDATE enquiries SET archived = true, archived_at = coalesce(archived_at, $2) WHERE id = $1',
    [id, at],
  );
}

// ---- payments -----------------------------------------------------------

export interface PaymentRow {
  id: number;
  order_id: number;
  user_id: number;
  full_name: string;
  email: string;
  plan: string;
  plan_id: number;
  coins: number;
  validity_days: number;
  amount_paise: number;
  provider: 'razorpay' | 'sandbox';
  provider_payment_id: string;
  lot_id: number;
  invoice_number: string;
  created_at: Date;
  refund_kind: 'coins' | 'original' | null;
  refund_provider_id: string | null;
  refund_provider_status: 'pending' | 'processed' | 'failed' | null;
  refund_coins: number | null;
  refund_amount_paise: number | null;
  refund_reason: string | null;
  refunded_at: Date | null;
}

const PAYMENT_COLUMNS = `pm.id, pm.order_id, pm.user_id, u.full_name, u.email,
       pl.display_name AS plan, pl.id AS plan_id, l.coins, o.validity_days, pm.amount_paise,
       o.provider, pm.provider_payment_id, pm.lot_id, pm.invoice_number, pm.created_at,
       rf.kind AS refund_kind, rf.provider_refund_id AS refund_provider_id,
       rf.provider_status AS refund_provider_status, rf.coins AS refund_coins, rf.amount_paise AS refund_amount_paise,
       rf.reason AS refund_reason, rf.created_at AS refunded_at`;

const PAYMENT_FROM = `payments pm
       JOIN payment_orders o ON o.id = pm.order_id
       JOIN plans pl ON pl.id = o.plan_id
       JOIN users u ON u.id = pm.user_id
       JOIN coin_lots l ON l.id = pm.lot_id
       LEFT JOIN payment_refunds rf ON rf.payment_id = pm.id`;

const PAYMENT_WHERE = `NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(p)
                    WHERE NOT (u.full_name ILIKE t.p OR u.email ILIKE t.p
                               OR pm.invoice_number ILIKE t.p OR pm.provider_payment_id ILIKE t.p))`;

export function countPayments(db: Queryable, patterns: Patterns): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM payments pm JOIN users u ON u.id = pm.user_id
      WHERE ${PAYMENT_WHERE}`,
    [patterns],
  );
}

export function listPayments(
  db: Queryable,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM}
      WHERE ${PAYMENT_WHERE}
      ORDER BY pm.created_at DESC, pm.id DESC LIMIT $2 OFFSET $3`,
    [patterns, limit, offset],
  );
}

/**
 * The payment, locked, with its refund as it stands once the lock is held. The
 * lock is taken first and the row read by a second statement: a statement that
 * waited for the lock sees the joined refund row as it was before it waited
 * (PostgreSQL), so a refund committed meanwhile would go unseen.
 */
export async function findPaymentForUpdate(db: Queryable, id: number): Promise<PaymentRow | null> {
  const locked = await db.query<{ id: number }>(
    'SELECT id FROM payments WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (locked.length === 0) return null;
  const rows = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_FROM} WHERE pm.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function insertPaymentRefund(
  db: Queryable,
  refund: {
    paymentId: number;
    kind: 'coins' | 'original';
    coins: number;
    amountPaise: number;
    providerRefundId: string | null;
    providerStatus?: 'pending' | 'processed' | 'failed' | null;
    reversalEntryId?: number | null;
    reason: string;
    decidedBy: number;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO payment_refunds (payment_id, kind, coins, amount_paise, provider_refund_id, reason,
                                  decided_by, created_at, provider_status, provider_updated_at,
                                  reversal_entry_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::text,
             CASE WHEN $9::text IS NULL THEN NULL ELSE $8::timestamptz END, $10)
     ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
    [
      refund.paymentId,
      refund.kind,
      refund.coins,
      refund.amountPaise,
      refund.providerRefundId,
      refund.reason,
      refund.decidedBy,
      refund.at,
      refund.providerStatus ?? null,
      refund.reversalEntryId ?? null,
    ],
  );
  return rows.length > 0;
}

// ---- plans and coupons --------------------------------------------------

/** The named fields only, in the order named (an edit reads back more than it writes). */
function pick<Fields, Name extends keyof Fields>(
  fields: Fields,
  names: readonly Name[],
): Pick<Fields, Name> {
  const picked: Partial<Pick<Fields, Name>> = {};
  for (const name of names) picked[name] = fields[name];
  return picked as Pick<Fields, Name>;
}

/** `$1, $2, …` for `count` values. */
function placeholders(count: number): string {
  return Array.from({ length: count }, (_, i) => `$${String(i + 1)}`).join(', ');
}

/** `name = $2, …` for an UPDATE whose `$1` is the row's id. */
function assignments(names: readonly string[]): string {
  return names.map((name, i) => `${name} = $${String(i + 2)}`).join(', ');
}

export interface AdminPlanRow {
  id: number;
  name: string;
  display_name: string;
  coins: number;
  price_paise: number;
  validity_days: number;
  description: string;
  recommended: boolean;
  features: string[];
  is_active: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

const PLAN_COLUMNS = `id, name, display_name, coins, price_paise, validity_days, description,
       recommended, features, is_active, sort_order, created_at, updated_at`;

export function countPlans(db: Queryable): Promise<number> {
  return countOf(db, 'SELECT count(*)::int AS count FROM plans', []);
}

export function listPlans(db: Queryable, limit: number, offset: number): Promise<AdminPlanRow[]> {
  return db.query<AdminPlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM plans ORDER BY sort_order, id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export async function findPlan(db: Queryable, id: number): Promise<AdminPlanRow | null> {
  const rows = await db.query<AdminPlanRow>(
    `SELECT ${PLAN_COLUMNS} FROM plans WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

type PlanFields = Omit<AdminPlanRow, 'id' | 'created_at' | 'updated_at'>;

/** The plan columns an edit writes: all but the name, which is fixed once the plan is made. */
const PLAN_EDITABLE = [
  'display_name',
  'coins',
  'price_paise',
  'validity_days',
  'description',
  'recommended',
  'features',
  'is_active',
  'sort_order',
] as const satisfies readonly (keyof PlanFields)[];

export async function insertPlan(
  db: Queryable,
  plan: PlanFields,
  at: Date,
): Promise<AdminPlanRow | null> {
  const { names, values } = columnsOf({
    name: plan.name,
    ...pick(plan, PLAN_EDITABLE),
    created_at: at,
    updated_at: at,
  });
  const rows = await db.query<AdminPlanRow>(
    `INSERT INTO plans (${names.join(', ')}) VALUES (${placeholders(values.length)})
     ON CONFLICT (name) DO NOTHING RETURNING ${PLAN_COLUMNS}`,
    values,
  );
  return rows[0] ?? null;
}

export async function updatePlan(
  db: Queryable,
  id: number,
  plan: PlanFields,
  at: Date,
): Promise<AdminPlanRow | null> {
  const { names, values } = columnsOf({ ...pick(plan, PLAN_EDITABLE), updated_at: at });
  const rows = await db.query<AdminPlanRow>(
    `UPDATE plans SET ${assignments(names)} WHERE id = $1 RETURNING ${PLAN_COLUMNS}`,
    [id, ...values],
  );
  return rows[0] ?? null;
}

export interface AdminCouponRow {
  id: number;
  code: string;
  kind: 'percent' | 'flat';
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  max_redemptions: number | null;
  max_per_user: number;
  plan_ids: number[];
  is_active: boolean;
  redemptions: number;
  created_at: Date;
}

const COUPON_COLUMNS = `c.id, c.code, c.kind, c.value, c.valid_from, c.valid_until, c.max_redemptions,
       c.max_per_user, c.plan_ids, c.is_active, c.created_at,
       (SELECT count(*)::int FROM coupon_redemptions r
         WHERE r.coupon_id = c.id AND r.status = 'consumed') AS redemptions`;

export function countCoupons(db: Queryable, patterns: Patterns): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM coupons c
      WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(p) WHERE NOT (c.code ILIKE t.p))`,
    [patterns],
  );
}

export function listCoupons(
  db: Queryable,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<AdminCouponRow[]> {
  return db.query<AdminCouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM coupons c
      WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(p) WHERE NOT (c.code ILIKE t.p))
      ORDER BY c.created_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
    [patterns, limit, offset],
  );
}

export async function findCoupon(db: Queryable, id: number): Promise<AdminCouponRow | null> {
  const rows = await db.query<AdminCouponRow>(
    `SELECT ${COUPON_COLUMNS} FROM coupons c WHERE c.id = $1 FOR UPDATE OF c`,
    [id],
  );
  return rows[0] ?? null;
}

type CouponFields = Omit<AdminCouponRow, 'id' | 'redemptions' | 'created_at'>;

/** The coupon columns an edit writes: all but the code and the kind, fixed once it is made. */
const COUPON_EDITABLE = [
  'value',
  'valid_from',
  'valid_until',
  'max_redemptions',
  'max_per_user',
  'plan_ids',
  'is_active',
] as const satisfies readonly (keyof CouponFields)[];

export async function insertCoupon(
  db: Queryable,
  coupon: CouponFields,
  at: Date,
): Promise<number | null> {
  const { names, values } = columnsOf({
    code: coupon.code,
    kind: coupon.kind,
    ...pick(coupon, COUPON_EDITABLE),
    created_at: at,
  });
  const rows = await db.query<{ id: number }>(
    `INSERT INTO coupons (${names.join(', ')}) VALUES (${placeholders(values.length)})
     ON CONFLICT (code) DO NOTHING RETURNING id`,
    values,
  );
  return rows[0]?.id ?? null;
}

export async function updateCoupon(db: Queryable, id: number, coupon: CouponFields): Promise<void> {
  const { names, values } = columnsOf(pick(coupon, COUPON_EDITABLE));
  await db.query(`UPDATE coupons SET ${assignments(names)} WHERE id = $1`, [id, ...values]);
}

export async function countExistingPlans(db: Queryable, ids: readonly number[]): Promise<number> {
  return countOf(db, 'SELECT count(*)::int AS count FROM plans WHERE id = ANY($1::int[])', [ids]);
}

// ---- contact requests ---------------------------------------------------

export interface AdminContactRequestRow {
  id: number;
  full_name: string;
  email: string;
  contact_number: string;
  subject: string;
  message: string;
  image_key: string | null;
  status: 'new' | 'answered' | 'closed';
  note: string;
  created_at: Date;
  updated_at: Date | null;
}

const CONTACT_COLUMNS = `id, full_name, email, contact_number, subject, message, image_key, status,
       note, created_at, updated_at`;

const CONTACT_WHERE = `($1::text IS NULL OR status = $1)
   AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS t(p)
                    WHERE NOT (full_name ILIKE t.p OR email ILIKE t.p OR message ILIKE t.p))`;

export function countContactRequests(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM contact_requests WHERE ${CONTACT_WHERE}`, [
    status,
    patterns,
  ]);
}

export function listContactRequests(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<AdminContactRequestRow[]> {
  return db.query<AdminContactRequestRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_requests WHERE ${CONTACT_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [status, patterns, limit, offset],
  );
}

export async function findContactRequest(
  db: Queryable,
  id: number,
): Promise<AdminContactRequestRow | null> {
  const rows = await db.query<AdminContactRequestRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function updateContactRequest(
  db: Queryable,
  id: number,
  fields: { status: string; note: string },
  at: Date,
): Promise<AdminContactRequestRow | null> {
  const rows = await db.query<AdminContactRequestRow>(
    `UPDATE contact_requests SET status = $2, note = $3, updated_at = $4
      WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [id, fields.status, fields.note, at],
  );
  return rows[0] ?? null;
}

// ---- administrators -----------------------------------------------------

/** Inserts an administrator; null when the e-mail is taken. */
export async function insertAdministrator(
  db: Queryable,
  admin: { email: string; passwordHash: string; fullName: string; at: Date },
): Promise<{ id: number; email: string } | null> {
  const rows = await db.query<{ id: number; email: string }>(
    `INSERT INTO users (email, password_hash, full_name, role, is_email_verified,
                        profile_completed_at, password_changed_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'admin', true, $4, $4, $4, $4)
     ON CONFLICT (email) DO NOTHING RETURNING id, email`,
    [admin.email, admin.passwordHash, admin.fullName, admin.at],
  );
  return rows[0] ?? null;
}
