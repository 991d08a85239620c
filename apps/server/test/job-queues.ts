/**
 * Tests of the job queue itself: a queue in a schema of its own, with test
 * kinds of numbered jobs, logging nothing.
 */
import { randomUUID } from 'node:crypto';

import type { Db } from '../src/db/connection.ts';
import { createJobQueue, type JobKind, type JobQueue } from '../src/jobs/queue.ts';

import { SILENT_LOG } from './build-test-app.ts';

export interface IsolatedQueue {
  queue: JobQueue;
  /** The schema of its tables: drop it when done. */
  schema: string;
}

/**
 * A queue of its own tables on `db`, looking for jobs every half second; with
 * `schema`, a second worker on the tables of a queue made before.
 */
export function isolatedJobQueue(
  db: Db,
  onError: (error: Error) => void = () => undefined,
  schema = `gm_q_${randomUUID().replace(/-/g, '').slice(0, 10)}`,
): IsolatedQueue {
  const queue = createJobQueue(db, {
    schema,
    pollingIntervalSeconds: 0.5,
    log: SILENT_LOG,
    onError,
  });
  return { queue, schema };
}

/** A job of a test kind: its number. */
export interface NumberedJob {
  n: number;
}

/** A test kind of numbered jobs, looked for every half second, retried after a second. */
export function numberedKind(
  name: string,
  run: (job: NumberedJob) => Promise<void>,
  options: { retryLimit?: number; lane?: string } = {},
): JobKind<NumberedJob> {
  return {
    name,
    retryLimit: options.retryLimit ?? 0,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    ...(options.lane === undefined ? {} : { lane: options.lane }),
    describe: (job) => `job ${String(job.n)}`,
    run,
  };
}
