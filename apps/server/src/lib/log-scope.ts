/**
 * The request or job the running code serves, across its awaits: the id of
 * the request that stored a job goes with the job (jobs/queue.ts), and
 * `ctx.log` writes through the logger of that request or job, so each of its
 * lines carries the request id (`reqId`) from the proxy to the job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import type { AppLogger } from '../context.ts';

export interface LogScope {
  /** The request's id; a job's is the id of the request that stored it (none for a sweep's). */
  requestId: string | undefined;
  log: AppLogger;
}

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs `work` (and everything it awaits) in `scope`. */
export function runInLogScope<T>(scope: LogScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The id of the request the running code serves, directly or through a job. */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/** A logger that writes through the current request's or job's logger, else through `base`. */
export function scopedLogger(base: AppLogger): AppLogger {
  const current = (): AppLogger => scopes.getStore()?.log ?? base;
  return {
    info: (details, message) => current().info(details, message),
    warn: (details, message) => current().warn(details, message),
    error: (details, message) => current().error(details, message),
  };
}
