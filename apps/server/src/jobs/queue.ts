/**
 * The durable job queue: work that must happen after a request (a notice by
 * e-mail or WhatsApp, say) is stored as a job in the same transaction as the
 * change that causes it, and run afterwards by whichever instance fetches it
 * first, retried with backoff until it succeeds or runs out of tries.
 *
 * It is pg-boss (decision 046) on the application's own database, embedded
 * and server alike: its tables live in a schema of their own, it reaches the
 * database through our connection (no pool of its own), and it fetches with
 * `FOR UPDATE SKIP LOCKED`, so a job runs on one instance at a time.
 */
import { performance } from 'node:perf_hooks';

import PgBoss from 'pg-boss';

import type { AppLogger } from '../context.ts';
import type { Db, Queryable, QueryOptions } from '../db/connection.ts';
import { currentRequestId, runInLogScope } from '../lib/log-scope.ts';

import { jobInsertFrom, type StatementPart } from './in-statement.ts';
import { ensureKeyIndex, isKeyHeld } from './key-index.ts';

/** How a kind of job is retried: `retryLimit` more tries after the first, backing off. */
export interface JobKind<Data extends object> {
  readonly name: string;
  readonly retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long. */
  readonly retryDelaySeconds: number;
  /**
   * A periodic job (a sweep), as a cron expression in UTC: the queue's
   * scheduler stores one such job per due time, whatever the number of instances.
   */
  readonly cron?: string;
  /**
   * How often an idle worker looks for this kind's jobs, when it must be sooner
   * than the queue's own interval (an alert is worth little a few seconds late).
   */
  readonly pollingIntervalSeconds?: number;
  /**
   * Kinds that name the same lane run their jobs one at a time in each worker
   * process, in the order they were fetched; a kind with no lane runs a
   * batch's jobs together. For jobs that are mostly the database's work, so
   * that they take one connection's worth of it from the requests, not a
   * batch's (decision 057).
   */
  readonly lane?: string;
  /** What the job is for, in a few words an operator can read (the failed jobs screen). */
  readonly describe: (data: Data) => string;
  /** Runs one job; a throw is a failed try. `tries` counts this one (1 the first time). */
  readonly run: (data: Data, job: { tries: number }) => Promise<void>;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  tries: number;
  createdAt: Date;
  failedAt: Date | null;
}

export interface JobQueue {
  /**
   * Stores a job in the caller's transaction: it exists only if the transaction
   * commits. With a `key`, nothing is stored while a job of that kind and key
   * waits, runs or has failed (a sweep asks for each item once; a failed one
   * waits for an operator's retry). With `startAfterSeconds`, no worker takes
   * it before that many seconds have passed. Stored while serving a request,
   * the job carries that request's id into its log lines.
   */
  enqueue(
    tx: Queryable,
    name: string,
    data: object,
    options?: { key?: string; startAfterSeconds?: number },
  ): Promise<void>;
  /**
   * The same, as part of the caller's own statement: a data-modifying CTE that
   * stores a job of `name` for each row of `from` (a CTE of that statement),
   * with `data` (an SQL expression of the row giving a jsonb object) as its
   * data, parameters numbered from `firstParam`. One round trip fewer than
   * `enqueue` after the statement; for a kind stored with no key and no delay.
   */
  enqueueIn(name: string, from: string, data: string, firstParam: number): StatementPart;
  /** Creates each kind's queue (idempotent) and runs here the jobs of the kinds `work` picks. */
  start(
    kinds: readonly JobKind<never>[],
    options: { work: (kind: JobKind<never>) => boolean },
  ): Promise<void>;
  /** Jobs that ran out of tries, newest first, and how many there are. */
  listFailed(limit: number): Promise<{ count: number; jobs: FailedJob[] }>;
  /** How many jobs are in each state (created, retry, active, failed…), for the metrics. */
  countByState(): Promise<Record<string, number>>;
  /** Gives a failed job another round of tries; false when no failed job has this id. */
  retry(id: string): Promise<boolean>;
  /** Stops fetching; jobs still running after `graceMs` are handed back for another try. */
  stop(graceMs: number): Promise<void>;
}

export interface JobQueueOptions {
  /** The schema of the queue's tables. */
  schema: string;
  /** How often an idle worker looks for jobs. */
  pollingIntervalSeconds: number;
  /** Whether this instance keeps the time of periodic jobs (any number may; they store each once). */
  schedule?: boolean;
  /** Multiplies every kind's retry delay (tests make retries quick). */
  retryDelayScale?: number;
  /** Each job logs through a child of this one, labelled with the job and its request id. */
  log: JobLogger;
  onError: (error: Error) => void;
}

/** A logger that makes labelled children (pino's `child`). */
export interface JobLogger extends AppLogger {
  child(bindings: Record<string, unknown>): AppLogger;
}

