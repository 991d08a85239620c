import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

import {
  PASSWORD_MIN_LENGTH,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_TTL_SECONDS,
  type OnboardingStep,
  type SignUpRole,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';
import {
  findRegistrationProblem,
  isStrongPassword,
  isValidEmail,
  type AccessClaims,
  type CodeTokenBody,
  type CurrentUser,
  type RegisterBody,
  type SignInCodeRequestBody,
  type SignInCodeSent,
  type TokenBody,
  type TokenPair,
  type UserStatus,
} from '@gurumatch/shared/schemas/auth';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import {
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
} from '../../lib/jwt.ts';
import { requireFound } from '../../lib/not-found.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { perOwner } from '../../lib/per-owner.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { coinBalanceAt, grantFreePlanOnce } from '../payments/service.ts';

import {
  DEVICE_COOKIE_NAME,
  newDeviceId,
  readCookie,
  readDeviceTokens,
  serializeDeviceCookie,
  writeDeviceTokens,
  type DeviceToken,
} from './device-trust.ts';
import {
  addUserWarning,
  consumeSignInCode,
  deleteExpiredRefreshTokens,
  deleteExpiredSignInCodes,
  deleteSignInCode,
  findManagedUser,
  findOnboardingFacts,
  findSessionState,
  findUserByEmail,
  findUserById,
  incrementSignInCodeAttempts,
  insertRefreshToken,
  insertSignInCode,
  insertAdministrator,
  insertUser,
  lockRefreshToken,
  lockSignInCode,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  setUserPremium,
  setUserSuspension,
  updateLastLogin,
  updateSessionsRevokedAt,
  type ManagedUserRow,
  type SessionStateRow,
  type UserRow,
} from './queries.ts';
import {
  beginCodeSignInAttempt,
  beginLoginAttempt,
  countRegistrationAttempt,
  countSignInCodeRequest,
} from './throttle.ts';

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
  client: SignInClient,
): Promise<SignedIn & { user: UserRow }> {
  const problem = findRegistrationProblem(body, { checkTerms: false });
  if (problem) {
    throw new AppError(400, 'validation_error', problem.message, {
      [problem.field]: [problem.message],
    });
  }
  await countRegistrationAttempt(ctx, client.ip);
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
  const devices = devicesOf(ctx, client);
  return { ...registered, deviceCookie: deviceCookieFor(ctx, registered.user, null, devices) };
}

/** Who is signing in: their address and the `Cookie` header their browser sent. */
export interface SignInClient {
  ip: string;
  cookie?: string | undefined;
}

/** A completed sign-in: the token pair, and the `Set-Cookie` value trusting the device. */
export interface SignedIn {
  tokens: TokenPair;
  deviceCookie: string;
}

function devicesOf(ctx: AppContext, client: SignInClient): DeviceToken[] {
  return readDeviceTokens(
    ctx.config.jwtSecret,
    readCookie(client.cookie, DEVICE_COOKIE_NAME),
    ctx.now(),
  );
}

/**
 * The device token the browser brought for this user, if it still holds: the
 * user is active and the token is no older than their session epoch (a
 * password reset or a suspension makes every device a new one again).
 */
function knownDeviceOf(devices: DeviceToken[], user: UserRow | null): DeviceToken | null {
  if (!user?.is_active) return null;
  const token = devices.find((device) => device.userId === user.id);
  if (!token) return null;
  const epoch = user.sessions_revoked_at
    ? Math.floor(user.sessions_revoked_at.getTime() / 1000)
    : 0;
  return token.issuedAt >= epoch ? token : null;
}

/** A renewed device token for the user (same device id when it had one), beside the others kept. */
function deviceCookieFor(
  ctx: AppContext,
  user: UserRow,
  known: DeviceToken | null,
  devices: DeviceToken[],
): string {
  const fresh: DeviceToken = {
    userId: user.id,
    deviceId: known?.deviceId ?? newDeviceId(),
    issuedAt: Math.floor(ctx.now().getTime() / 1000),
  };
  return serializeDeviceCookie(
    writeDeviceTokens(ctx.config.jwtSecret, fresh, devices),
    ctx.config.isProduction,
  );
}

/**
 * Signs in with e-mail (sent as `username`) and password, throttled per device:
 * a device with a valid device token for the account has a bucket of its own,
 * others count per e-mail and per address (decision 044).
 */
