import type { AppContext } from '../../context.ts';

import { reconcileOrders } from './service.ts';

/** How often the server asks the provider about orders left unverified. */
export const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Runs `reconcileOrders` every minute, one run at a time. Safe on several
 * instances at once: crediting is idempotent per payment id.
 */
export function startReconciliation(
  ctx: AppContext,
  intervalMs = RECONCILE_INTERVAL_MS,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOrders(ctx)
      .then((outcome) => {
        if (outcome.credited > 0) ctx.log.info(outcome, 'reconciliation credited payments');
      })
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'reconciliation failed');
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
