/**
 * The whole server, in-process, on a database of its own.
 *
 * Call `buildTestApp()` once per test file in `beforeAll` and `close()` in
 * `afterAll`: a database costs about half a second (PGlite copy) or a schema
 * and a migration (PostgreSQL), so never build one per test.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { inject } from 'vitest';

import { createAdapters } from '../src/adapters/index.ts';
import type { KvStore } from '../src/adapters/kv/index.ts';
import { createMemoryKv } from '../src/adapters/kv/memory.ts';
import { createRedisKv } from '../src/adapters/kv/redis.ts';
import { createPubSub, type PubSub } from '../src/adapters/pubsub/index.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext, AppLogger } from '../src/context.ts';
import { openDb, wrapPglite, type Db } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';
import { startJobs } from '../src/jobs/kinds.ts';
import { jobSchemaFor, openJobQueue, type JobLogger, type JobQueue } from '../src/jobs/queue.ts';
import { scopedLogger } from '../src/lib/log-scope.ts';
import type { WebBuild } from '../src/plugins/web-static.ts';

export const TEST_JWT_SECRET = 'test-secret-at-least-16-chars';
export const TEST_CORS_ORIGIN = 'http://localhost:5173';

/** Steps to move a test clock by. */
export { DAY_MS, MINUTE_MS } from '../src/lib/time.ts';

/** A clock the tests move by hand; `ctx.now()` reads it. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(date) {
      current = date.getTime();
    },
  };
}

export interface BuildTestAppOverrides {
  /** Environment variables for `loadConfig`, on top of the test defaults. */
  env?: Record<string, string>;
  /** Share a database opened by another `buildTestApp` of the same file (its owner closes it). */
  db?: Db;
  /** Where the clock starts (default: the real time now). */
  now?: Date;
  /** Receives what services log (default: nothing is kept). */
  log?: AppLogger;
  /**
   * The process's logger, wired as main.ts wires it: requests, jobs and
   * `ctx.log` write through it (instead of `log`). Default: none.
   */
  logger?: Logger;
  /**
   * Redis channel prefix (with REDIS_URL): give two apps of one file the same
   * prefix to have them deliver chat to each other like two instances.
   */
  pubsubPrefix?: string;
  /** A web build to serve pages from (default: none, the API alone). */
  web?: WebBuild | null;
  /** false: no job queue (for a database that does not answer); enqueueing then fails. */
  jobs?: false;
}

/** A queue for an app whose database does not answer: storing a job fails like any write. */
function queueWithoutDatabase(): JobQueue {
  const refuse = () => Promise.reject(new Error('no job queue in this test app'));
  return {
    enqueue: refuse,
    enqueueIn: () => {
      throw new Error('no job queue in this test app');
    },
    start: refuse,
    listFailed: refuse,
    countByState: refuse,
    retry: refuse,
    stop: () => Promise.resolve(),
  };
}

/** How long closing waits for a job still running (it returns as soon as none is). */
const JOBS_GRACE_MS = 15_000;

/** A job log that writes nothing. */
export const SILENT_LOG: JobLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => SILENT_LOG,
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  clock: TestClock;
  /** Every delay `ctx.sleep` was asked for, in order. Empty it with `sleeps.length = 0`. */
  sleeps: number[];
  close(): Promise<void>;
}

let openedInThisFile = 0;

/** A name unique to this test file, usable as a PostgreSQL schema and as a Redis key prefix. */
function uniqueName(): string {
  openedInThisFile += 1;
  const random = randomUUID().replace(/-/g, '').slice(0, 12);
  return `gm_test_${String(process.pid)}_${String(openedInThisFile)}_${random}`;
}

/**
 * A migrated database of its own: a copy of the PGlite template made by
 * global-setup, or (with DATABASE_URL) a fresh PostgreSQL schema that is
 * dropped when the database is closed.
 */
export async function openTestDb(name: string = uniqueName()): Promise<Db> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await openDb({
      databaseUrl,
      dataDir: os.tmpdir(),
      schema: name,
      dropSchemaOnClose: true,
    });
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  }
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath)
    throw new Error('The PGlite template is missing: is test/global-setup.ts configured?');
  const tarball = await fs.readFile(templatePath);
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  return wrapPglite(client);
}