export async function obtainTokenPair(
  ctx: AppContext,
  body: TokenBody,
  client: SignInClient,
): Promise<SignedIn> {
  const email = normalizeEmail(body.username);
  const devices = devicesOf(ctx, client);
  const user = await findUserByEmail(ctx.db, email);
  const known = knownDeviceOf(devices, user);
  const attempt = await beginLoginAttempt(ctx, email, client.ip, known?.deviceId ?? null);
  let succeeded = false;
  try {
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
  const tokens = await ctx.db.transaction(async (tx) => {
    await updateLastLogin(tx, user.id, ctx.now());
    return issueTokenPair(ctx, tx, user);
  });
  return { tokens, deviceCookie: deviceCookieFor(ctx, user, known, devices) };
}

// ---------------------------------------------------------------------------
// One-time sign-in codes for a new device (decision 044)

function hashSignInCode(ctx: AppContext, challenge: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`sign-in-code:${challenge}:${code}`)
    .digest('hex');
}

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function signInCodeEmail(fullName: string, code: string): string {
  return [
    `Hello ${fullName},`,
    '',
    `Your GuruMatch sign-in code is ${code}.`,
    '',
    'Enter it on the sign-in page, with your password, to sign in on the new device. It works once, within 10 minutes.',
    'If you did not try to sign in, someone may be guessing your password. Nobody can sign in with this code alone, but you may want to change your password.',
    '',
    '— GuruMatch',
  ].join('\n');
}

/**
 * Mails a one-time sign-in code to an active account with a verified e-mail.
 * The answer is the same whether or not a code was sent (no account
 * enumeration), and carries a fresh challenge the code will be checked with.
 * Limited per address (429) and per e-mail (further requests send nothing).
 */
export async function requestSignInCode(
  ctx: AppContext,
  body: SignInCodeRequestBody,
  ip: string,
): Promise<SignInCodeSent> {
  const email = normalizeEmail(body.email);
  if (!isValidEmail(email)) {
    throw new AppError(400, 'validation_error', MESSAGES.invalidEmail, {
      email: [MESSAGES.invalidEmail],
    });
  }
  const answer: SignInCodeSent = {
    success: true,
    message: AUTH_MESSAGES.signInCodeSent,
    challenge: randomUUID(),
  };
  if (!(await countSignInCodeRequest(ctx, email, ip))) return answer;
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.is_active || !user.is_email_verified) return answer;

  const code = String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');
  const now = ctx.now();
  await deleteExpiredSignInCodes(ctx.db, user.id, now);
  await insertSignInCode(ctx.db, {
    id: answer.challenge,
    userId: user.id,
    codeHash: hashSignInCode(ctx, answer.challenge, code),
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_SECONDS * 1000),
    createdAt: now,
  });
  try {
    await ctx.mail.send({
      to: user.email,
      subject: AUTH_MESSAGES.signInCodeEmailSubject,
      text: signInCodeEmail(user.full_name, code),
    });
  } catch (error) {
    // Failing here would tell the caller that the e-mail is registered; the user can ask again.
    await deleteSignInCode(ctx.db, answer.challenge);
    ctx.log.error({ err: error, user_id: user.id }, 'sign-in code e-mail not sent');
  }
  return answer;
}

type CodeOutcome =
  | { kind: 'signed_in'; tokens: TokenPair; user: UserRow }
  | { kind: 'code_invalid' }
  | { kind: 'wrong_password' };

/**
 * Signs a new device in with the password and the code mailed for `challenge`.
 * The code works once, within 10 minutes, for its account only, and allows
 * `SIGN_IN_CODE_MAX_ATTEMPTS` wrong tries (a wrong password with the right code
 * is one). The account's password lock-out does not apply: without the mailbox
 * there is no code. The device is trusted from then on.
 */
export async function signInWithCode(
  ctx: AppContext,
  body: CodeTokenBody,
  client: SignInClient,
): Promise<SignedIn> {
  const email = normalizeEmail(body.username);
  const attempt = await beginCodeSignInAttempt(ctx, client.ip);
  let outcome: CodeOutcome = { kind: 'code_invalid' };
  try {
    const account = await findUserByEmail(ctx.db, email);
    // the hash is spent whatever happens next, so the answer's timing tells nothing
    const valid = account
      ? await verifyPassword(body.password, account.password_hash)
      : await verifyAgainstDummy(body.password);
    const now = ctx.now();
    outcome = await ctx.db.transaction(async (tx): Promise<CodeOutcome> => {
      const row = await lockSignInCode(tx, body.challenge);
      if (
        !account ||
        row?.user_id !== account.id ||
        row.consumed_at ||
        row.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS ||
        row.expires_at.getTime() <= now.getTime()
      ) {
        return { kind: 'code_invalid' };
      }
      if (!isSameHash(row.code_hash, hashSignInCode(ctx, row.id, body.code))) {
        await incrementSignInCodeAttempts(tx, row.id);
        return { kind: 'code_invalid' };
      }
      if (!valid || !account.is_active) {
        await incrementSignInCodeAttempts(tx, row.id);
        return { kind: 'wrong_password' };
      }
      await consumeSignInCode(tx, row.id, now);
      await updateLastLogin(tx, account.id, now);
      return { kind: 'signed_in', tokens: await issueTokenPair(ctx, tx, account), user: account };
    });
  } finally {
    await attempt.finish(outcome.kind === 'signed_in');
  }
  if (outcome.kind === 'code_invalid') {
    throw new AppError(400, 'sign_in_code_invalid', AUTH_MESSAGES.signInCodeInvalid, {
      code: [AUTH_MESSAGES.signInCodeInvalid],
    });
  }
  if (outcome.kind === 'wrong_password') {
    throw new AppError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
  }
  return {
    tokens: outcome.tokens,
    deviceCookie: deviceCookieFor(ctx, outcome.user, null, devicesOf(ctx, client)),
  };
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
  return sessionAdmits(state, claims);
}

