/**
 * The coin ledger: lots that expire, spends that take from the lot expiring
 * first, refunds, and expiry written lazily. Every function that changes coins
 * runs inside the caller's transaction and first locks the user row, so one
 * user's coin changes happen one at a time; `coin_lots.remaining >= 0` and
 * `coin_ledger.balance_after >= 0` hold the floor in the database as well.
 *
 * Expiry is written lazily: before any change, and before the ledger is read,
 * lots past their expiry give up their remaining coins in an `expiry` entry
 * dated at the moment the lot expired. The balance itself never needs that
 * write: it is the sum of the unexpired lots at `now`.
 */
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';

import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

import {
  findLedgerEntry,
  findRefundOf,
  insertLedgerEntry,
  insertLot,
  insertSpendLot,
  lockCoinOwner,
  lockExpiredLots,
  lockLot,
  lockLotsOfSpend,
  lockSpendableLots,
  setLotRemaining,
  sumRemaining,
  sumUnexpired,
  type LotSource,
} from './queries.ts';

const MAX_COINS = 1_000_000;

function insufficientCoins(): AppError {
  return new AppError(402, 'insufficient_coins', PAYMENT_MESSAGES.insufficientCoins);
}

function checkCoins(coins: number): void {
  if (!Number.isInteger(coins) || coins <= 0 || coins > MAX_COINS) {
    throw new RangeError(`coins must be a positive integer, got ${String(coins)}`);
  }
}

function checkReason(reason: string): string {
  const trimmed = reason.trim().slice(0, 300);
  if (!trimmed) throw new RangeError('a ledger entry needs a reason');
  return trimmed;
}

async function lockOwner(tx: Queryable, userId: number): Promise<void> {
  if (!(await lockCoinOwner(tx, userId))) {
    throw new AppError(404, 'not_found', `User ${String(userId)} not found.`);
  }
}

/**
 * Writes the expiry of every lot past its expiry that still holds coins: one
 * `expiry` entry per lot, dated when the lot expired. The caller holds the
 * user's lock. Answers the balance afterwards.
 */
async function writeExpiries(tx: Queryable, userId: number, now: Date): Promise<number> {
  const expired = await lockExpiredLots(tx, userId, now);
  let balance = await sumRemaining(tx, userId);
  for (const lot of expired) {
    balance -= lot.remaining;
    await setLotRemaining(tx, lot.id, 0, lot.expires_at);
    await insertLedgerEntry(tx, {
      userId,
      kind: 'expiry',
      coins: -lot.remaining,
      balanceAfter: balance,
      reason: PAYMENT_MESSAGES.expiryReason,
      lotId: lot.id,
      createdAt: lot.expires_at,
    });
  }
  return balance;
}

/** The user's balance at `now`: the coins left in lots that have not expired. */
export async function getCoinBalance(db: Queryable, userId: number, now: Date): Promise<number> {
  return sumUnexpired(db, userId, now);
}

/**
 * Writes the pending expiries of the user inside the caller's transaction (the
 * ledger screen calls it before listing, so expired coins show as entries).
 */
export async function settleExpiredCoins(
  tx: Queryable,
  userId: number,
  now: Date,
): Promise<number> {
  await lockOwner(tx, userId);
  return writeExpiries(tx, userId, now);
}

export interface CreditInput {
  userId: number;
  coins: number;
  reason: string;
  expiresAt: Date;
  now: Date;
  source?: LotSource;
  planId?: number | null;
}

export interface CreditResult {
  entryId: number;
  lotId: number;
  balanceAfter: number;
}

/**
 * Grants `coins` in a new lot expiring at `expiresAt`, with a `credit` entry.
 * Answers null only for a second free-plan lot of the same user (given once).
 */
export async function creditCoinsOnce(
  tx: Queryable,
  input: CreditInput,
): Promise<CreditResult | null> {
  checkCoins(input.coins);
  const reason = checkReason(input.reason);
  if (input.expiresAt.getTime() <= input.now.getTime()) {
    throw new RangeError('a lot must expire after it is granted');
  }
  await lockOwner(tx, input.userId);
  const before = await writeExpiries(tx, input.userId, input.now);
  const lot = await insertLot(tx, {
    userId: input.userId,
    source: input.source ?? 'grant',
    planId: input.planId ?? null,
    coins: input.coins,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
  if (!lot) return null;
  const entry = await insertLedgerEntry(tx, {
    userId: input.userId,
    kind: 'credit',
    coins: input.coins,
    balanceAfter: before + input.coins,
    reason,
    lotId: lot.id,
    createdAt: input.now,
  });
  return { entryId: entry.id, lotId: lot.id, balanceAfter: entry.balance_after };
}

/** Grants coins (administrators' grants, purchases): a new lot and a `credit` entry. */
export async function creditCoins(tx: Queryable, input: CreditInput): Promise<CreditResult> {
  const result = await creditCoinsOnce(tx, { ...input, source: input.source ?? 'grant' });
  if (!result) throw new Error('creditCoins: the free plan is given once');
  return result;
}

export interface SpendInput {
  userId: number;
  coins: number;
  reason: string;
  enquiryId?: number | null;
  now: Date;
}

/**
 * Takes `coins` from the user's lots, the one expiring first first, inside the
 * caller's transaction. Throws 402 `insufficient_coins` and changes nothing
 * when the balance is short.
 */
export async function spendCoins(
  tx: Queryable,
  input: SpendInput,
): Promise<{ entryId: number; balanceAfter: number }> {
  checkCoins(input.coins);
  const reason = checkReason(input.reason);
  await lockOwner(tx, input.userId);
  const balance = await writeExpiries(tx, input.userId, input.now);
  if (balance < input.coins) throw insufficientCoins();
  const lots = await lockSpendableLots(tx, input.userId, input.now);
  const entry = await insertLedgerEntry(tx, {
    userId: input.userId,
    kind: 'spend',
    coins: -input.coins,
    balanceAfter: balance - input.coins,
    reason,
    enquiryId: input.enquiryId ?? null,
    createdAt: input.now,
  });
  let left = input.coins;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.remaining);
    await setLotRemaining(tx, lot.id, lot.remaining - take);
    await insertSpendLot(tx, entry.id, lot.id, take);
    left -= take;
  }
  // the sum of the lots said there was enough; the lots themselves must agree
  if (left !== 0) throw new Error('spendCoins: lots and balance disagree');
  return { entryId: entry.id, balanceAfter: entry.balance_after };
}

