import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { grantCoins, registerTeacher, rows } from '../../../test/factories.ts';
import { AppError } from '../../errors.ts';

import {
  creditCoins,
  getCoinBalance,
  grantFreePlanOnce,
  refundCoins,
  spendCoins,
} from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-03-01T10:00:00Z') });
});

afterAll(async () => {
  await t.close();
});

interface EntryRow {
  id: number;
  kind: string;
  coins: number;
  balance_after: number;
  reason: string;
  lot_id: number | null;
  enquiry_id: number | null;
  created_at: Date;
}

async function teacherId(): Promise<number> {
  return (await registerTeacher(t.app)).userId;
}

function entriesOf(userId: number): Promise<EntryRow[]> {
  return rows<EntryRow>(t.db, 'SELECT * FROM coin_ledger WHERE user_id = $1 ORDER BY id', [userId]);
}

function lotsOf(userId: number): Promise<{ id: number; coins: number; remaining: number }[]> {
  return rows(t.db, 'SELECT id, coins, remaining FROM coin_lots WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);
}

function spend(userId: number, coins: number, enquiryId: number | null = null) {
  return t.db.transaction((tx) =>
    spendCoins(tx, {
      userId,
      coins,
      reason: 'Contacted an enquiry',
      enquiryId,
      now: t.clock.now(),
    }),
  );
}

describe('spendCoins', () => {
  it('takes coins from the lot that expires first and records the balance after', async () => {
    const userId = await teacherId();
    const now = t.clock.now();
    const late = await grantCoins(t.db, userId, 10, now, 365);
    const early = await grantCoins(t.db, userId, 5, now, 30);

    const result = await spend(userId, 7, 42);

    expect(result.balanceAfter).toBe(8);
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(8);
    const lots = await lotsOf(userId);
    expect(lots.find((lot) => lot.id === early.lotId)?.remaining).toBe(0);
    expect(lots.find((lot) => lot.id === late.lotId)?.remaining).toBe(8);
    const entries = await entriesOf(userId);
    expect(entries.map((entry) => [entry.kind, entry.coins, entry.balance_after])).toEqual([
      ['credit', 10, 10],
      ['credit', 5, 15],
      ['spend', -7, 8],
    ]);
    expect(entries[2]?.id).toBe(result.entryId);
    expect(entries[2]?.enquiry_id).toBe(42);
  });

  it('refuses a spend above the balance with 402 insufficient_coins and changes nothing', async () => {
    const userId = await teacherId();
    await grantCoins(t.db, userId, 3, t.clock.now());

    const failure = await spend(userId, 4).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 402, code: 'insufficient_coins' });
    expect((failure as AppError).detail).toContain('Insufficient coins');
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(3);
    expect((await entriesOf(userId)).map((entry) => entry.kind)).toEqual(['credit']);
  });

  it('refuses a spend with no coins at all', async () => {
    const userId = await teacherId();
    await expect(spend(userId, 1)).rejects.toMatchObject({ code: 'insufficient_coins' });
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('lets exactly as many parallel spends through as there are coins, never below zero (concurrent; proves locking on PostgreSQL)', async () => {
    const userId = await teacherId();
    await grantCoins(t.db, userId, 6, t.clock.now(), 10);
    await grantCoins(t.db, userId, 6, t.clock.now(), 20);

    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => spend(userId, 1)));

    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(12);
    expect(refused).toHaveLength(28);
    for (const outcome of refused) {
      expect(outcome.reason).toMatchObject({ statusCode: 402, code: 'insufficient_coins' });
    }
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(0);
    const balances = (await entriesOf(userId))
      .filter((entry) => entry.kind === 'spend')
      .map((entry) => entry.balance_after);
    expect(balances).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect((await lotsOf(userId)).map((lot) => lot.remaining)).toEqual([0, 0]);
  });

  it('parallel spends of different sizes never overdraw (concurrent; proves locking on PostgreSQL)', async () => {
    const userId = await teacherId();
    await grantCoins(t.db, userId, 10, t.clock.now());

    const outcomes = await Promise.allSettled(
      [3, 3, 3, 3, 3, 3].map((coins) => spend(userId, coins)),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(1);
  });

  it('has a database floor: no lot can hold fewer than zero coins', async () => {
    const userId = await teacherId();
    const { lotId } = await grantCoins(t.db, userId, 2, t.clock.now());
    await expect(
      rows(t.db, 'UPDATE coin_lots SET remaining = -1 WHERE id = $1', [lotId]),
    ).rejects.toThrow();
    await expect(
      rows(
        t.db,
        `INSERT INTO coin_ledger (user_id, kind, coins, balance_after, reason, created_at)
         VALUES ($1, 'spend', -5, -3, 'x', now())`,
        [userId],
      ),
    ).rejects.toThrow();
  });
});