/** Whether a user's session state (null: no such user) admits a token issued at `iat`. */
export function sessionAdmits(state: SessionStateRow | null, claims: { iat: number }): boolean {
  if (!state?.is_active) return false;
  if (!state.sessions_revoked_at) return true;
  return claims.iat >= Math.floor(state.sessions_revoked_at.getTime() / 1000);
}

/**
 * The claims of an access token sent over an open socket (an `auth` frame),
 * checked as `authenticate` checks a bearer token: valid, and of an active
 * user's current session; null when it does not qualify.
 */
export async function verifyCurrentToken(
  ctx: AppContext,
  token: string,
): Promise<AccessClaims | null> {
  const claims = await verifyAccessToken(ctx.config.jwtSecret, token, ctx.now());
  return claims && (await isSessionCurrent(ctx.db, claims)) ? claims : null;
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

// ---- back office --------------------------------------------------------

export {
  countManagedUsers,
  findManagedUser,
  listManagedUsers,
  type ManagedUserFilter,
  type ManagedUserRow,
} from './queries.ts';

/** Locks an account the back office changes; 404 when there is none. */
async function lockManagedUser(tx: Queryable, id: number): Promise<ManagedUserRow> {
  return requireFound(await findManagedUser(tx, id, true));
}

/**
 * Suspends an account within the caller's transaction: it is closed and every
 * session ends at once (the caller announces it once committed). An
 * administrator cannot be suspended, nor an account twice. Answers the account
 * as it was.
 */
export async function suspendAccount(
  tx: Queryable,
  id: number,
  reason: string,
  at: Date,
): Promise<ManagedUserRow> {
  const before = await lockManagedUser(tx, id);
  if (before.role === 'admin') {
    throw new AppError(403, 'permission_denied', ADMIN_MESSAGES.cannotSuspendAdmin);
  }
  if (!before.is_active) throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.alreadySuspended);
  await setUserSuspension(tx, id, { at, reason });
  await revokeUserSessions(tx, id, at);
  return before;
}

/** Opens a suspended account again within the caller's transaction; answers it as it was. */
export async function reinstateAccount(tx: Queryable, id: number): Promise<ManagedUserRow> {
  const before = await lockManagedUser(tx, id);
  if (before.is_active) throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.notSuspended);
  await setUserSuspension(tx, id, null);
  return before;
}

/** Marks a student premium or not (only students are); answers the account as it was. */
export async function setAccountPremium(
  tx: Queryable,
  id: number,
  premium: boolean,
): Promise<ManagedUserRow> {
  const before = await lockManagedUser(tx, id);
  if (before.role !== 'student') {
    throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.premiumStudentsOnly);
  }
  await setUserPremium(tx, id, premium);
  return before;
}

/** Counts one more warning against an account, within the caller's transaction. */
export async function warnAccount(tx: Queryable, id: number): Promise<void> {
  await addUserWarning(tx, id);
}

/**
 * Makes an administrator (`npm run admin:create`). The password must meet the
 * sign-up rules; an e-mail that already has an account is refused.
 */
export async function createAdministrator(
  db: Queryable,
  input: { email: string; password: string; fullName: string },
  now: Date = new Date(),
): Promise<{ id: number; email: string }> {
  const email = normalizeEmail(input.email);
  const fullName = input.fullName.trim();
  if (!isValidEmail(email)) throw new AppError(400, 'validation_error', MESSAGES.invalidEmail);
  if (!fullName) throw new AppError(400, 'validation_error', 'Please give a name (--name).');
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'validation_error', MESSAGES.passwordTooShort);
  }
  if (!isStrongPassword(input.password)) {
    throw new AppError(400, 'validation_error', MESSAGES.passwordTooWeak);
  }
  const passwordHash = await hashPassword(input.password);
  const admin = await insertAdministrator(db, { email, passwordHash, fullName, at: now });
  if (!admin) throw new AppError(400, 'email_taken', MESSAGES.emailTaken);
  return admin;
}
