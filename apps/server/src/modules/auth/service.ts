import { randomUUID } from 'node:crypto';

import type { OnboardingStep, SignUpRole } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import {
  findRegistrationProblem,
  type CurrentUser,
  type RegisterBody,
  type TokenBody,
  type TokenPair,
  type UserStatus,
} from '@gurumatch/shared/schemas/auth';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { signAccessToken, signRefreshToken, verifyRefreshToken } from '../../lib/jwt.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { perOwner } from '../../lib/per-owner.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { coinBalanceAt, grantFreePlanOnce } from '../payments/service.ts';

import {
  deleteExpiredRefreshTokens,
  findOnboardingFacts,
  findSessionState,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  insertUser,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  updateLastLogin,
  updateSessionsRevokedAt,
  type SessionStateRow,
  type UserRow,
} from './queries.ts';
import { beginLoginAttempt, countRegistrationAttempt } from './throttle.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function tokenNotValid(detail: string = MESSAGES.tokenNotValid): AppError {
  return new AppError(401, 'token_not_valid', detail);
}

async function issueTokenPair(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const now = ctx.now();
  const access = await signAccessToken(
    ctx.config.jwtSecret,
    {
      user_id: user.id,
      username: user.email,
      email: user.email,
      full_name: user.full_name,
      avatar: toPublicFileUrl(ctx.config.publicUrl, user.avatar_url),
      role: user.role,
      coins: user.role === 'teacher' ? await coinBalanceAt(tx, user.id, now) : 0,
    },
    now,
  );
  const refresh = await signRefreshToken(ctx.config.jwtSecret, user.id, familyId, now);
  await deleteExpiredRefreshTokens(tx, user.id, now);
  await insertRefreshToken(tx, {
    jti: refresh.jti,
    userId: user.id,
    familyId,
    expiresAt: refresh.expiresAt,
  });
  return { access, refresh: refresh.token };
}

/**
 * Creates an account and signs it in. Checks run in the order the form checks them.
 * The caller sends the verification e-mail (the account module owns it).
 */
export async function registerUser(
  ctx: AppContext,
  body: RegisterBody,
  ip: string,
): Promise<{ user: UserRow; tokens: TokenPair }> {
  const problem = findRegistrationProblem(body, { checkTerms: false });
  if (problem) {
    throw new AppError(400, 'validation_error', problem.message, {
      [problem.field]: [problem.message],
    });
  }
  await countRegistrationAttempt(ctx, ip);
  const passwordHash = await hashPassword(body.password);
  const registered = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: normalizeEmail(body.email),
      passwordHash,
      fullName: body.full_name.trim(),
      role: body.role as SignUpRole,
    });
    if (!user) {
      throw new AppError(400, 'email_taken', MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    }
    await updateLastLogin(tx, user.id, ctx.now());
    return { user, tokens: await issueTokenPair(ctx, tx, user) };
  });
  return registered;
}

/** Signs in with e-mail (sent as `username`) and password, throttled per e-mail and per address. */
export async function obtainTokenPair(
  ctx: AppContext,
  body: TokenBody,
  ip: string,
): Promise<TokenPair> {
  const email = normalizeEmail(body.username);
  const attempt = await beginLoginAttempt(ctx, email, ip);
  let succeeded = false;
  let user: UserRow | null = null;
  try {
    user = await findUserByEmail(ctx.db, email);
    const valid = user
      ? await verifyPassword(body.password, user.password_hash)
      : await verifyAgainstDummy(body.password);
    succeeded = Boolean(user && valid && user.is_active);
  } finally {
    await attempt.finish(succeeded);
  }
  if (!succeeded || !user) {
    throw new AppError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
  }
  return ctx.db.transaction(async (tx) => {
    await updateLastLogin(tx, user.id, ctx.now());
    return issueTokenPair(ctx, tx, user);
  });
}

/**
 * Rotates a refresh token: the old one is spent and a new pair comes back. A
 * spent or revoked token presented again revokes its whole family.
 */