describe('expiry', () => {
  it('does not spend an expired lot and shows its expiry as an entry dated when it expired', async () => {
    const userId = await teacherId();
    const start = t.clock.now();
    const short = await grantCoins(t.db, userId, 5, start, 1);
    await grantCoins(t.db, userId, 2, start, 10);

    t.clock.advance(2 * DAY_MS);
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(2);
    await expect(spend(userId, 3)).rejects.toMatchObject({ code: 'insufficient_coins' });
    const afterRefusal = await entriesOf(userId);
    const expiry = afterRefusal.find((entry) => entry.kind === 'expiry');
    // the refused spend rolled back, expiry included; the next successful change writes it
    expect(expiry).toBeUndefined();

    await spend(userId, 2);
    const entries = await entriesOf(userId);
    expect(entries.map((entry) => [entry.kind, entry.coins, entry.balance_after])).toEqual([
      ['credit', 5, 5],
      ['credit', 2, 7],
      ['expiry', -5, 2],
      ['spend', -2, 0],
    ]);
    const written = entries[2];
    expect(written?.lot_id).toBe(short.lotId);
    expect(written?.created_at.getTime()).toBe(start.getTime() + DAY_MS);
    expect(written?.reason).toBe('Coins expired');
  });

  it('is never reinstated: a refund after expiry gives back only unexpired coins', async () => {
    const userId = await teacherId();
    const start = t.clock.now();
    await grantCoins(t.db, userId, 2, start, 1);
    await grantCoins(t.db, userId, 5, start, 30);
    const spent = await spend(userId, 4); // 2 from the short lot, 2 from the long one

    t.clock.advance(2 * DAY_MS);
    const refund = await t.db.transaction((tx) =>
      refundCoins(tx, {
        userId,
        spendEntryId: spent.entryId,
        reason: 'Enquiry was fake',
        now: t.clock.now(),
      }),
    );

    expect(refund.coins).toBe(2);
    expect(refund.balanceAfter).toBe(5);
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(5);
    const kinds = (await entriesOf(userId)).map((entry) => [entry.kind, entry.coins]);
    // the short lot had nothing left when it expired
    expect(kinds).toEqual([
      ['credit', 2],
      ['credit', 5],
      ['spend', -4],
      ['refund', 2],
    ]);
  });
});

describe('refundCoins', () => {
  it('gives the coins back once; a second refund is refused with 409 (concurrent; proves locking on PostgreSQL)', async () => {
    const userId = await teacherId();
    await grantCoins(t.db, userId, 10, t.clock.now());
    const spent = await spend(userId, 4, 7);
    const refund = (): Promise<{ entryId: number; balanceAfter: number; coins: number }> =>
      t.db.transaction((tx) =>
        refundCoins(tx, {
          userId,
          spendEntryId: spent.entryId,
          reason: 'Enquiry was fake',
          now: t.clock.now(),
        }),
      );

    const outcomes = await Promise.allSettled([refund(), refund(), refund()]);

    const done = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(done).toHaveLength(1);
    expect(done[0]?.value).toMatchObject({ coins: 4, balanceAfter: 10 });
    for (const outcome of outcomes.filter((item) => item.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({ statusCode: 409, code: 'already_refunded' });
    }
    expect(await getCoinBalance(t.db, userId, t.clock.now())).toBe(10);
    const last = (await entriesOf(userId)).at(-1);
    expect(last).toMatchObject({ kind: 'refund', coins: 4, balance_after: 10, enquiry_id: 7 });
  });

  it("refuses another user's spend entry with 404", async () => {
    const owner = await teacherId();
    const other = await teacherId();
    await grantCoins(t.db, owner, 5, t.clock.now());
    const spent = await spend(owner, 1);
    await expect(
      t.db.transaction((tx) =>
        refundCoins(tx, {
          userId: other,
          spendEntryId: spent.entryId,
          reason: 'x',
          now: t.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await getCoinBalance(t.db, owner, t.clock.now())).toBe(4);
  });
});

describe('creditCoins and the free plan', () => {
  it('grants a lot that expires when asked', async () => {
    const userId = await teacherId();
    const now = t.clock.now();
    const result = await t.db.transaction((tx) =>
      creditCoins(tx, {
        userId,
        coins: 25,
        reason: 'Goodwill grant',
        expiresAt: new Date(now.getTime() + 5 * DAY_MS),
        now,
      }),
    );
    expect(result.balanceAfter).toBe(25);
    expect(await getCoinBalance(t.db, userId, new Date(now.getTime() + 5 * DAY_MS - 1))).toBe(25);
    expect(await getCoinBalance(t.db, userId, new Date(now.getTime() + 5 * DAY_MS))).toBe(0);
  });

  it('gives the free plan once even when asked many times at once (concurrent; proves locking on PostgreSQL)', async () => {
    const userId = await teacherId();
    await Promise.all(Array.from({ length: 10 }, () => grantFreePlanOnce(t.ctx, userId)));
    const lots = await rows<{ source: string; coins: number; expires_at: Date }>(
      t.db,
      'SELECT source, coins, expires_at FROM coin_lots WHERE user_id = $1',
      [userId],
    );
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ source: 'free_plan', coins: 20 });
    expect(lots[0]?.expires_at.getTime()).toBe(t.clock.now().getTime() + 90 * DAY_MS);
    expect((await entriesOf(userId)).map((entry) => entry.kind)).toEqual(['credit']);
  });
});
