import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import {
  EMAIL_VERIFICATION_RESEND_SECONDS,
  EMAIL_VERIFICATION_TTL_SECONDS,
  FORGOT_PASSWORD_PER_EMAIL_LIMIT,
  FORGOT_PASSWORD_PER_EMAIL_WINDOW_SECONDS,
  FORGOT_PASSWORD_PER_IP_LIMIT,
  FORGOT_PASSWORD_PER_IP_WINDOW_SECONDS,
  OTP_DAILY_LIMIT_PER_NUMBER,
  OTP_DAILY_WINDOW_SECONDS,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from '@gurumatch/shared/constants';
import type { ErrorCode } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import {
  ACCOUNT_MESSAGES,
  formatOtpSent,
  formatResendWait,
} from '@gurumatch/shared/messages/account';
import {
  findOtpProblem,
  findPhoneProblem,
  findResetPasswordProblem,
  normalizeCountryCode,
  normalizePhoneNumber,
  type ForgotPasswordBody,
  type OtpSendBody,
  type OtpStatus,
  type OtpVerifyBody,
  type ResetPasswordBody,
  type SuccessMessage,
} from '@gurumatch/shared/schemas/account';
import { isValidEmail } from '@gurumatch/shared/schemas/auth';

import type { AppContext } from '../../context.ts';
import { AppError, providerUnavailable } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { announceSessionsEnded } from '../../lib/session-events.ts';
import { revokeUserSessions } from '../auth/service.ts';
import { invalidateTutorFeed } from '../enquiries/service.ts';

import {
  consumePhoneOtp,
  countPhoneOtpsForNumberSince,
  countPhoneOtpsForUserSince,
  deletePhoneOtp,
  deleteUnusedAccountTokens,
  findAccountToken,
  findAccountUserByEmail,
  findAccountUserById,
  findLatestPhoneOtp,
  findLatestPhoneOtpTimeForNumber,
  findVerifiedPhoneOwner,
  incrementPhoneOtpAttempts,
  insertAccountToken,
  insertPhoneOtp,
  lockAccountToken,
  lockAccountUser,
  lockLatestPhoneOtp,
  markAccountTokenUsed,
  markEmailVerified,
  setVerifiedPhone,
  updatePasswordHash,
  type AccountTokenRow,
  type AccountUserRow,
} from './queries.ts';

const SECOND_MS = 1000;

// ---------------------------------------------------------------------------
// Link tokens

/** The user id as it appears in a mailed link: base64url of its decimal digits. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId), 'utf8').toString('base64url');
}

/** The user id of a link, or null when the value is not one we made. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const digits = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

function createLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderLinkEmail(greetingName: string, lines: string[], link: string, button: string) {
  const text = [`Hello ${greetingName},`, '', ...lines, '', link, '', '— GuruMatch'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`,
    `<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    '<p>— GuruMatch</p>',
  ].join('\n');
  return { text, html };
}

// ---------------------------------------------------------------------------
// E-mail verification

/**
 * Mails a fresh verification link (valid 24 hours) to the user; earlier unused
 * links stop working. Called after registration and by 'Resend Verification'.
 */
export async function sendEmailVerification(
  ctx: AppContext,
  user: { id: number; email: string; full_name: string },
): Promise<void> {
  const now = ctx.now();
  const { token, hash } = createLinkToken();
  await ctx.db.transaction(async (tx) => {
    await deleteUnusedAccountTokens(tx, user.id, 'verify_email');
    await insertAccountToken(tx, {
      userId: user.id,
      purpose: 'verify_email',
      tokenHash: hash,
      passwordChangedAt: null,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_SECONDS * SECOND_MS),
      createdAt: now,
    });
  });
  const link = `${ctx.config.publicUrl}/verify-email/${encodeUid(user.id)}/${token}`;
  const { text, html } = renderLinkEmail(
    user.full_name,
    [
      'Welcome to GuruMatch! Please confirm your email address by opening the link below.',
      'The link is valid for 24 hours. If you did not create an account, you can ignore this email.',
    ],
    link,
    'Verify email address',
  );
  await ctx.mail.send({
    to: user.email,
    subject: ACCOUNT_MESSAGES.verificationEmailSubject,
    text,
    html,
    links: [link],
  });
}

