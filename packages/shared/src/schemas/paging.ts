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

const positiveInteger = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1, message);

export const PageQuerySchema = z.object({
  page: positiveInteger(CONTENT_MESSAGES.invalidPage).optional(),
  page_size: positiveInteger(CONTENT_MESSAGES.invalidPageSize)
    .transform((value) => Math.min(value, PAGE_SIZE_MAX))
    .optional(),
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