export interface RefundInput {
  userId: number;
  spendEntryId: number;
  reason: string;
  now: Date;
}

/**
 * Gives back the coins of one spend entry to the lots they came from, once.
 * Coins whose lot has expired meanwhile are not reinstated (the `refund`
 * entry then carries fewer coins, possibly none).
 */
export async function refundCoins(
  tx: Queryable,
  input: RefundInput,
): Promise<{ entryId: number; balanceAfter: number; coins: number }> {
  const reason = checkReason(input.reason);
  await lockOwner(tx, input.userId);
  const spend = await findLedgerEntry(tx, input.userId, input.spendEntryId);
  if (spend?.kind !== 'spend') {
    throw new AppError(404, 'not_found', PAYMENT_MESSAGES.spendNotFound);
  }
  if (await findRefundOf(tx, spend.id)) {
    throw new AppError(409, 'already_refunded', PAYMENT_MESSAGES.alreadyRefunded);
  }
  let balance = await writeExpiries(tx, input.userId, input.now);
  let reinstated = 0;
  for (const part of await lockLotsOfSpend(tx, spend.id)) {
    if (part.expires_at.getTime() <= input.now.getTime()) continue;
    const back = Math.min(part.coins, part.lot_coins - part.remaining);
    if (back <= 0) continue;
    await setLotRemaining(tx, part.lot_id, part.remaining + back);
    reinstated += back;
  }
  balance += reinstated;
  const entry = await insertLedgerEntry(tx, {
    userId: input.userId,
    kind: 'refund',
    coins: reinstated,
    balanceAfter: balance,
    reason,
    enquiryId: spend.enquiry_id,
    refundOf: spend.id,
    createdAt: input.now,
  });
  return { entryId: entry.id, balanceAfter: entry.balance_after, coins: reinstated };
}

export interface ReverseLotInput {
  userId: number;
  lotId: number;
  reason: string;
  now: Date;
}

/**
 * Takes back every coin of one lot (a purchase refunded to the original
 * payment method) with a `reversal` entry, inside the caller's transaction.
 * Only a lot that still holds all its coins, unexpired, can be taken back:
 * coins spent on contacts (unless refunded to the lot since) or expired make
 * it a 409 `coins_spent`, and nothing changes. See
 * docs/decisions/031-refunds-to-the-original-method.md.
 */
export async function reverseLot(
  tx: Queryable,
  input: ReverseLotInput,
): Promise<{ entryId: number; balanceAfter: number; coins: number }> {
  const reason = checkReason(input.reason);
  await lockOwner(tx, input.userId);
  const balance = await writeExpiries(tx, input.userId, input.now);
  const lot = await lockLot(tx, input.userId, input.lotId);
  if (!lot) throw new AppError(404, 'not_found', PAYMENT_MESSAGES.lotNotFound);
  const usable = lot.expires_at.getTime() > input.now.getTime() ? lot.remaining : 0;
  if (usable < lot.coins) {
    throw new AppError(
      409,
      'coins_spent',
      PAYMENT_MESSAGES.coinsOfPurchaseSpent(lot.coins - usable, lot.coins),
    );
  }
  await setLotRemaining(tx, lot.id, 0);
  const entry = await insertLedgerEntry(tx, {
    userId: input.userId,
    kind: 'reversal',
    coins: -lot.coins,
    balanceAfter: balance - lot.coins,
    reason,
    lotId: lot.id,
    createdAt: input.now,
  });
  return { entryId: entry.id, balanceAfter: entry.balance_after, coins: lot.coins };
}

/**
 * Takes back whatever the lot still holds, unexpired (a purchase refunded as
 * coins), with a `reversal` entry, inside the caller's transaction. Coins
 * already spent or expired stay as they are. Answers the coins taken back
 * (no entry when there were none).
 */
export async function takeBackLot(
  tx: Queryable,
  input: ReverseLotInput,
): Promise<{ entryId: number | null; coins: number }> {
  const reason = checkReason(input.reason);
  await lockOwner(tx, input.userId);
  const balance = await writeExpiries(tx, input.userId, input.now);
  const lot = await lockLot(tx, input.userId, input.lotId);
  if (!lot) throw new AppError(404, 'not_found', PAYMENT_MESSAGES.lotNotFound);
  const usable = lot.expires_at.getTime() > input.now.getTime() ? lot.remaining : 0;
  if (usable === 0) return { entryId: null, coins: 0 };
  await setLotRemaining(tx, lot.id, 0);
  const entry = await insertLedgerEntry(tx, {
    userId: input.userId,
    kind: 'reversal',
    coins: -usable,
    balanceAfter: balance - usable,
    reason,
    lotId: lot.id,
    createdAt: input.now,
  });
  return { entryId: entry.id, coins: usable };
}
