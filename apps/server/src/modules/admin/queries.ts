import type { ArticleCategory } from '@gurumatch/shared/messages/content';

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
  refund_provider_status: 'requested' | 'pending' | 'processed' | 'failed' | null;
  refund_provider_error: string | null;
  refund_coins: number | null;
  refund_amount_paise: number | null;
  refund_reason: string | null;
  refunded_at: Date | null;
}

const PAYMENT_COLUMNS = `pm.id, pm.order_id, pm.user_id, u.full_name, u.email,
       pl.display_name AS plan, pl.id AS plan_id, l.coins, o.validity_days, pm.amount_paise,
       o.provider, pm.provider_payment_id, pm.lot_id, pm.invoice_number, pm.created_at,
       rf.kind AS refund_kind, rf.provider_refund_id AS refund_provider_id,
       rf.provider_status AS refund_provider_status, rf.provider_error AS refund_provider_error, rf.coins AS refund_coins, rf.amount_paise AS refund_amount_paise,
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

// ---- content ------------------------------------------------------------

/** What a blog post and an FAQ article both read back. */
interface ContentRowBase {
  id: number;
  slug: string;
  title: string;
  content: string;
  is_published: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface AdminBlogRow extends ContentRowBase {
  excerpt: string;
  featured_image: string | null;
  tags: string[];
}

export interface AdminArticleRow extends ContentRowBase {
  category: ArticleCategory;
  video_id: string | null;
}

/** The columns every blog post and FAQ article writes (a type, so it is a record of columns). */
export type ContentColumns = {
  slug: string;
  title: string;
  content: string;
  content_text: string;
  excerpt: string;
  is_published: boolean;
  /** The sanitiser version the body was cleaned with. */
  sanitized_version: number;
};

/** The two tables of edited content: the row read back and the columns written. */
interface ContentTables {
  blog_posts: {
    row: AdminBlogRow;
    columns: ContentColumns & { featured_image: string | null; tags: readonly string[] };
    created: { author_id: number };
  };
  articles: {
    row: AdminArticleRow;
    columns: ContentColumns & {
      category: ArticleCategory;
      video_id: string | null;
      reading_time: number;
    };
    created: object;
  };
}

export type ContentTable = keyof ContentTables;
export type ContentRow<T extends ContentTable> = ContentTables[T]['row'];
/** Column → value, written on insert and on update. */
export type ContentFields<T extends ContentTable> = ContentTables[T]['columns'];
/** Column → value, written only when the row is made. */
export type ContentCreatedFields<T extends ContentTable> = ContentTables[T]['created'];

const CONTENT_COLUMNS: Record<ContentTable, string> = {
  blog_posts: `id, slug, title, content, excerpt, featured_image, tags, is_published, created_at,
       updated_at`,
  articles: `id, slug, title, content, category, video_id, is_published, created_at, updated_at`,
};

const TITLE_WHERE = `NOT EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(p) WHERE NOT (title ILIKE t.p))`;

/** The names and values of typed fields, in one order (the names are the code's own keys). */
function columnsOf(fields: Readonly<Record<string, unknown>>): {
  names: string[];
  values: unknown[];
} {
  const entries = Object.entries(fields);
  return { names: entries.map(([name]) => name), values: entries.map(([, value]) => value) };
}

export function countContent(
  db: Queryable,
  table: ContentTable,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM ${table} WHERE ${TITLE_WHERE}`, [
    patterns,
  ]);
}

export function listContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<ContentRow<T>[]> {
  return db.query<ContentRow<T>>(
    `SELECT ${CONTENT_COLUMNS[table]} FROM ${table} WHERE ${TITLE_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [patterns, limit, offset],
  );
}

export async function findContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  id: number,
  lock = false,
): Promise<ContentRow<T> | null> {
  const rows = await db.query<ContentRow<T>>(
    `SELECT ${CONTENT_COLUMNS[table]} FROM ${table} WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Inserts a post or article; null when the slug is taken. */
export async function insertContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  fields: ContentFields<T> & ContentCreatedFields<T>,
  at: Date,
): Promise<ContentRow<T> | null> {
  const { names, values } = columnsOf(fields);
  const atParam = `$${String(values.length + 1)}`;
  const rows = await db.query<ContentRow<T>>(
    `INSERT INTO ${table} (${names.join(', ')}, created_at, updated_at)
     VALUES (${names.map((_, i) => `$${String(i + 1)}`).join(', ')}, ${atParam}, ${atParam})
     ON CONFLICT (slug) DO NOTHING RETURNING ${CONTENT_COLUMNS[table]}`,
    [...values, at],
  );
  return rows[0] ?? null;
}

/** Updates a post or article; null when the new slug is taken by another row. */
export async function updateContent<T extends ContentTable>(
  db: Queryable,
  table: T,
  id: number,
  fields: ContentFields<T>,
  at: Date,
): Promise<ContentRow<T> | null> {
  if (await isSlugTaken(db, table, fields.slug, id)) return null;
  const { names, values } = columnsOf(fields);
  const rows = await db.query<ContentRow<T>>(
    `UPDATE ${table}
        SET ${names.map((name, i) => `${name} = $${String(i + 2)}`).join(', ')},
            updated_at = $${String(values.length + 2)}
      WHERE id = $1 RETURNING ${CONTENT_COLUMNS[table]}`,
    [id, ...values, at],
  );
  return rows[0] ?? null;
}

export async function deleteContent(db: Queryable, table: ContentTable, id: number): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

export async function isSlugTaken(
  db: Queryable,
  table: ContentTable,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const count = await countOf(
    db,
    `SELECT count(*)::int AS count FROM ${table} WHERE slug = $1 AND ($2::int IS NULL OR id <> $2)`,
    [slug, exceptId],
  );
  return count > 0;
}
