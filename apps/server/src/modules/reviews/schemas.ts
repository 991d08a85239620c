import { FailureBodySchema } from '@gurumatch/shared/schemas/account';
import {
  MyReviewSchema,
  ReviewBodySchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewSchema,
} from '@gurumatch/shared/schemas/reviews';
import { z } from 'zod';

const tags = ['reviews'];

export const saveReviewSchema = {
  tags,
  security: [{ bearerAuth: [] }],
  summary: "A student's review of a tutor they chatted with; sending again replaces it",
  body: ReviewBodySchema,
  response: {
    200: ReviewSchema,
    201: ReviewSchema,
    400: FailureBodySchema,
    401: FailureBodySchema,
    403: FailureBodySchema,
  },
};

export const listReviewsSchema = {
  tags,
  summary: "A tutor's reviews (or everyone's, newest first, without `tutor`), paged",
  querystring: ReviewListQuerySchema,
  response: { 200: ReviewListSchema },
};

export const myReviewSchema = {
  tags,
  security: [{ bearerAuth: [] }],
  summary: "The caller's own review of a tutor (or null), and whether they may send one",
  querystring: z.object({ tutor: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: { 200: MyReviewSchema, 400: FailureBodySchema, 401: FailureBodySchema },
};