async function requireActiveAccount(ctx: AppContext, userId: number): Promise<AccountUserRow> {
  const user = await findAccountUserById(ctx.db, userId);
  if (!user?.is_active) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
  return user;
}

/** 'Resend Verification': refused when already verified, and at most once a minute. */
export async function resendEmailVerification(
  ctx: AppContext,
  userId: number,
): Promise<SuccessMessage> {
  const user = await requireActiveAccount(ctx, userId);
  if (user.is_email_verified) {
    throw new AppError(400, 'already_verified', ACCOUNT_MESSAGES.emailAlreadyVerified);
  }
  const key = `verify-resend:${String(user.id)}`;
  const sent = await ctx.kv.increment(key, EMAIL_VERIFICATION_RESEND_SECONDS);
  if (sent > 1) {
    const retryAfter = Math.max(1, await ctx.kv.ttl(key));
    throw new AppError(429, 'rate_limited', ACCOUNT_MESSAGES.verificationResendTooSoon, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  try {
    await sendEmailVerification(ctx, user);
  } catch (error) {
    await ctx.kv.delete(key);
    throw providerUnavailable(ACCOUNT_MESSAGES.resendVerificationFailed, error);
  }
  return { success: true, message: ACCOUNT_MESSAGES.verificationSent };
}

function invalidVerificationLink(): AppError {
  return new AppError(400, 'invalid_link', ACCOUNT_MESSAGES.verificationLinkInvalid);
}

/**
 * Opens a verification link. A link works once and for 24 hours; opening a
 * used link again once the e-mail is verified says so instead of failing.
 */
export async function verifyEmail(
  ctx: AppContext,
  uid: string,
  token: string,
): Promise<SuccessMessage> {
  const userId = decodeUid(uid);
  if (userId === null || !LINK_TOKEN_PATTERN.test(token)) throw invalidVerificationLink();
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await lockAccountUser(tx, userId);
    if (!user?.is_active) return 'invalid' as const;
    const row = await lockAccountToken(tx, userId, 'verify_email', hashLinkToken(token));
    if (!row) return 'invalid' as const;
    if (row.used_at) return user.is_email_verified ? ('already' as const) : ('invalid' as const);
    if (row.expires_at.getTime() <= now.getTime()) return 'invalid' as const;
    await markAccountTokenUsed(tx, row.id, now);
    await markEmailVerified(tx, userId, now);
    return 'verified' as const;
  });
  if (outcome === 'invalid') throw invalidVerificationLink();
  return {
    success: true,
    message:
      outcome === 'already'
        ? ACCOUNT_MESSAGES.emailAlreadyVerified
        : ACCOUNT_MESSAGES.emailVerified,
  };
}

// ---------------------------------------------------------------------------
// Forgot and reset password

function forgotPasswordAnswer(): SuccessMessage {
  return { success: true, message: ACCOUNT_MESSAGES.forgotPasswordSent };
}

