import { z } from 'zod';

import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX_LENGTH } from '../constants.ts';
import { CHAT_MESSAGES, REVIEW_MESSAGES } from '../messages/chat.ts';

import { pageParam, pageSizeParam, positiveIntegerParam } from './paging.ts';

/** `POST /api/reviews/`: one review per (student, tutor); sending again replaces it. */
export const ReviewBodySchema = z.object({
  tutor: z.number({ error: REVIEW_MESSAGES.invalidTutor }).int().positive().max(2_147_483_647),
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(REVIEW_RATING_MIN, REVIEW_MESSAGES.ratingRequired)
    .max(REVIEW_RATING_MAX, REVIEW_MESSAGES.ratingRequired),
  review_text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX_LENGTH, REVIEW_MESSAGES.textTooLong)
    .optional()
    .default(''),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  tutor: z.number().int(),
  /** Ours: the tutor's full name (the landing page shows it). */
  tutor_name: z.string(),
  student: z.object({
    id: z.number().int(),
    full_name: z.string(),
    avatar: z.string().nullable(),
  }),
  rating: z.number().int(),
  review_text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ReviewSchema),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

/** `GET /api/reviews/?tutor={id}`; without `tutor`, the latest reviews of everyone (landing page). */
export const ReviewListQuerySchema = z.object({
  tutor: positiveIntegerParam(REVIEW_MESSAGES.invalidTutor).optional(),
  page: pageParam(CHAT_MESSAGES.invalidPage).optional(),
  page_size: pageSizeParam(CHAT_MESSAGES.invalidPage).optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

/** The caller's own review of a tutor, if any (`GET /api/reviews/mine/?tutor=`). */
export const MyReviewSchema = z.object({
  review: ReviewSchema.nullable(),
  /** Whether the caller may send a review of this tutor: a student who has a conversation with them. */
  can_review: z.boolean(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;
