import { REVIEW_MESSAGES } from '@gurumatch/shared/messages/chat';
import {
  ReviewBodySchema,
  type MyReview,
  type Review,
  type ReviewBody,
  type ReviewList,
  type ReviewListQuery,
} from '@gurumatch/shared/schemas/reviews';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { buildPageLinks, readPageRequest } from '../../lib/paging.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';

import {
  countReviews,
  findReview,
  findReviewOf,
  hasConversationBetween,
  listReviews,
  lockTutor,
  mayReview,
  refreshTutorRating,
  upsertReview,
  type ReviewRow,
} from './queries.ts';

function toReview(base: string, row: ReviewRow): Review {
  return {
    id: row.id,
    tutor: row.tutor_id,
    tutor_name: row.tutor_full_name,
    student: {
      id: row.student_id,
      full_name: row.student_full_name,
      avatar: toPublicFileUrl(base, row.student_avatar),
    },
    rating: row.rating,
    review_text: row.review_text,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Writes a student's review of a tutor they have a conversation with; a second
 * review replaces the first. The tutor's rating and review count follow in the
 * same transaction.
 */
export async function saveReview(
  ctx: AppContext,
  studentId: number,
  body: ReviewBody,
): Promise<{ created: boolean; review: Review }> {
  const input = ReviewBodySchema.parse(body);
  const saved = await ctx.db.transaction(async (tx) => {
    if (!(await lockTutor(tx, input.tutor))) {
      throw new AppError(400, 'validation_error', REVIEW_MESSAGES.notTutor, {
        tutor: [REVIEW_MESSAGES.notTutor],
      });
    }
    if (!(await hasConversationBetween(tx, studentId, input.tutor))) {
      throw new AppError(403, 'no_conversation', REVIEW_MESSAGES.noConversation);
    }
    const result = await upsertReview(tx, {
      tutorId: input.tutor,
      studentId,
      rating: input.rating,
      text: input.review_text,
      at: ctx.now(),
    });
    await refreshTutorRating(tx, input.tutor, ctx.now());
    return result;
  });
  const row = await findReview(ctx.db, saved.id);
  if (!row) throw new Error('saveReview: the review vanished');
  return { created: saved.created, review: toReview(ctx.config.publicUrl, row) };
}

export async function listTutorReviews(
  ctx: AppContext,
  query: ReviewListQuery,
): Promise<ReviewList> {
  const request = readPageRequest(query);
  const tutorId = query.tutor ?? null;
  const [count, rows] = await Promise.all([
    countReviews(ctx.db, tutorId),
    listReviews(ctx.db, tutorId, request.pageSize, request.offset),
  ]);
  return {
    count,
    ...buildPageLinks(
      {
        baseUrl: ctx.config.publicUrl,
        path: '/api/reviews/',
        query: { tutor: query.tutor, page_size: query.page_size },
      },
      request,
      count,
    ),
    results: rows.map((row) => toReview(ctx.config.publicUrl, row)),
  };
}

/**
 * The caller's review of a tutor, if any, and whether they may send one: the check
 * `saveReview` makes on submit, told before the form is shown.
 */
export async function findMyReview(
  ctx: AppContext,
  caller: { user_id: number; role: string },
  tutorId: number,
): Promise<MyReview> {
  const [row, allowed] = await Promise.all([
    findReviewOf(ctx.db, caller.user_id, tutorId),
    caller.role === 'student' ? mayReview(ctx.db, caller.user_id, tutorId) : false,
  ]);
  return { review: row ? toReview(ctx.config.publicUrl, row) : null, can_review: allowed };
}
