import type { AppContext } from '../context.ts';
import type { JobKind } from '../jobs/queue.ts';

export interface Sweep {
  name: string;
  /** When it runs, as a cron expression in UTC. */
  cron: string;
  /** What it looks for, in a few words an operator can read. */
  describe: string;
  /**
   * Finds the work that is due and queues it, one job per item; upkeep with
   * no item of its own (deleting old records) does its bounded share itself.
   */
  run: () => Promise<unknown>;
  /** A failed sweep's retries (default: none; the next due time looks again). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** A periodic job without data of its own: each due time it queues what has come due. */
export function sweepJob(sweep: Sweep): JobKind<Record<string, never>> {
  return {
    name: sweep.name,
    retryLimit: sweep.retryLimit ?? 0,
    retryDelaySeconds: sweep.retryDelaySeconds ?? 60,
    cron: sweep.cron,
    describe: () => sweep.describe,
    run: async () => {
      await sweep.run();
    },
  };
}

/**
 * A sweep's queueing: one job of `name` per item, stored in one transaction
 * and keyed by the item's id, so an item whose job still waits, runs or has
 * failed is not queued again.
 */
export async function queueJobPerItem<Item>(
  ctx: AppContext,
  name: string,
  items: readonly Item[],
  jobOf: (item: Item) => { key: number; data: object },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const item of items) {
      const { key, data } = jobOf(item);
      await ctx.jobs.enqueue(tx, name, data, { key: String(key) });
    }
  });
}
