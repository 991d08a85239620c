import {
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

/**
 * Before a sign-in attempt: refuses with 429 once an e-mail or an address has
 * failed too often in the window, and slows the answer down before that.
 */
export async function throttleLogin(ctx: AppContext, email: string, ip: string): Promise<void> {
  const [emailFailures, ipFailures] = await Promise.all([
    ctx.kv.get(emailKey(email)),
    ctx.kv.get(ipKey(ip)),
  ]);
  const blockedKey =
    emailFailures >= LOGIN_FAILURES_PER_EMAIL_LIMIT
      ? emailKey(email)
      : ipFailures >= LOGIN_FAILURES_PER_IP_LIMIT
        ? ipKey(ip)
        : null;
  if (blockedKey) {
    const retryAfter = Math.max(1, await ctx.kv.ttl(blockedKey));
    throw new AppError(429, 'too_many_attempts', MESSAGES.tooManyLoginAttempts, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  const failures = Math.max(emailFailures, Math.floor(ipFailures / 2));
  if (failures >= LOGIN_SLOWDOWN_AFTER_FAILURES) {
    await ctx.sleep((failures - LOGIN_SLOWDOWN_AFTER_FAILURES + 1) * LOGIN_SLOWDOWN_STEP_MS);
  }
}

export async function recordLoginFailure(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  await Promise.all([
    ctx.kv.increment(emailKey(email), LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS),
    ctx.kv.increment(ipKey(ip), LOGIN_FAILURES_PER_IP_WINDOW_SECONDS),
  ]);
}

export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.kv.delete(emailKey(email));
}

const registrationKey = (ip: string): string => `register:ip:${ip}`;

/** Before creating an account: one address may create only so many accounts an hour. */
export async function throttleRegistration(ctx: AppContext, ip: string): Promise<void> {
  const key = registrationKey(ip);
  if ((await ctx.kv.get(key)) < ctx.config.registrationsPerIpPerHour) return;
  const retryAfter = Math.max(1, await ctx.kv.ttl(key));
  throw new AppError(429, 'too_many_attempts', MESSAGES.tooManyRegistrations, undefined, {
    'retry-after': String(retryAfter),
  });
}

export async function recordRegistration(ctx: AppContext, ip: string): Promise<void> {
  await ctx.kv.increment(registrationKey(ip), REGISTRATIONS_PER_IP_WINDOW_SECONDS);
}
