import {
  LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_IP_LIMIT,
  LOGIN_FAILURES_PER_IP_WINDOW_SECONDS,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  LOGIN_SLOWDOWN_STEP_MS,
  REGISTRATIONS_PER_IP_WINDOW_SECONDS,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

const emailKey = (email: string): string => `login-fail:email:${email}`;
const ipKey = (ip: string): string => `login-fail:ip:${ip}`;

async function tooMany(ctx: AppContext, key: string, detail: string): Promise<AppError> {
  const retryAfter = Math.max(1, await ctx.kv.ttl(key));
  return new AppError(429, 'too_many_attempts', detail, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** A sign-in attempt already counted; `finish` says how it ended. */
export interface LoginAttempt {
  finish(succeeded: boolean): Promise<void>;
}

/**
 * Counts a sign-in attempt *before* the password is checked, atomically, so a
 * burst of parallel attempts cannot slip past the limits: each counter holds the
 * failures plus the attempts still running. An attempt is refused with 429 when
 *
 * - its address has failed (or is trying) `LOGIN_FAILURES_PER_IP_LIMIT` times, or
 * - the e-mail has `LOGIN_FAILURES_PER_EMAIL_LIMIT` failures and this address has
 *   failures of its own (a clean address still gets through: an attacker cannot
 *   lock the owner out), or
 * - the e-mail has `LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT` attempts from anywhere.
 *
 * Below the limits, an address with failures is slowed down.
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const [emailCount, ipCount] = await Promise.all([
    ctx.kv.increment(emailKey(email), LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS),
    ctx.kv.increment(ipKey(ip), LOGIN_FAILURES_PER_IP_WINDOW_SECONDS),
  ]);
  const emailBefore = emailCount - 1;
  const ipBefore = ipCount - 1;
  const isCleanAddress = ipBefore === 0;
  const blockedKey =
    ipCount > LOGIN_FAILURES_PER_IP_LIMIT
      ? ipKey(ip)
      : emailCount > LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT ||
          (emailCount > LOGIN_FAILURES_PER_EMAIL_LIMIT && !isCleanAddress)
        ? emailKey(email)
        : null;
  if (blockedKey) {
    // a refused attempt stays counted against its address, never against the account
    await ctx.kv.decrement(emailKey(email));
    throw await tooMany(ctx, blockedKey, MESSAGES.tooManyLoginAttempts);
  }
  const failures = isCleanAddress ? 0 : Math.max(emailBefore, Math.floor(ipBefore / 2));
  if (failures >= LOGIN_SLOWDOWN_AFTER_FAILURES) {
    await ctx.sleep((failures - LOGIN_SLOWDOWN_AFTER_FAILURES + 1) * LOGIN_SLOWDOWN_STEP_MS);
  }
  return {
    async finish(succeeded) {
      // a failure stays counted on both; a success is taken back and clears the e-mail
      if (!succeeded) return;
      await Promise.all([ctx.kv.decrement(ipKey(ip)), ctx.kv.delete(emailKey(email))]);
    },
  };
}

const registrationKey = (ip: string): string => `register:ip:${ip}`;

/**
 * Counts a sign-up attempt of an address before the account is created,
 * atomically, whatever its outcome (an e-mail already taken counts too, so the
 * answer cannot be used to test many e-mails); refuses past the hourly limit.
 */
export async function countRegistrationAttempt(ctx: AppContext, ip: string): Promise<void> {
  const key = registrationKey(ip);
  const count = await ctx.kv.increment(key, REGISTRATIONS_PER_IP_WINDOW_SECONDS);
  if (count <= ctx.config.registrationsPerIpPerHour) return;
  throw await tooMany(ctx, key, MESSAGES.tooManyRegistrations);
}