/**
 * Mails a reset link (valid 1 hour) when the e-mail belongs to an active
 * account. The answer is the same either way, so it reveals nothing. Limited
 * per address (429) and per e-mail (further requests send nothing).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  body: ForgotPasswordBody,
  ip: string,
): Promise<SuccessMessage> {
  const email = body.email.trim().toLowerCase();
  if (!isValidEmail(email)) {
    throw new AppError(400, 'validation_error', MESSAGES.invalidEmail, {
      email: [MESSAGES.invalidEmail],
    });
  }
  const ipKey = `forgot:ip:${ip}`;
  if (
    (await ctx.kv.increment(ipKey, FORGOT_PASSWORD_PER_IP_WINDOW_SECONDS)) >
    FORGOT_PASSWORD_PER_IP_LIMIT
  ) {
    const retryAfter = Math.max(1, await ctx.kv.ttl(ipKey));
    throw new AppError(429, 'rate_limited', MESSAGES.rateLimited, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  const emailCount = await ctx.kv.increment(
    `forgot:email:${email}`,
    FORGOT_PASSWORD_PER_EMAIL_WINDOW_SECONDS,
  );
  if (emailCount > FORGOT_PASSWORD_PER_EMAIL_LIMIT) return forgotPasswordAnswer();

  const user = await findAccountUserByEmail(ctx.db, email);
  if (!user?.is_active) return forgotPasswordAnswer();

  const now = ctx.now();
  const { token, hash } = createLinkToken();
  await insertAccountToken(ctx.db, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hash,
    passwordChangedAt: user.password_changed_at,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * SECOND_MS),
    createdAt: now,
  });
  const link = `${ctx.config.publicUrl}/reset-password/${encodeUid(user.id)}/${token}`;
  const { text, html } = renderLinkEmail(
    user.full_name,
    [
      'We received a request to reset the password of your GuruMatch account. Open the link below to choose a new password.',
      'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this email; your password stays the same.',
    ],
    link,
    'Reset password',
  );
  try {
    await ctx.mail.send({
      to: user.email,
      subject: ACCOUNT_MESSAGES.resetEmailSubject,
      text,
      html,
      links: [link],
    });
  } catch (error) {
    // Failing here would tell the caller that the e-mail is registered; the user can ask again.
    ctx.log.error({ err: error, user_id: user.id }, 'password reset e-mail not sent');
  }
  return forgotPasswordAnswer();
}

function isUsableResetToken(
  row: AccountTokenRow | null,
  user: AccountUserRow,
  now: Date,
): row is AccountTokenRow {
  return (
    row !== null &&
    row.used_at === null &&
    row.expires_at.getTime() > now.getTime() &&
    row.password_changed_at?.getTime() === user.password_changed_at.getTime()
  );
}

function invalidResetLink(): AppError {
  return new AppError(400, 'invalid_link', ACCOUNT_MESSAGES.resetLinkInvalid);
}

/**
 * Sets a new password through a reset link. The link works once, for 1 hour,
 * and only while the password is the one it was issued under. Every signed-in
 * session of the user ends.
 */
export async function resetPassword(
  ctx: AppContext,
  uidb64: string,
  token: string,
  body: ResetPasswordBody,
): Promise<SuccessMessage> {
  const userId = decodeUid(uidb64);
  if (userId === null || !LINK_TOKEN_PATTERN.test(token)) throw invalidResetLink();
  const tokenHash = hashLinkToken(token);
  const user = await findAccountUserById(ctx.db, userId);
  if (!user?.is_active) throw invalidResetLink();
  const row = await findAccountToken(ctx.db, userId, 'reset_password', tokenHash);
  if (!isUsableResetToken(row, user, ctx.now())) throw invalidResetLink();

  const problem = findResetPasswordProblem(body.password, body.confirm_password);
  if (problem) {
    const field = problem === ACCOUNT_MESSAGES.passwordsDontMatch ? 'confirm_password' : 'password';
    throw new AppError(400, 'validation_error', problem, { [field]: [problem] });
  }
  const passwordHash = await hashPassword(body.password);

  const resetAt = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const locked = await lockAccountUser(tx, userId);
    if (!locked?.is_active) return null;
    const lockedRow = await lockAccountToken(tx, userId, 'reset_password', tokenHash);
    if (!isUsableResetToken(lockedRow, locked, now)) return null;
    await updatePasswordHash(tx, userId, passwordHash, now);
    await markAccountTokenUsed(tx, lockedRow.id, now);
    await revokeUserSessions(tx, userId, now);
    return now;
  });
  if (!resetAt) throw invalidResetLink();
  // their open chat sockets close, on every instance
  await announceSessionsEnded(ctx.pubsub, ctx.log, userId, resetAt, 'sessions_ended');
  // a tutor's feed no longer takes the old tokens, on any instance
  await invalidateTutorFeed(ctx, userId);
  return { success: true, message: ACCOUNT_MESSAGES.resetPasswordSuccess };
}

// ---------------------------------------------------------------------------
// Phone verification

