import type { Role } from '@gurumatch/shared/constants';

import type { Queryable } from '../../db/connection.ts';
import { countOf, findRowById, insertUnlessTaken, rowByIdFinder } from '../../db/rows.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowFinder } from '../../db/statements.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  full_name: string;
  role: Role;
  is_email_verified: boolean;
  phone_country_code: string | null;
  phone_number: string | null;
  is_phone_verified: boolean;
  avatar_url: string | null;
  is_active: boolean;
  profile_completed_at: Date | null;
  last_login: Date | null;
  sessions_revoked_at: Date | null;
  created_at: Date;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  fullName: string;
  role: Role;
}

/** Inserts a user; answers null when the (lower-cased) e-mail is taken. */
export function insertUser(db: Queryable, user: NewUser): Promise<UserRow | null> {
  const fields = {
    email: user.email,
    password_hash: user.passwordHash,
    full_name: user.fullName,
    role: user.role,
  };
  return insertUnlessTaken<UserRow>(db, 'users', fields, 'email', '*');
}

export const findUserByEmail = rowFinder<UserRow, [email: string]>(
  'SELECT * FROM users WHERE email = $1',
);

export function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  return findRowById<UserRow>(db, 'users', '*', id);
}

export function countUsers(db: Queryable): Promise<number> {
  return countOf(db, 'SELECT count(*)::int AS count FROM users');
}

export async function updateLastLogin(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE users SET last_login = $2 WHERE id = $1', [id, at]);
}

export interface OnboardingFacts {
  role: Role;
  is_phone_verified: boolean;
  has_address: boolean;
  is_profile_complete: boolean;
}

export const findOnboardingFacts = rowFinder<OnboardingFacts, [userId: number]>(
  `SELECT u.role, u.is_phone_verified,
          EXISTS (SELECT 1 FROM user_addresses a WHERE a.user_id = u.id) AS has_address,
          u.profile_completed_at IS NOT NULL AS is_profile_complete
     FROM users u
    WHERE u.id = $1 AND u.is_active`,
);

