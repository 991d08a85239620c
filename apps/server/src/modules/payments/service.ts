import { FREE_PLAN_NAME } from '@gurumatch/shared/constants';
import { PAYMENT_MESSAGES } from '@gurumatch/shared/messages/payments';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';

import { creditCoinsOnce, getCoinBalance } from './ledger.ts';
import { findPlanByName, hasFreePlanLot, isOnboardedTeacher } from './queries.ts';

export { creditCoins, getCoinBalance, refundCoins, spendCoins } from './ledger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The balance other modules show (token claim, `GET /api/auth/user/coins/`). */
export function coinBalanceAt(db: Queryable, userId: number, now: Date): Promise<number> {
  return getCoinBalance(db, userId, now);
}

/**
 * Gives the free plan's coins to a tutor, once ever (a unique index holds it
 * even when two requests race). Called when onboarding reaches the dashboard.
 */
export async function grantFreePlanOnce(ctx: AppContext, userId: number): Promise<void> {
  if (await hasFreePlanLot(ctx.db, userId)) return;
  const plan = await findPlanByName(ctx.db, FREE_PLAN_NAME);
  if (!plan?.is_active) return;
  const now = ctx.now();
  await ctx.db.transaction((tx) =>
    creditCoinsOnce(tx, {
      userId,
      coins: plan.coins,
      reason: PAYMENT_MESSAGES.freePlanReason,
      expiresAt: new Date(now.getTime() + plan.validity_days * DAY_MS),
      now,
      source: 'free_plan',
      planId: plan.id,
    }),
  );
}

/** Grants the free plan if the user is a tutor whose onboarding is now complete. */
export async function grantFreePlanIfOnboarded(ctx: AppContext, userId: number): Promise<void> {
  if (await isOnboardedTeacher(ctx.db, userId)) await grantFreePlanOnce(ctx, userId);
}
