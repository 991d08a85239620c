import {
  LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT,
  LOGIN_FAILURES_PER_DEVICE_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_IP_LIMIT,
  LOGIN_FAILURES_PER_IP_WINDOW_SECONDS,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  LOGIN_SLOWDOWN_STEP_MS,
  REGISTRATIONS_PER_IP_WINDOW_SECONDS,
  SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT,
  SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT,
  SIGN_IN_CODE_REQUESTS_WINDOW_SECONDS,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

const emailKey = (email: string): string => `login-fail:email:${email}`;
const ipKey = (ip: string): string => `login-fail:ip:${ip}`;
const deviceKey = (deviceId: string): string => `login-fail:device:${deviceId}`;

async function tooMany(
  ctx: AppContext,
  key: string,
  detail: string,
  code: 'too_many_attempts' | 'rate_limited' = 'too_many_attempts',
): Promise<AppError> {
  const retryAfter = Math.max(1, await ctx.kv.ttl(key));
  return new AppError(429, code, detail, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** A sign-in attempt already counted; `finish` says how it ended. */
export interface LoginAttempt {
  finish(succeeded: boolean): Promise<void>;
}

/** 429 for a device that may not try passwords for the account now: it can sign in with a mailed code. */
async function codeOffered(ctx: AppContext, key: string): Promise<AppError> {
  const retryAfter = Math.max(1, await ctx.kv.ttl(key));
  return new AppError(429, 'sign_in_code_available', AUTH_MESSAGES.signInCodeOffered, undefined, {
    'retry-after': String(retryAfter),
  });
}

/**
 * Counts a sign-in attempt *before* the password is checked, atomically, so a
 * burst of parallel attempts cannot slip past the limits: each counter holds the
 * failures plus the attempts still running.
 *
 * A device that brought a valid device token for the account (`deviceId`) is
 * counted in a bucket of its own and refused only after
 * `LOGIN_FAILURES_PER_DEVICE_LIMIT` failures of its own: guesses from other
 * devices and addresses never lock it out (decision 044).
 *
 * Any other device counts against the account's "unknown devices" bucket (the
 * e-mail's counter) and its address. It is refused with 429 when
 *
 * - its address has failed (or is trying) `LOGIN_FAILURES_PER_IP_LIMIT` times, or
 * - the e-mail has `LOGIN_FAILURES_PER_EMAIL_LIMIT` failures and this address has
 *   failures of its own (a clean address still gets through), or
 * - the e-mail has `LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT` attempts from anywhere.
 *
 * The last two answer `sign_in_code_available`: the owner on a new device can
 * still sign in with a one-time code mailed to them.
 *
 * Below the limits, a device or address with failures is slowed down.
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
  deviceId: string | null = null,
): Promise<LoginAttempt> {
  return deviceId
    ? beginKnownDeviceAttempt(ctx, deviceId)
    : beginUnknownDeviceAttempt(ctx, email, ip);
}

async function beginKnownDeviceAttempt(ctx: AppContext, deviceId: string): Promise<LoginAttempt> {
  const key = deviceKey(deviceId);
  const count = await ctx.kv.increment(key, LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS);
  if (count > LOGIN_FAILURES_PER_DEVICE_LIMIT) {
    await ctx.kv.decrement(key);
    throw await codeOffered(ctx, key);
  }
  await slowDown(ctx, count - 1);
  return {
    async finish(succeeded) {
      if (succeeded) await ctx.kv.delete(key);
    },
  };
}

async function beginUnknownDeviceAttempt(
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
  const isAccountLocked =
    emailCount > LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT ||
    (emailCount > LOGIN_FAILURES_PER_EMAIL_LIMIT && !isCleanAddress);
  if (ipCount > LOGIN_FAILURES_PER_IP_LIMIT || isAccountLocked) {
    // a refused attempt stays counted against its address, never against the account
    await ctx.kv.decrement(emailKey(email));
    throw ipCount > LOGIN_FAILURES_PER_IP_LIMIT
      ? await tooMany(ctx, ipKey(ip), MESSAGES.tooManyLoginAttempts)
      : await codeOffered(ctx, emailKey(email));
  }
  await slowDown(ctx, isCleanAddress ? 0 : Math.max(emailBefore, Math.floor(ipBefore / 2)));
  return {
    async finish(succeeded) {
      // a failure stays counted on both; a success is taken back and clears the e-mail
      if (!succeeded) return;
      await Promise.all([ctx.kv.decrement(ipKey(ip)), ctx.kv.delete(emailKey(email))]);
    },
  };
}

async function slowDown(ctx: AppContext, failures: number): Promise<void> {
  if (failures >= LOGIN_SLOWDOWN_AFTER_FAILURES) {
    await ctx.sleep((failures - LOGIN_SLOWDOWN_AFTER_FAILURES + 1) * LOGIN_SLOWDOWN_STEP_MS);
  }
}

const codeFailIpKey = (ip: string): string => `login-code-fail:ip:${ip}`;

/**
 * Counts a sign-in with a mailed code before it is checked, per address only
 * (the code's own attempts are limited where it is stored): an address that
 * failed `LOGIN_FAILURES_PER_IP_LIMIT` times is refused. The failures of
 * password sign-ins do not count here, so an owner whose address is shared with
 * a guesser still gets in with their code.
 */
export async function beginCodeSignInAttempt(ctx: AppContext, ip: string): Promise<LoginAttempt> {
  const key = codeFailIpKey(ip);
  const count = await ctx.kv.increment(key, LOGIN_FAILURES_PER_IP_WINDOW_SECONDS);
  if (count > LOGIN_FAILURES_PER_IP_LIMIT)
    throw await tooMany(ctx, key, MESSAGES.tooManyLoginAttempts);
  return {
    async finish(succeeded) {
      if (succeeded) await ctx.kv.decrement(key);
    },
  };
}

const codeRequestIpKey = (ip: string): string => `sign-in-code:ip:${ip}`;
const codeRequestEmailKey = (email: string): string => `sign-in-code:email:${email}`;

/**
 * Counts a request for a sign-in code: an address past
 * `SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT` is refused (429); an e-mail past
 * `SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT` gets the same answer as always but no
 * more mail. Answers whether a code may be sent.
 */
export async function countSignInCodeRequest(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<boolean> {
  const ipCount = await ctx.kv.increment(
    codeRequestIpKey(ip),
    SIGN_IN_CODE_REQUESTS_WINDOW_SECONDS,
  );
  if (ipCount > SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT) {
    throw await tooMany(ctx, codeRequestIpKey(ip), MESSAGES.rateLimited, 'rate_limited');
  }
  const emailCount = await ctx.kv.increment(
    codeRequestEmailKey(email),
    SIGN_IN_CODE_REQUESTS_WINDOW_SECONDS,
  );
  return emailCount <= SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT;
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