export async function insertRefreshToken(
  db: Queryable,
  token: { jti: string; userId: number; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (jti, user_id, family_id, expires_at) VALUES ($1, $2, $3, $4)`,
    [token.jti, token.userId, token.familyId, token.expiresAt],
  );
}

export interface RefreshTokenRow {
  jti: string;
  user_id: number;
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** Locks the row so two refreshes racing with one token cannot both win. */
export const lockRefreshToken = rowFinder<RefreshTokenRow, [jti: string]>(
  'SELECT jti, user_id, family_id, used_at, revoked_at FROM refresh_tokens WHERE jti = $1 FOR UPDATE',
);

export async function markRefreshTokenUsed(db: Queryable, jti: string, at: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = $2 WHERE jti = $1', [jti, at]);
}

export async function revokeRefreshFamily(
  db: Queryable,
  familyId: string,
  at: Date,
): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL',
    [familyId, at],
  );
}

export interface SessionStateRow {
  is_active: boolean;
  sessions_revoked_at: Date | null;
}

/** What an access token is checked against on every request: one primary-key read. */
export const findSessionState = rowFinder<SessionStateRow, [userId: number]>(
  'SELECT is_active, sessions_revoked_at FROM users WHERE id = $1',
  { prepared: true },
);

/** Moves the user's session epoch: access tokens issued before `at` stop working. */
export async function updateSessionsRevokedAt(
  db: Queryable,
  userId: number,
  at: Date,
): Promise<void> {
  await db.query('UPDATE users SET sessions_revoked_at = $2 WHERE id = $1', [userId, at]);
}

export async function revokeUserRefreshTokens(
  db: Queryable,
  userId: number,
  at: Date,
): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, at],
  );
}

/** Forgets a user's refresh tokens that have expired (kept table small, nothing to reuse). */
export async function deleteExpiredRefreshTokens(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<void> {
  await db.query('DELETE FROM refresh_tokens WHERE user_id = $1 AND expires_at < $2', [
    userId,
    now,
  ]);
}

export interface SignInCodeRow {
  id: string;
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
}

export async function insertSignInCode(
  db: Queryable,
  code: { id: string; userId: number; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_codes (id, user_id, code_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [code.id, code.userId, code.codeHash, code.expiresAt, code.createdAt],
  );
}

/** Locks a code's row so two sign-ins racing with one code cannot both use it. */
export const lockSignInCode = rowFinder<SignInCodeRow, [id: string]>(
  `SELECT id, user_id, code_hash, attempts, expires_at, consumed_at
     FROM sign_in_codes WHERE id = $1 FOR UPDATE`,
);

export async function incrementSignInCodeAttempts(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE sign_in_codes SET attempts = attempts + 1 WHERE id = $1', [id]);
}

export async function consumeSignInCode(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE sign_in_codes SET consumed_at = $2 WHERE id = $1', [id, at]);
}

/** Forgets a user's codes that expired (the table stays small; nothing in them is of use). */
export async function deleteExpiredSignInCodes(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<void> {
  await db.query('DELETE FROM sign_in_codes WHERE user_id = $1 AND expires_at < $2', [userId, now]);
}

export async function deleteSignInCode(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM sign_in_codes WHERE id = $1', [id]);
}

// ---- back office --------------------------------------------------------

/** An account as the back office lists and manages it. */
export interface ManagedUserRow {
  id: number;
  full_name: string;
  email: string;
  phone_country_code: string | null;
  phone_number: string | null;
  role: Role;
  is_active: boolean;
  is_premium: boolean;
  is_email_verified: boolean;
  is_phone_verified: boolean;
  suspended_at: Date | null;
  suspension_reason: string | null;
  warning_count: number;
  last_login: Date | null;
  created_at: Date;
}

const MANAGED_USER_COLUMNS = `id, full_name, email, phone_country_code, phone_number, role, is_active,
       is_premium, is_email_verified, is_phone_verified, suspended_at, suspension_reason,
       warning_count, last_login, created_at`;

/** Every word must match the name, the e-mail or the phone number. */
const MANAGED_USER_WHERE = `($1::text IS NULL OR role = $1)
   AND ($2::boolean IS NULL OR is_active = $2)
   AND ${everyPatternMatches('$3', [
     'full_name',
     'email',
     "coalesce(phone_number, '')",
     "(coalesce(phone_country_code, '') || coalesce(phone_number, ''))",
   ])}`;

export interface ManagedUserFilter {
  role: string | null;
  active: boolean | null;
  patterns: Patterns;
}

/** The filter's values, in the order MANAGED_USER_WHERE numbers them. */
function managedUserParams(filter: ManagedUserFilter): unknown[] {
  return [filter.role, filter.active, filter.patterns];
}

export function countManagedUsers(db: Queryable, filter: ManagedUserFilter): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM users WHERE ${MANAGED_USER_WHERE}`,
    managedUserParams(filter),
  );
}

export function listManagedUsers(
  db: Queryable,
  filter: ManagedUserFilter,
  limit: number,
  offset: number,
): Promise<ManagedUserRow[]> {
  return db.query<ManagedUserRow>(
    `SELECT ${MANAGED_USER_COLUMNS} FROM users WHERE ${MANAGED_USER_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [...managedUserParams(filter), limit, offset],
  );
}

/** One account, locked for the rest of the transaction when `lock` is set. */
export const findManagedUser = rowByIdFinder<ManagedUserRow>('users', MANAGED_USER_COLUMNS);

export async function setUserSuspension(
  db: Queryable,
  id: number,
  suspension: { at: Date; reason: string } | null,
): Promise<void> {
  await db.query(
    `UPDATE users SET is_active = $2, suspended_at = $3, suspension_reason = $4, updated_at = now()
      WHERE id = $1`,
    [id, suspension === null, suspension?.at ?? null, suspension?.reason ?? null],
  );
}

export async function setUserPremium(db: Queryable, id: number, premium: boolean): Promise<void> {
  await db.query('UPDATE users SET is_premium = $2, updated_at = now() WHERE id = $1', [
    id,
    premium,
  ]);
}

export async function addUserWarning(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE users SET warning_count = warning_count + 1 WHERE id = $1', [id]);
}

/** Inserts an administrator; null when the e-mail is taken. */
export function insertAdministrator(
  db: Queryable,
  admin: { email: string; passwordHash: string; fullName: string; at: Date },
): Promise<{ id: number; email: string } | null> {
  const fields = {
    email: admin.email,
    password_hash: admin.passwordHash,
    full_name: admin.fullName,
    role: 'admin',
    is_email_verified: true,
    profile_completed_at: admin.at,
    password_changed_at: admin.at,
    created_at: admin.at,
    updated_at: admin.at,
  };
  return insertUnlessTaken(db, 'users', fields, 'email', 'id, email');
}