function hashOtp(ctx: AppContext, userId: number, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`phone-otp:${String(userId)}:${code}`)
    .digest('hex');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function phoneError(message: string, code: ErrorCode = 'validation_error'): AppError {
  return new AppError(400, code, message, { phone_number: [message] });
}

/** The dial code and national digits of a send request, or a 400 with the form's messages. */
function readPhone(body: OtpSendBody): { countryCode: string; phoneNumber: string } {
  const countryCode = normalizeCountryCode(body.country_code);
  if (!countryCode) {
    throw new AppError(400, 'validation_error', ACCOUNT_MESSAGES.invalidCountryCode, {
      country_code: [ACCOUNT_MESSAGES.invalidCountryCode],
    });
  }
  const problem = findPhoneProblem(body.phone_number);
  if (problem) throw phoneError(problem);
  // a trunk prefix typed before the number ('0 98765 43210') is not part of it
  const phoneNumber = normalizePhoneNumber(body.phone_number).replace(/^0+/, '');
  if (phoneNumber.length < PHONE_MIN_DIGITS) throw phoneError(ACCOUNT_MESSAGES.phoneTooShort);
  if (countryCode.length - 1 + phoneNumber.length > PHONE_MAX_DIGITS)
    throw phoneError(ACCOUNT_MESSAGES.phoneEmpty);
  return { countryCode, phoneNumber };
}

function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, 'rate_limited', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/**
 * Sends a 6-digit code by WhatsApp or SMS. Refused while the previous code is
 * younger than 180 s, after the daily number of codes for the number (or the
 * user), and for a number another account has verified.
 */
export async function sendPhoneOtp(
  ctx: AppContext,
  userId: number,
  body: OtpSendBody,
): Promise<SuccessMessage> {
  const { countryCode, phoneNumber } = readPhone(body);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const now = ctx.now();
  const otpId = await ctx.db.transaction(async (tx) => {
    const user = await lockAccountUser(tx, userId);
    if (!user?.is_active) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
    if (await findVerifiedPhoneOwner(tx, countryCode, phoneNumber, userId)) {
      throw phoneError(ACCOUNT_MESSAGES.phoneTaken, 'phone_taken');
    }
    // The lock on the user's newest code serialises sends. The wait applies per number, so
    // 'Change Phone Number' after a mistyped number gets the right one its code at once;
    // the daily limits per number and per user below still hold.
    await lockLatestPhoneOtp(tx, userId);
    const lastForNumber = await findLatestPhoneOtpTimeForNumber(
      tx,
      userId,
      countryCode,
      phoneNumber,
    );
    if (lastForNumber) {
      const waitMs = lastForNumber.getTime() + OTP_RESEND_SECONDS * SECOND_MS - now.getTime();
      if (waitMs > 0) throw rateLimited(formatResendWait(waitMs / SECOND_MS), waitMs / SECOND_MS);
    }
    const since = new Date(now.getTime() - OTP_DAILY_WINDOW_SECONDS * SECOND_MS);
    const [forNumber, forUser] = await Promise.all([
      countPhoneOtpsForNumberSince(tx, countryCode, phoneNumber, since),
      countPhoneOtpsForUserSince(tx, userId, since),
    ]);
    if (forNumber >= OTP_DAILY_LIMIT_PER_NUMBER || forUser >= OTP_DAILY_LIMIT_PER_NUMBER) {
      throw rateLimited(ACCOUNT_MESSAGES.otpDailyLimit, OTP_DAILY_WINDOW_SECONDS);
    }
    return insertPhoneOtp(tx, {
      userId,
      channel: body.otp_method,
      countryCode,
      phoneNumber,
      codeHash: hashOtp(ctx, userId, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * SECOND_MS),
      createdAt: now,
    });
  });
  try {
    await ctx.otp.send({
      channel: body.otp_method,
      to: `${countryCode}${phoneNumber}`,
      code,
      validMinutes: OTP_TTL_SECONDS / 60,
    });
  } catch (error) {
    await deletePhoneOtp(ctx.db, otpId);
    throw providerUnavailable(ACCOUNT_MESSAGES.otpSendFailed, error);
  }
  return { success: true, message: formatOtpSent(body.otp_method) };
}