/**
 * The id of the request that stored a job travels in the job's data, under a
 * key of its own that the job never sees, so that storing a job is one
 * statement (pg-boss writes nothing else with it); a failed try writes it
 * beside the error in the row's `output`. Jobs stored by an earlier release
 * carry it in `output` alone, and still run with it.
 */
const REQUEST_ID_KEY = '_request_id';

/** What a job stored while serving a request adds to its data: that request's id. */
function requestIdData(): Record<string, string> {
  const requestId = currentRequestId();
  return requestId ? { [REQUEST_ID_KEY]: requestId } : {};
}

interface JobOutput {
  request_id?: unknown;
}

/** A stored job's own data, and the id of the request that stored it. */
function unpackJob<T>(stored: { data: T; output: unknown }): {
  data: T;
  requestId: string | undefined;
} {
  let data = stored.data;
  let requestId = (stored.output as JobOutput | null)?.request_id;
  if (typeof data === 'object' && data !== null && REQUEST_ID_KEY in data) {
    const { [REQUEST_ID_KEY]: inData, ...own } = data as Record<string, unknown>;
    data = own as T;
    requestId = inData;
  }
  return { data, requestId: typeof requestId === 'string' ? requestId : undefined };
}

/** pg-boss's way to the database: ours, with parameters, or as a script without. */
function executorOf(target: Queryable | Db, options?: QueryOptions): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] | undefined) => {
      if (values && values.length > 0) return { rows: await target.query(text, values, options) };
      if ('script' in target) return { rows: await target.script(text) };
      return { rows: await target.query(text) };
    },
  };
}

/** Promises still running, so that stopping can wait for them. */
class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const forget = (): void => {
      this.running.delete(promise);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Resolves once nothing tracked is running, or after `ms`, whichever comes first. */
  async settle(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.running.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(resolve, deadline - Date.now());
      });
      await Promise.race([Promise.allSettled([...this.running]), timeout]);
      clearTimeout(timer);
      // what settling them set off (pg-boss completing a batch) starts before we look again
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Jobs of one kind an instance fetches and runs together, each succeeding or failing alone. */
const BATCH_SIZE = 10;

/** The schema of the queue's tables for an application schema (`public` → `jobs`). */
export function jobSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'jobs' : `${appSchema}_jobs`;
}

