import { EMAIL_MAX_LENGTH } from '@gurumatch/shared/constants';
import { ErrorBodySchema } from '@gurumatch/shared/errors';
import { z } from 'zod';

/** Auto-refresh of the page, in seconds. */
export const OUTBOX_REFRESH_MIN_SECONDS = 2;
export const OUTBOX_REFRESH_MAX_SECONDS = 60;

export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['email', 'otp']),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  links: z.array(z.string()),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxEntryBody = z.infer<typeof OutboxEntrySchema>;

const ToFilterSchema = z.string().trim().min(1).max(EMAIL_MAX_LENGTH).optional();

export const OutboxQuerySchema = z.object({ to: ToFilterSchema });

export const OutboxPageQuerySchema = z.object({
  to: ToFilterSchema,
  refresh: z.coerce
    .number()
    .int()
    .min(OUTBOX_REFRESH_MIN_SECONDS)
    .max(OUTBOX_REFRESH_MAX_SECONDS)
    .optional(),
});

export const outboxSchema = {
  tags: ['development'],
  summary: 'Messages the offline mail and one-time code senders delivered, newest first',
  querystring: OutboxQuerySchema,
  response: { 200: z.array(OutboxEntrySchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
};

export const outboxPageSchema = {
  hide: true,
  querystring: OutboxPageQuerySchema,
};