/**
 * Where the phone step stands: a code can still be typed when the newest one
 * sent is unused, unexpired and has tries left. The resend wait is that of its
 * number (the wait is per number, as when sending).
 */
export async function getPhoneOtpStatus(ctx: AppContext, userId: number): Promise<OtpStatus> {
  const user = await requireActiveAccount(ctx, userId);
  const row = user.is_phone_verified ? null : await findLatestPhoneOtp(ctx.db, userId);
  const now = ctx.now().getTime();
  const isUsable =
    row !== null &&
    row.consumed_at === null &&
    row.attempts < OTP_MAX_ATTEMPTS &&
    row.expires_at.getTime() > now;
  if (!isUsable) {
    return {
      code_sent: false,
      otp_method: null,
      country_code: null,
      phone_number: null,
      resend_in_seconds: 0,
      expires_in_seconds: 0,
    };
  }
  const secondsUntil = (at: number): number => Math.max(0, Math.ceil((at - now) / SECOND_MS));
  return {
    code_sent: true,
    otp_method: row.channel,
    country_code: row.country_code,
    phone_number: row.phone_number,
    resend_in_seconds: secondsUntil(row.created_at.getTime() + OTP_RESEND_SECONDS * SECOND_MS),
    expires_in_seconds: secondsUntil(row.expires_at.getTime()),
  };
}

type OtpOutcome = 'verified' | 'not_requested' | 'too_many' | 'expired' | 'invalid' | 'taken';

/**
 * Checks the code against the newest one sent. A code works once, for 10
 * minutes, and at most 5 wrong tries are allowed (after that even the right
 * code is refused). A right code marks the number verified for the user.
 */
export async function verifyPhoneOtp(
  ctx: AppContext,
  userId: number,
  body: OtpVerifyBody,
): Promise<SuccessMessage> {
  const problem = findOtpProblem(body.otp);
  if (problem) {
    const code: ErrorCode =
      problem === ACCOUNT_MESSAGES.otpEmpty ? 'validation_error' : 'otp_invalid';
    throw new AppError(400, code, problem, { otp: [problem] });
  }
  const otp = body.otp.trim();
  const now = ctx.now();
  let outcome: OtpOutcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<OtpOutcome> => {
      const user = await lockAccountUser(tx, userId);
      if (!user?.is_active) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
      const row = await lockLatestPhoneOtp(tx, userId);
      if (!row || row.consumed_at) return 'not_requested';
      if (row.attempts >= OTP_MAX_ATTEMPTS) return 'too_many';
      if (row.expires_at.getTime() <= now.getTime()) return 'expired';
      if (!isSameHash(row.code_hash, hashOtp(ctx, userId, otp))) {
        await incrementPhoneOtpAttempts(tx, row.id);
        return 'invalid';
      }
      if (await findVerifiedPhoneOwner(tx, row.country_code, row.phone_number, userId)) {
        return 'taken';
      }
      await consumePhoneOtp(tx, row.id, now);
      await setVerifiedPhone(tx, userId, row.country_code, row.phone_number, now);
      return 'verified';
    });
  } catch (error) {
    // two accounts verifying one number at the same moment: the database lets one win
    if ((error as { code?: unknown }).code === '23505') outcome = 'taken';
    else throw error;
  }
  switch (outcome) {
    case 'verified':
      return { success: true, message: ACCOUNT_MESSAGES.otpVerified };
    case 'not_requested':
      throw new AppError(400, 'otp_not_requested', ACCOUNT_MESSAGES.otpNotRequested);
    case 'too_many':
      throw new AppError(400, 'too_many_attempts', ACCOUNT_MESSAGES.otpTooManyAttempts);
    case 'expired':
      throw new AppError(400, 'otp_expired', ACCOUNT_MESSAGES.otpExpired);
    case 'invalid':
      throw new AppError(400, 'otp_invalid', ACCOUNT_MESSAGES.otpInvalid);
    case 'taken':
      throw phoneError(ACCOUNT_MESSAGES.phoneTaken, 'phone_taken');
  }
}
