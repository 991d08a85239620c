import type { Queryable } from '../../db/connection.ts';

// ---------------------------------------------------------------- coin lots and ledger

export type LedgerKind = 'credit' | 'spend' | 'expiry' | 'refund';
export type LotSource = 'free_plan' | 'purchase' | 'grant';

export interface LotRow {
  id: number;
  user_id: number;
  source: LotSource;
  plan_id: number | null;
  coins: number;
  remaining: number;
  expires_at: Date;
  expired_at: Date | null;
  created_at: Date;
}

export interface LedgerRow {
  id: number;
  user_id: number;
  kind: LedgerKind;
  coins: number;
  balance_after: number;
  reason: string;
  lot_id: number | null;
  enquiry_id: number | null;
  refund_of: number | null;
  created_at: Date;
}

/** Locks the user row: every change of one user's coins happens one at a time. */
export async function lockCoinOwner(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return rows.length > 0;
}

/** The sum of every lot's remaining coins (expired lots count until their expiry is written). */
export async function sumRemaining(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    'SELECT COALESCE(SUM(remaining), 0)::int AS total FROM coin_lots WHERE user_id = $1',
    [userId],
  );
  return row?.total ?? 0;
}

/** The balance: coins left in lots that have not expired at `now`. */
export async function sumUnexpired(db: Queryable, userId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    `SELECT COALESCE(SUM(remaining), 0)::int AS total
       FROM coin_lots WHERE user_id = $1 AND expires_at > $2`,
    [userId, now],
  );
  return row?.total ?? 0;
}

/** Lots past their expiry that still hold coins, oldest expiry first, locked. */
export async function lockExpiredLots(db: Queryable, userId: number, now: Date): Promise<LotRow[]> {
  return db.query<LotRow>(
    `SELECT * FROM coin_lots
      WHERE user_id = $1 AND remaining > 0 AND expires_at <= $2
      ORDER BY expires_at, id
      FOR UPDATE`,
    [userId, now],
  );
}

/** Lots that can be spent from, the one expiring first first, locked. */
export async function lockSpendableLots(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<LotRow[]> {
  return db.query<LotRow>(
    `SELECT * FROM coin_lots
      WHERE user_id = $1 AND remaining > 0 AND expires_at > $2
      ORDER BY expires_at, id
      FOR UPDATE`,
    [userId, now],
  );
}

export async function setLotRemaining(
  db: Queryable,
  lotId: number,
  remaining: number,
  expiredAt: Date | null = null,
): Promise<void> {
  await db.query(
    'UPDATE coin_lots SET remaining = $2, expired_at = COALESCE($3, expired_at) WHERE id = $1',
    [lotId, remaining, expiredAt],
  );
}

export interface NewLot {
  userId: number;
  source: LotSource;
  planId: number | null;
  coins: number;
  expiresAt: Date;
  createdAt: Date;
}

/** Inserts a lot; null when it would be a second free-plan lot of the user. */
export async function insertLot(db: Queryable, lot: NewLot): Promise<LotRow | null> {
  const rows = await db.query<LotRow>(
    `INSERT INTO coin_lots (user_id, source, plan_id, coins, remaining, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [lot.userId, lot.source, lot.planId, lot.coins, lot.expiresAt, lot.createdAt],
  );
  return rows[0] ?? null;
}

export interface NewLedgerEntry {
  userId: number;
  kind: LedgerKind;
  coins: number;
  balanceAfter: number;
  reason: string;
  lotId?: number | null;
  enquiryId?: number | null;
  refundOf?: number | null;
  createdAt: Date;
}

export async function insertLedgerEntry(db: Queryable, entry: NewLedgerEntry): Promise<LedgerRow> {
  const rows = await db.query<LedgerRow>(
    `INSERT INTO coin_ledger (user_id, kind, coins, balance_after, reason, lot_id, enquiry_id,
                              refund_of, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING *`,
    [
      entry.userId,
      entry.kind,
      entry.coins,
      entry.balanceAfter,
      entry.reason,
      entry.lotId ?? null,
      entry.enquiryId ?? null,
      entry.refundOf ?? null,
      entry.createdAt,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insertLedgerEntry: no row returned');
  return row;
}

export async function insertSpendLot(
  db: Queryable,
  entryId: number,
  lotId: number,
  coins: number,
): Promise<void> {
  await db.query('INSERT INTO coin_spend_lots (entry_id, lot_id, coins) VALUES ($1, $2, $3)', [
    entryId,
    lotId,
    coins,
  ]);
}

export async function findLedgerEntry(
  db: Queryable,
  userId: number,
  entryId: number,
): Promise<LedgerRow | null> {
  const rows = await db.query<LedgerRow>(
    'SELECT * FROM coin_ledger WHERE id = $1 AND user_id = $2',
    [entryId, userId],
  );
  return rows[0] ?? null;
}

export async function findRefundOf(db: Queryable, spendEntryId: number): Promise<LedgerRow | null> {
  const rows = await db.query<LedgerRow>('SELECT * FROM coin_ledger WHERE refund_of = $1', [
    spendEntryId,
  ]);
  return rows[0] ?? null;
}

export interface SpendLotRow {
  lot_id: number;
  coins: number;
  remaining: number;
  lot_coins: number;
  expires_at: Date;
}

/** The lots a spend took from, locked. */
export async function lockLotsOfSpend(db: Queryable, entryId: number): Promise<SpendLotRow[]> {
  return db.query<SpendLotRow>(
    `SELECT s.lot_id, s.coins, l.remaining, l.coins AS lot_coins, l.expires_at
       FROM coin_spend_lots s JOIN coin_lots l ON l.id = s.lot_id
      WHERE s.entry_id = $1
      ORDER BY l.expires_at, l.id
      FOR UPDATE OF l`,
    [entryId],
  );
}

export async function countLedgerEntries(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM coin_ledger WHERE user_id = $1',
    [userId],
  );
  return row?.count ?? 0;
}

/** One page of the user's ledger, newest first. */
export async function listLedgerEntries(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    `SELECT * FROM coin_ledger WHERE user_id = $1
      ORDER BY id DESC
      LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

// ---------------------------------------------------------------- plans

export interface PlanRow {
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
}

export async function listActivePlans(db: Queryable): Promise<PlanRow[]> {
  return db.query<PlanRow>('SELECT * FROM plans WHERE is_active ORDER BY sort_order, id');
}

export async function findPlanById(db: Queryable, id: number): Promise<PlanRow | null> {
  const rows = await db.query<PlanRow>('SELECT * FROM plans WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findPlanByName(db: Queryable, name: string): Promise<PlanRow | null> {
  const rows = await db.query<PlanRow>('SELECT * FROM plans WHERE name = $1', [name]);
  return rows[0] ?? null;
}

export async function hasFreePlanLot(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    "SELECT id FROM coin_lots WHERE user_id = $1 AND source = 'free_plan'",
    [userId],
  );
  return rows.length > 0;
}

/** True when a tutor has finished onboarding (the status answers dashboard). */
export async function isOnboardedTeacher(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ ok: boolean }>(
    `SELECT u.role = 'teacher' AND u.is_active AND u.is_phone_verified
            AND u.profile_completed_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM user_addresses a WHERE a.user_id = u.id) AS ok
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.ok === true;
}
