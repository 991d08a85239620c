import type { OutboxEntry } from '../../adapters/outbox/dev-outbox.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

export const OUTBOX_NOT_AVAILABLE =
  'The development outbox is not available: real mail and one-time code delivery are configured.';

/**
 * What the offline mail and one-time code senders delivered, newest first.
 * 404 when no offline sender is in use, and always in production.
 */
export async function listOutboxEntries(ctx: AppContext, to?: string): Promise<OutboxEntry[]> {
  if (!ctx.outbox || ctx.config.isProduction) {
    throw new AppError(404, 'not_found', OUTBOX_NOT_AVAILABLE);
  }
  return ctx.outbox.list(undefined, to);
}
