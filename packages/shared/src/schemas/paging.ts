import { z } from 'zod';

import { PAGE_SIZE_MAX } from '../constants.ts';
import { CONTENT_MESSAGES } from '../messages/content.ts';

/**
 * Paged lists on the wire (API contract): `page` (1-based) and `page_size`
 * (default PAGE_SIZE, capped at PAGE_SIZE_MAX rather than refused above it) in
 * the query; `{count, next, previous, results}` in the answer, `next` and
 * `previous` absolute URLs or null. Every paged list of the API uses these;
 * the server answers them with `apps/server/src/lib/paging.ts`.
 */

/**
 * The highest `page` any list accepts: the rows before it (`(page - 1) ×
 * PAGE_SIZE_MAX`) still fit the database's integer, so no page number can
 * reach the database as an out-of-range value. Above it the answer is 400.
 */
export const PAGE_NUMBER_MAX = Math.floor(2_147_483_647 / PAGE_SIZE_MAX);

/** A whole number from 1 up, written in at most 9 digits (a query string value). */
export const positiveIntegerParam = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);

/** `page` of any paged list: 1 to PAGE_NUMBER_MAX. */
export const pageParam = (message: string) =>
  positiveIntegerParam(message).refine((value) => value <= PAGE_NUMBER_MAX, message);

/** `page_size` of any paged list: from 1, capped at PAGE_SIZE_MAX rather than refused above it. */
export const pageSizeParam = (message: string) =>
  positiveIntegerParam(message).transform((value) => Math.min(value, PAGE_SIZE_MAX));

export const PageQuerySchema = z.object({
  page: pageParam(CONTENT_MESSAGES.invalidPage).optional(),
  page_size: pageSizeParam(CONTENT_MESSAGES.invalidPageSize).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `{count, next, previous, results}` of `item`. */
export function pagedListOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface PagedList<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}
