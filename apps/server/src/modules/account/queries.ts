import type { OtpMethod } from '@gurumatch/shared/constants';

import type { Queryable } from '../../db/connection.ts';
import { firstRow, returnedRow, rowByIdFinder } from '../../db/rows.ts';
import { rowCounter, rowFinder } from '../../db/statements.ts';

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

/** An account by id; locked for the rest of the transaction when `lock` is set. */
export const findAccountUserById = rowByIdFinder<AccountUserRow>('users', ACCOUNT_USER_COLUMNS);

export const findAccountUserByEmail = rowFinder<AccountUserRow, [email: string]>(
  `SELECT ${ACCOUNT_USER_COLUMNS} FROM users WHERE email = $1`,
);

/** Locks the user row: one phone-code send or account change per user at a time. */
export function lockAccountUser(db: Queryable, userId: number): Promise<AccountUserRow | null> {
  return findAccountUserById(db, userId, true);
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

/** A mailed link of the user, by its purpose and the hash of its token. */
type AccountTokenKey = [userId: number, purpose: AccountTokenPurpose, tokenHash: string];

const ACCOUNT_TOKEN_SELECT = `SELECT id, user_id, purpose, password_changed_at, expires_at, used_at
       FROM account_tokens
      WHERE user_id = $1 AND purpose = $2 AND token_hash = $3`;

export const findAccountToken = rowFinder<AccountTokenRow, AccountTokenKey>(ACCOUNT_TOKEN_SELECT);

export const lockAccountToken = rowFinder<AccountTokenRow, AccountTokenKey>(
  `${ACCOUNT_TOKEN_SELECT} FOR UPDATE`,
);

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

const LATEST_PHONE_OTP = `SELECT * FROM phone_otps WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT 1`;

/** The user's newest code (only the newest one can be verified). */
export const findLatestPhoneOtp = rowFinder<PhoneOtpRow, [userId: number]>(LATEST_PHONE_OTP);

/** The user's newest code, locked: only the newest one can be verified. */
export const lockLatestPhoneOtp = rowFinder<PhoneOtpRow, [userId: number]>(
  `${LATEST_PHONE_OTP} FOR UPDATE`,
);

/** When the user was last sent a code for this number (the resend wait is per number). */
export async function findLatestPhoneOtpTimeForNumber(
  db: Queryable,
  userId: number,
  countryCode: string,
  phoneNumber: string,
): Promise<Date | null> {
  const row = await firstRow<{ created_at: Date }>(
    db,
    `SELECT created_at FROM phone_otps
      WHERE user_id = $1 AND country_code = $2 AND phone_number = $3
      ORDER BY created_at DESC LIMIT 1`,
    [userId, countryCode, phoneNumber],
  );
  return row?.created_at ?? null;
}

export const countPhoneOtpsForNumberSince = rowCounter<
  [countryCode: string, phoneNumber: string, since: Date]
>(
  `SELECT count(*)::int AS count FROM phone_otps
    WHERE country_code = $1 AND phone_number = $2 AND created_at > $3`,
);

export const countPhoneOtpsForUserSince = rowCounter<[userId: number, since: Date]>(
  'SELECT count(*)::int AS count FROM phone_otps WHERE user_id = $1 AND created_at > $2',
);

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
  const row = await returnedRow<{ id: number }>(
    db,
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
    'insertPhoneOtp',
  );
  return row.id;
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
  const owner = await firstRow<{ id: number }>(
    db,
    `SELECT id FROM users
      WHERE phone_country_code = $1 AND phone_number = $2 AND is_phone_verified AND id <> $3
      LIMIT 1`,
    [countryCode, phoneNumber, exceptUserId],
  );
  return owner?.id ?? null;
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