export async function rotateRefreshToken(ctx: AppContext, refresh: string): Promise<TokenPair> {
  const claims = await verifyRefreshToken(ctx.config.jwtSecret, refresh, ctx.now());
  if (!claims) throw tokenNotValid();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, claims.jti);
    if (!row || row.family_id !== claims.family) return { reused: false as const, pair: null };
    if (row.used_at || row.revoked_at) {
      await revokeRefreshFamily(tx, row.family_id, ctx.now());
      return { reused: true as const, pair: null };
    }
    const user = await findUserById(tx, row.user_id);
    if (!user?.is_active) return { reused: false as const, pair: null };
    await markRefreshTokenUsed(tx, row.jti, ctx.now());
    return { reused: false as const, pair: await issueTokenPair(ctx, tx, user, row.family_id) };
  });
  if (outcome.reused) throw tokenNotValid(MESSAGES.refreshReused);
  if (!outcome.pair) throw tokenNotValid();
  return outcome.pair;
}

/**
 * Ends every signed-in session of a user: their refresh tokens are revoked and
 * access tokens issued before `at` (compared in whole seconds, as `iat` is) are
 * refused by `authenticate`. Password resets and suspensions call this, and
 * once their transaction is committed `announceSessionsEnded`, which closes the
 * user's open chat sockets on every instance.
 */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  at: Date = new Date(),
): Promise<void> {
  await updateSessionsRevokedAt(db, userId, at);
  await revokeUserRefreshTokens(db, userId, at);
}

/** Session reads in flight per database: a burst of one user's requests shares one read. */
const sessionReadsOf = perOwner<SingleFlight<number, SessionStateRow | null>>(
  () => new SingleFlight(),
);

/**
 * Whether a verified access token still belongs to a session: its user exists,
 * is active, and the token was issued no earlier than the user's session epoch.
 */
export async function isSessionCurrent(
  db: Queryable,
  claims: { user_id: number; iat: number },
): Promise<boolean> {
  const state = await sessionReadsOf(db).run(claims.user_id, () =>
    findSessionState(db, claims.user_id),
  );
  if (!state?.is_active) return false;
  if (!state.sessions_revoked_at) return true;
  return claims.iat >= Math.floor(state.sessions_revoked_at.getTime() / 1000);
}

export function nextOnboardingStep(facts: {
  is_phone_verified: boolean;
  has_address: boolean;
  is_profile_complete: boolean;
}): OnboardingStep {
  if (!facts.is_phone_verified) return 'phone-verification';
  if (!facts.has_address) return 'add-address';
  if (!facts.is_profile_complete) return 'complete-profile';
  return 'dashboard';
}

export async function getUserStatus(ctx: AppContext, userId: number): Promise<UserStatus> {
  const facts = await findOnboardingFacts(ctx.db, userId);
  if (!facts) throw tokenNotValid();
  // administrators have no onboarding
  const step = facts.role === 'admin' ? 'dashboard' : nextOnboardingStep(facts);
  // a tutor whose onboarding is complete gets the free plan's coins, once
  if (step === 'dashboard' && facts.role === 'teacher') await grantFreePlanOnce(ctx, userId);
  return { is_authenticated: true, redirect_to: step };
}

async function requireActiveUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.is_active) throw tokenNotValid();
  return user;
}

export async function getCurrentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const user = await requireActiveUser(ctx, userId);
  return {
    user_id: user.id,
    username: user.email,
    email: user.email,
    is_email_verified: user.is_email_verified,
    full_phone: user.phone_number ? `${user.phone_country_code ?? ''}${user.phone_number}` : null,
    phone_number: user.phone_number,
    is_phone_verified: user.is_phone_verified,
    role: user.role,
    full_name: user.full_name,
    avatar: toPublicFileUrl(ctx.config.publicUrl, user.avatar_url),
    last_login: user.last_login ? user.last_login.toISOString() : null,
  };
}

export async function getCoinBalance(ctx: AppContext, userId: number): Promise<{ coins: number }> {
  await requireActiveUser(ctx, userId);
  return { coins: await coinBalanceAt(ctx.db, userId, ctx.now()) };
}