/** Redis with a key prefix of its own (keys removed on close), or in-process counters on `clock`. */
function openTestKv(name: string, clock: TestClock): KvStore {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return createMemoryKv(() => clock.now().getTime());
  const prefix = `${name}:`;
  const kv = createRedisKv(redisUrl, prefix);
  return {
    ...kv,
    async close() {
      await kv.close();
      await deleteRedisKeys(redisUrl, prefix);
    },
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    CORS_ORIGINS: TEST_CORS_ORIGIN,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    // jobs are looked for twice a second and retried after a second or two
    JOBS_POLL_SECONDS: '0.5',
    JOBS_RETRY_DELAY_SCALE: '0.01',
    DATA_DIR: os.tmpdir(),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
}

/** A database that refuses every statement, as one that is down does. */
export function unreachableDb(kind: Db['kind']): Db {
  const refuse = () => Promise.reject(new Error('connection refused'));
  return {
    kind,
    query: refuse,
    script: refuse,
    transaction: refuse,
    close: () => Promise.resolve(),
  };
}

export async function buildTestApp(overrides: BuildTestAppOverrides = {}): Promise<TestApp> {
  const name = uniqueName();
  const config = testConfig({
    DATA_DIR: path.join(os.tmpdir(), 'gurumatch-test-data', name),
    ...overrides.env,
  });
  const clock = createTestClock(overrides.now);
  const sleeps: number[] = [];
  const ownsDb = overrides.db === undefined;
  const db = overrides.db ?? (await openTestDb(name));
  const kv = openTestKv(name, clock);
  const pubsub: PubSub = createPubSub(process.env.REDIS_URL, overrides.pubsubPrefix ?? `${name}:`);
  const jobs =
    overrides.jobs === false
      ? queueWithoutDatabase()
      : await openJobQueue(db, {
          pollingIntervalSeconds: config.jobsPollSeconds,
          retryDelayScale: config.jobsRetryDelayScale,
          log: overrides.logger ?? SILENT_LOG,
          onError: () => undefined,
        });
  const ctx: AppContext = {
    ...createAdapters(config, db),
    jobs,
    log: overrides.logger ? scopedLogger(overrides.logger) : (overrides.log ?? SILENT_LOG),
    config,
    db,
    kv,
    pubsub,
    now: () => clock.now(),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  };

  let app: FastifyInstance;
  try {
    app = await buildApp({
      ctx,
      web: overrides.web ?? null,
      ...(overrides.logger ? { logger: overrides.logger } : {}),
    });
    await app.ready();
    if (overrides.jobs !== false) await startJobs(ctx);
  } catch (error) {
    await kv.close();
    await pubsub.close();
    if (ownsDb) await db.close();
    throw error;
  }

  let closed = false;
  return {
    app,
    ctx,
    db,
    clock,
    sleeps,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await app.close();
        // a slow machine may still be running a job: its last statements land before the
        // schema goes
        await jobs.stop(JOBS_GRACE_MS);
      } finally {
        await kv.close();
        await pubsub.close();
        if (ownsDb) {
          // the job queue's schema beside the test's own (dropped with the database)
          if (process.env.DATABASE_URL) {
            await db.query(`DROP SCHEMA IF EXISTS ${jobSchemaFor(name)} CASCADE`).catch(() => {
              // a database that does not answer has nothing to drop
            });
          }
          await db.close();
        }
        await fs.rm(config.dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface TwoInstances {
  one: TestApp;
  two: TestApp;
  /** Where each listens (127.0.0.1, a free port). */
  urlOne: string;
  urlTwo: string;
  close(): Promise<void>;
}

/**
 * Two apps on one database whose pub/sub reach each other through Redis, as
 * two instances of the server do, both listening. `name` marks their channel
 * prefix; `dbTwo` gives the second app a connection of its own.
 */
export async function startTwoInstances(
  db: Db,
  name: string,
  dbTwo: Db = db,
): Promise<TwoInstances> {
  const pubsubPrefix = `gm_test_${name}_${randomUUID().slice(0, 8)}:`;
  const one = await buildTestApp({ db, pubsubPrefix });
  let two: TestApp | undefined;
  const close = async () => {
    await Promise.all([one.close(), two?.close()]);
  };
  try {
    two = await buildTestApp({ db: dbTwo, pubsubPrefix });
    const [urlOne, urlTwo] = await Promise.all([
      one.app.listen({ port: 0, host: '127.0.0.1' }),
      two.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
    return { one, two, urlOne, urlTwo, close };
  } catch (error) {
    await close();
    throw error;
  }
}
