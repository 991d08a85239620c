import type { Queryable } from '../../db/connection.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

/** A profile joined with the account fields the profile screens show. */
export interface ProfileViewRow {
  user_id: number;
  role: 'teacher' | 'student';
  full_name: string;
  email: string;
  is_email_verified: boolean;
  phone_country_code: string | null;
  phone_number: string | null;
  is_phone_verified: boolean;
  user_is_active: boolean;
  avatar_url: string | null;
  profile_completed_at: Date | null;
  bio: string;
  gender: 'male' | 'female' | null;
  requirement: 'offline' | 'online' | null;
  interested_classes: string[];
  custom_class: string;
  subjects: string[];
  boards: string[];
  languages_known: string[];
  avatar_key: string | null;
  id_proof_key: string | null;
  qualification_proof_key: string | null;
  is_doc_verified: boolean;
  rating: number;
  review_count: number;
  is_active: boolean;
  created_at: Date;
  last_updated: Date;
}

const PROFILE_VIEW_SELECT = `
  SELECT u.id AS user_id, u.role, u.full_name, u.email, u.is_email_verified, u.phone_country_code,
         u.phone_number, u.is_phone_verified, u.is_active AS user_is_active, u.avatar_url,
         u.profile_completed_at, p.bio, p.gender, p.requirement, p.interested_classes,
         p.custom_class, p.subjects, p.boards, p.languages_known, p.avatar_key, p.id_proof_key,
         p.qualification_proof_key, p.is_doc_verified, p.rating::float8 AS rating, p.review_count,
         p.is_active, p.created_at, p.last_updated
    FROM users u
    JOIN profiles p ON p.user_id = u.id`;

/** Creates the user's (empty) profile row unless it exists. */
export async function ensureProfile(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO profiles (user_id, created_at, last_updated)
     SELECT id, $2, $2 FROM users WHERE id = $1
     ON CONFLICT (user_id) DO NOTHING`,
    [userId, at],
  );
}

export const findProfileView = rowFinder<ProfileViewRow, [userId: number]>(
  `${PROFILE_VIEW_SELECT} WHERE u.id = $1`,
);

/** The same, with the user and profile rows locked for an update. */
export const lockProfileView = rowFinder<ProfileViewRow, [userId: number]>(
  `${PROFILE_VIEW_SELECT} WHERE u.id = $1 FOR UPDATE OF u, p`,
);

export interface ProfileDetails {
  bio: string;
  gender: 'male' | 'female' | null;
  requirement: 'offline' | 'online' | null;
  interestedClasses: string[];
  customClass: string;
  subjects: string[];
  boards: string[];
  languagesKnown: string[];
}

export async function updateProfileDetails(
  db: Queryable,
  userId: number,
  details: ProfileDetails,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE profiles
        SET bio = $2, gender = $3, requirement = $4, interested_classes = $5, custom_class = $6,
            subjects = $7, boards = $8, languages_known = $9, last_updated = $10
      WHERE user_id = $1`,
    [
      userId,
      details.bio,
      details.gender,
      details.requirement,
      details.interestedClasses,
      details.customClass,
      details.subjects,
      details.boards,
      details.languagesKnown,
      at,
    ],
  );
}

export async function updateProfileAvatarKey(
  db: Queryable,
  userId: number,
  avatarKey: string,
  at: Date,
): Promise<void> {
  await db.query('UPDATE profiles SET avatar_key = $2, last_updated = $3 WHERE user_id = $1', [
    userId,
    avatarKey,
    at,
  ]);
}

export async function updateUserAvatarUrl(
  db: Queryable,
  userId: number,
  avatarUrl: string,
  at: Date,
): Promise<void> {
  await db.query('UPDATE users SET avatar_url = $2, updated_at = $3 WHERE id = $1', [
    userId,
    avatarUrl,
    at,
  ]);
}

/** New documents replace the old ones and wait for verification again. */
export async function updateProfileProofKeys(
  db: Queryable,
  userId: number,
  keys: { idProofKey: string | null; qualificationProofKey: string | null },
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE profiles
        SET id_proof_key = $2, qualification_proof_key = $3, is_doc_verified = false,
            verification_status = CASE WHEN $2::text IS NOT NULL AND $3::text IS NOT NULL
                                       THEN 'pending' ELSE 'none' END,
            last_updated = $4
      WHERE user_id = $1`,
    [userId, keys.idProofKey, keys.qualificationProofKey, at],
  );
}

/** Records when the profile was first complete (the onboarding status then answers dashboard). */
export async function markProfileCompleted(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query(
    'UPDATE users SET profile_completed_at = $2 WHERE id = $1 AND profile_completed_at IS NULL',
    [userId, at],
  );
}

// ---- verification -------------------------------------------------------

/** A tutor's documents as the verification queue shows them, with their account's contact. */
export interface VerificationRow {
  user_id: number;
  full_name: string;
  email: string;
  phone_country_code: string | null;
  phone_number: string | null;
  verification_status: 'none' | 'pending' | 'approved' | 'rejected';
  is_doc_verified: boolean;
  verification_reason: string | null;
  verification_decided_at: Date | null;
  id_proof_key: string | null;
  qualification_proof_key: string | null;
  last_updated: Date;
}

/** The queue's filter: a status (null: any) and search words. */
type VerificationFilter = [status: string | null, patterns: Patterns];

const VERIFICATION_WHERE = `u.role = 'teacher'
   AND ($1::text IS NULL OR p.verification_status = $1)
   AND ${everyPatternMatches('$2', ['u.full_name', 'u.email'])}`;

export const countVerifications = rowCounter<VerificationFilter>(
  `SELECT count(*)::int AS count FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE ${VERIFICATION_WHERE}`,
);

const VERIFICATION_COLUMNS = `p.user_id, u.full_name, u.email, u.phone_country_code, u.phone_number,
       p.verification_status, p.is_doc_verified, p.verification_reason, p.verification_decided_at,
       p.id_proof_key, p.qualification_proof_key, p.last_updated`;

/** Oldest submissions first: the queue is worked from the front. */
export const listVerifications = rowLister<
  VerificationRow,
  [...VerificationFilter, limit: number, offset: number]
>(
  `SELECT ${VERIFICATION_COLUMNS}
     FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE ${VERIFICATION_WHERE}
    ORDER BY p.last_updated, p.user_id LIMIT $3 OFFSET $4`,
);

export const findVerificationForUpdate = rowFinder<
  VerificationRow & { role: string },
  [userId: number]
>(
  `SELECT ${VERIFICATION_COLUMNS}, u.role
     FROM profiles p JOIN users u ON u.id = p.user_id
    WHERE p.user_id = $1 FOR UPDATE OF p`,
);

export async function setVerificationDecision(
  db: Queryable,
  userId: number,
  decision: { approved: boolean; reason: string | null; by: number; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE profiles
        SET is_doc_verified = $2, verification_status = CASE WHEN $2 THEN 'approved' ELSE 'rejected' END,
            verification_reason = $3, verification_decided_by = $4, verification_decided_at = $5
      WHERE user_id = $1`,
    [userId, decision.approved, decision.reason, decision.by, decision.at],
  );
}

/** Which of the given users have verified documents. */
export async function findDocVerifiedUserIds(
  db: Queryable,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM profiles WHERE user_id = ANY($1::int[]) AND is_doc_verified',
    [userIds],
  );
  return rows.map((row) => row.user_id);
}