export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  // the batches being worked, and the queue's own statements (completing a batch runs after
  // its handler returns): stopping waits for both, so none reaches a database closed after it
  const batches = new InFlight();
  const statements = new InFlight();
  const executor = executorOf(db);
  let stopped = false;
  /** Set once a stop begins: a job waiting in a lane is not started from then on. */
  let stopping = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        try {
          return await statements.track(executor.executeSql(text, values));
        } catch (error) {
          if (!stopped) throw error;
          // a handler that outlived the grace finished after the database closed: pg-boss
          // would complete its batch with no one to catch the failure. Its jobs, handed back
          // at the stop, run again elsewhere; here the statement changed no row.
          options.onError(error instanceof Error ? error : new Error(String(error)));
          return { rows: [{ count: 0 }] };
        }
      },
    },
    schema: options.schema,
    supervise: true,
    schedule: options.schedule ?? false,
    migrate: true,
  });
  boss.on('error', options.onError);
  let started: Promise<unknown> | null = null;
  const scale = options.retryDelayScale ?? 1;

  /** One try of one job, its log lines (its own and those of `ctx.log`) labelled with the job. */
  const runJob = async (
    kind: JobKind<never>,
    id: string,
    data: object,
    requestId: string | undefined,
    tries: number,
  ): Promise<void> => {
    const log = options.log.child({
      ...(requestId === undefined ? {} : { reqId: requestId }),
      job: { id, name: kind.name },
    });
    const began = performance.now();
    const took = (): number => Math.round(performance.now() - began);
    try {
      await runInLogScope({ requestId, log }, () => kind.run(data as never, { tries }));
    } catch (error) {
      log.warn({ err: error, ms: took() }, 'job try failed');
      throw error;
    }
    log.info({ ms: took() }, 'job done');
  };

  /** Each lane's last job (a few lanes, each kept): the lane's next job starts once it has ended. */
  const lanes = new Map<string, Promise<void>>();
  /** Runs `work` once the jobs queued before it in `lane` have ended; at once with no lane. */
  const inLane = (lane: string | undefined, work: () => Promise<void>): Promise<void> => {
    if (lane === undefined) return work();
    const turn = (lanes.get(lane) ?? Promise.resolve()).then(() => {
      // its batch is being handed back: another worker runs it
      if (stopping) throw new Error('the queue stopped before this job started');
      return work();
    });
    lanes.set(
      lane,
      turn.catch(() => undefined),
    );
    return turn;
  };

  /**
   * Each job of a batch succeeds or fails on its own: a failed one goes back for another try,
   * and pg-boss completes the rest when this returns.
   */
  const workBatch = async (
    kind: JobKind<never>,
    batch: PgBoss.JobWithMetadata[],
  ): Promise<void> => {
    // pg-boss counts a try once the job has started before (a retry, or one handed back)
    const jobs = batch.map((job) => ({ id: job.id, tries: job.retryCount + 1, ...unpackJob(job) }));
    const results = await Promise.allSettled(
      jobs.map((job) =>
        inLane(kind.lane, () => runJob(kind, job.id, job.data, job.requestId, job.tries)),
      ),
    );
    for (const [index, result] of results.entries()) {
      const job = jobs[index];
      if (result.status === 'fulfilled' || !job) continue;
      const reason: unknown = result.reason;
      const message = reason instanceof Error ? reason.message : String(reason);
      const { requestId } = job;
      try {
        await boss.fail(kind.name, job.id, {
          message,
          ...(requestId === undefined ? {} : { request_id: requestId }),
        });
      } catch (error) {
        // the job stays active, and the queue hands it back once it expires
        options.onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  return {
    async enqueue(tx, name, data, enqueueOptions = {}) {
      const { key, startAfterSeconds } = enqueueOptions;
      if (key !== undefined && (await isKeyHeld(tx, options.schema, name, key))) return;
      await boss.send(
        name,
        { ...data, ...requestIdData() },
        {
          // the library's one insert statement, parsed and planned once per connection
          db: executorOf(tx, { prepared: true }),
          ...(key === undefined ? {} : { singletonKey: key }),
          ...(startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds }),
        },
      );
    },
    enqueueIn(name, from, data, firstParam) {
      return jobInsertFrom(options.schema, name, from, data, firstParam, requestIdData());
    },
    async start(kinds, { work }) {
      started ??= boss.start().then(() =>
        // before the kinds' queues are created: the partition of a new one is indexed with it
        ensureKeyIndex(db, options.schema).catch((error: unknown) => {
          // the check of a key still works without it, only slower; the next start tries again
          options.log.warn({ err: error }, 'jobs: the index of job keys could not be built');
        }),
      );
      await started;
      for (const kind of kinds) {
        const definition = {
          name: kind.name,
          retryLimit: kind.retryLimit,
          retryDelay: Math.max(1, Math.round(kind.retryDelaySeconds * scale)),
          retryBackoff: true,
        };
        const existing = await boss.getQueue(kind.name);
        if (existing) await boss.updateQueue(kind.name, definition);
        else await boss.createQueue(kind.name, definition);
        if (kind.cron && options.schedule) await boss.schedule(kind.name, kind.cron, {});
        if (!work(kind)) continue;
        await boss.work<object>(
          kind.name,
          {
            batchSize: BATCH_SIZE,
            includeMetadata: true,
            pollingIntervalSeconds: Math.min(
              kind.pollingIntervalSeconds ?? options.pollingIntervalSeconds,
              options.pollingIntervalSeconds,
            ),
          },
          (batch) => batches.track(workBatch(kind, batch)),
        );
      }
    },
    async countByState() {
      const rows = await db.query<{ state: string; count: number }>(
        `SELECT state, count(*)::int AS count FROM ${options.schema}.job GROUP BY state`,
      );
      return Object.fromEntries(rows.map((row) => [row.state, row.count]));
    },
    async listFailed(limit) {
      const [total] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${options.schema}.job WHERE state = 'failed'`,
      );
      const rows = await db.query<{
        id: string;
        name: string;
        data: unknown;
        output: { message?: unknown } | null;
        retry_count: number;
        created_on: Date;
        completed_on: Date | null;
      }>(
        `SELECT id, name, data, output, retry_count, created_on, completed_on
           FROM ${options.schema}.job WHERE state = 'failed'
          ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
        [limit],
      );
      const jobs = rows.map((row) => ({
        id: row.id,
        name: row.name,
        data: unpackJob(row).data,
        error: typeof row.output?.message === 'string' ? row.output.message : '',
        tries: row.retry_count + 1,
        createdAt: row.created_on,
        failedAt: row.completed_on,
      }));
      return { count: total?.count ?? 0, jobs };
    },
    async retry(id) {
      const [failed] = await db.query<{ name: string }>(
        `SELECT name FROM ${options.schema}.job WHERE id = $1 AND state = 'failed'`,
        [id],
      );
      if (!failed) return false;
      await boss.retry(failed.name, id);
      return true;
    },
    async stop(graceMs) {
      if (!started) return;
      stopping = true;
      const began = Date.now();
      await boss.stop({ graceful: true, wait: true, timeout: graceMs, close: false });
      // a handler pg-boss gave up waiting for may still be running: it gets the rest of the grace
      await batches.settle(Math.max(0, graceMs - (Date.now() - began)));
      await statements.settle(graceMs);
      stopped = true;
    },
  };
}

/** The queue of `db`, its tables beside the application's (`jobSchemaFor`). */
export async function openJobQueue(
  db: Db,
  options: Omit<JobQueueOptions, 'schema'>,
): Promise<JobQueue> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return createJobQueue(db, { ...options, schema: jobSchemaFor(row?.schema ?? 'public') });
}
