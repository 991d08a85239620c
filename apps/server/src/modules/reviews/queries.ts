import type { Queryable } from '../../db/connection.ts';
import { returnedRow } from '../../db/rows.ts';
import { rowChecker, rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

export interface ReviewRow {
  id: number;
  tutor_id: number;
  student_id: number;
  rating: number;
  review_text: string;
  created_at: Date;
  updated_at: Date;
  student_full_name: string;
  student_avatar: string | null;
  tutor_full_name: string;
}

const REVIEW_COLUMNS = `r.id, r.tutor_id, r.student_id, r.rating::int AS rating, r.review_text,
       r.created_at, r.updated_at, s.full_name AS student_full_name, s.avatar_url AS student_avatar,
       t.full_name AS tutor_full_name`;

/** Locks the tutor's user row: one tutor's reviews are written one at a time. */
export const lockTutor = rowChecker<[tutorId: number]>(
  `SELECT id FROM users WHERE id = $1 AND role = 'teacher' AND is_active FOR UPDATE`,
);

export const hasConversationBetween = rowChecker<[studentId: number, tutorId: number]>(
  'SELECT 1 AS found FROM conversations WHERE student_id = $1 AND tutor_id = $2 LIMIT 1',
);

/** Whether the student has a conversation with this user and the user is an active tutor. */
export const mayReview = rowChecker<[studentId: number, tutorId: number]>(
  `SELECT 1 AS found FROM conversations c
     JOIN users u ON u.id = c.tutor_id AND u.role = 'teacher' AND u.is_active
    WHERE c.student_id = $1 AND c.tutor_id = $2
    LIMIT 1`,
);

/** Writes the student's review of the tutor, replacing an earlier one; `created` tells which. */
export function upsertReview(
  db: Queryable,
  input: { tutorId: number; studentId: number; rating: number; text: string; at: Date },
): Promise<{ id: number; created: boolean }> {
  return returnedRow<{ id: number; created: boolean }>(
    db,
    `INSERT INTO reviews (tutor_id, student_id, rating, review_text, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (student_id, tutor_id)
       DO UPDATE SET rating = EXCLUDED.rating, review_text = EXCLUDED.review_text,
                     updated_at = EXCLUDED.updated_at
     RETURNING id, (xmax = 0) AS created`,
    [input.tutorId, input.studentId, input.rating, input.text, input.at],
    'upsertReview',
  );
}

/** Sets the profile's rating (average, 2 decimals) and review count from its reviews. */
export async function refreshTutorRating(db: Queryable, tutorId: number, at: Date): Promise<void> {
  // the profile row is made on first use
  await db.query(
    `INSERT INTO profiles (user_id, created_at, last_updated) VALUES ($1, $2, $2)
     ON CONFLICT (user_id) DO NOTHING`,
    [tutorId, at],
  );
  await db.query(
    `UPDATE profiles p
        SET rating = COALESCE(agg.average, 0), review_count = agg.total
       FROM (SELECT round(avg(rating)::numeric, 2) AS average, count(*)::int AS total
               FROM reviews WHERE tutor_id = $1) AS agg
      WHERE p.user_id = $1`,
    [tutorId],
  );
}

const REVIEW_FROM = `reviews r JOIN users s ON s.id = r.student_id JOIN users t ON t.id = r.tutor_id`;

export const findReview = rowFinder<ReviewRow, [id: number]>(
  `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE r.id = $1`,
);

export const findReviewOf = rowFinder<ReviewRow, [studentId: number, tutorId: number]>(
  `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE r.student_id = $1 AND r.tutor_id = $2`,
);

/** Reviews of one tutor (or of everyone with null) by active students. */
const REVIEWS_WHERE = `($1::int IS NULL OR r.tutor_id = $1) AND s.is_active`;

export const countReviews = rowCounter<[tutorId: number | null]>(
  `SELECT count(*)::int AS count FROM ${REVIEW_FROM} WHERE ${REVIEWS_WHERE}`,
);

/** Newest first. */
export const listReviews = rowLister<
  ReviewRow,
  [tutorId: number | null, limit: number, offset: number]
>(
  `SELECT ${REVIEW_COLUMNS} FROM ${REVIEW_FROM} WHERE ${REVIEWS_WHERE}
    ORDER BY r.updated_at DESC, r.id DESC
    LIMIT $2 OFFSET $3`,
);
