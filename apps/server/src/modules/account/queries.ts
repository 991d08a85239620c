import type { OtpMethod } from '@gurumatch/shared/constants';

import type { Queryable } from '../../db/connection.ts';
import { countOf } from '../../db/rows.ts';

export interface AccountUserRow {
  id: number;
  email: string;
  full_name: string;
  role: 'teacher' | 'student';
  is_active: boolean;
  is_email_verified: boolean;
  phone_country_code: string | null;
  phone_number: string | null;
  is_phone_verified: boolean;
  password_changed_at: Date;
}

const ACCOUNT_USER_COLUMNS = `id, email, full_name, role, is_active, is_email_verified,
  phone_country_code, phone_number, is_phone_verified, password_changed_at`;

export async function findAccountUserById(
  db: Queryable,
  userId: number,
): Promise<AccountUserRow | null> {
  const rows = await db.query<AccountUserRow>(
    `SELECT ${ACCOUNT_USER_COLUMNS} FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function findAccountUserByEmail(
  db: Queryable,
  email: string,
): Promise<AccountUserRow | null> {
  const rows = await db.query<AccountUserRow>(
    `SELECT ${ACCOUNT_USER_COLUMNS} FROM users WHERE email = $1`,
    [email],
  );
  return rows[0] ?? null;
}

/** Locks the user row: one phone-code send or account change per user at a time. */
export async function lockAccountUser(
  db: Queryable,
  userId: number,
): Promise<AccountUserRow | null> {
  const rows = await db.query<AccountUserRow>(
    `SELECT ${ACCOUNT_USER_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------
// Mailed links

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export interface AccountTokenRow {
  id: number;
  user_id: number;
  purpose: AccountTokenPurpose;
  password_changed_at: Date | null;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertAccountToken(
  db: Queryable,
  token: {
    userId: number;
    purpose: AccountTokenPurpose;
    tokenHash: string;
    passwordChangedAt: Date | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO account_tokens (user_id, purpose, token_hash, password_changed_at, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      token.userId,
      token.purpose,
      token.tokenHash,
      token.passwordChangedAt,
      token.expiresAt,
      token.createdAt,
    ],
  );
}

/** Forgets the links of `purpose` not yet used, so only the newest one works. */
export async function deleteUnusedAccountTokens(
  db: Queryable,
  userId: number,
  purpose: AccountTokenPurpose,
): Promise<void> {
  await db.query(
    'DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
}

export async function findAccountToken(
  db: Queryable,
  userId: number,
  purpose: AccountTokenPurpose,
  tokenHash: string,
): Promise<AccountTokenRow | null> {
  const rows = await db.query<AccountTokenRow>(
    `SELECT id, user_id, purpose, password_changed_at, expires_at, used_at
       FROM account_tokens
      WHERE user_id = $1 AND purpose = $2 AND token_hash = $3`,
    [userId, purpose, tokenHash],
  );
  return rows[0] ?? null;
}

export async function lockAccountToken(
  db: Queryable,
  userId: number,
  purpose: AccountTokenPurpose,
  tokenHash: string,
): Promise<AccountTokenRow | null> {
  const rows = await db.query<AccountTokenRow>(
    `SELECT id, user_id, purpose, password_changed_at, expires_at, used_at
       FROM account_tokens
      WHERE user_id = $1 AND purpose = $2 AND token_hash = $3
      FOR UPDATE`,
    [userId, purpose, tokenHash],
  );
  return rows[0] ?? null;
}

export async function markAccountTokenUsed(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE account_tokens SET used_at = $2 WHERE id = $1', [id, at]);
}

export async function markEmailVerified(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE users SET is_email_verified = true, updated_at = $2 WHERE id = $1', [
    userId,
    at,
  ]);
}

export async function updatePasswordHash(
  db: Queryable,
  userId: number,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1',
    [userId, passwordHash, at],
  );
}

export async function revokeAllRefreshTokens(
  db: Queryable,
  userId: number,
  at: Date,
): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, at],
  );
}

// ---------------------------------------------------------------------------
// Phone codes

export interface PhoneOtpRow {
  id: number;
  user_id: number;
  channel: OtpMethod;
  country_code: string;
  phone_number: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: Date;
}

/** The user's newest code (only the newest one can be verified). */
export async function findLatestPhoneOtp(
  db: Queryable,
  userId: number,
): Promise<PhoneOtpRow | null> {
  const rows = await db.query<PhoneOtpRow>(
    `SELECT * FROM phone_otps WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The user's newest code, locked: only the newest one can be verified. */
export async function lockLatestPhoneOtp(
  db: Queryable,
  userId: number,
): Promise<PhoneOtpRow | null> {
  const rows = await db.query<PhoneOtpRow>(
    `SELECT * FROM phone_otps WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

/** When the user was last sent a code for this number (the resend wait is per number). */
export async function findLatestPhoneOtpTimeForNumber(
  db: Queryable,
  userId: number,
  countryCode: string,
  phoneNumber: string,
): Promise<Date | null> {
  const rows = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM phone_otps
      WHERE user_id = $1 AND country_code = $2 AND phone_number = $3
      ORDER BY created_at DESC LIMIT 1`,
    [userId, countryCode, phoneNumber],
  );
  return rows[0]?.created_at ?? null;
}

export function countPhoneOtpsForNumberSince(
  db: Queryable,
  countryCode: string,
  phoneNumber: string,
  since: Date,
): Promise<number> {
  return countOf(
    db,
    `SELECT count(*)::int AS count FROM phone_otps
      WHERE country_code = $1 AND phone_number = $2 AND created_at > $3`,
    [countryCode, phoneNumber, since],
  );
}

export function countPhoneOtpsForUserSince(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<number> {
  return countOf(
    db,
    'SELECT count(*)::int AS count FROM phone_otps WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
}

export async function insertPhoneOtp(
  db: Queryable,
  otp: {
    userId: number;
    channel: OtpMethod;
    countryCode: string;
    phoneNumber: string;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO phone_otps (user_id, channel, country_code, phone_number, code_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [
      otp.userId,
      otp.channel,
      otp.countryCode,
      otp.phoneNumber,
      otp.codeHash,
      otp.expiresAt,
      otp.createdAt,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insertPhoneOtp: no row returned');
  return id;
}

export async function deletePhoneOtp(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM phone_otps WHERE id = $1', [id]);
}

export async function incrementPhoneOtpAttempts(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE phone_otps SET attempts = attempts + 1 WHERE id = $1', [id]);
}

export async function consumePhoneOtp(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE phone_otps SET attempts = attempts + 1, consumed_at = $2 WHERE id = $1', [
    id,
    at,
  ]);
}

/** Another account that has verified this number, if any. */
export async function findVerifiedPhoneOwner(
  db: Queryable,
  countryCode: string,
  phoneNumber: string,
  exceptUserId: number,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM users
      WHERE phone_country_code = $1 AND phone_number = $2 AND is_phone_verified AND id <> $3
      LIMIT 1`,
    [countryCode, phoneNumber, exceptUserId],
  );
  return rows[0]?.id ?? null;
}

export async function setVerifiedPhone(
  db: Queryable,
  userId: number,
  countryCode: string,
  phoneNumber: string,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE users
        SET phone_country_code = $2, phone_number = $3, is_phone_verified = true, updated_at = $4
      WHERE id = $1`,
    [userId, countryCode, phoneNumber, at],
  );
}
