import type { Adapters } from './adapters/index.ts';
import type { KvStore } from './adapters/kv/index.ts';
import type { PubSub } from './adapters/pubsub/index.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { JobQueue } from './jobs/queue.ts';

/** Everything a service may use. Services take it as their first argument and never see Fastify. */
/** What services may log: a failure the caller does not hear about must still reach operators. */
export interface AppLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AppContext extends Adapters {
  log: AppLogger;
  config: Config;
  db: Db;
  kv: KvStore;
  /** Messages between server instances (chat fan-out). */
  pubsub: PubSub;
  /** Work that must happen after a request, stored with it (jobs/queue.ts). */
  jobs: JobQueue;
  /** Current time; tests move it. */
  now: () => Date;
  /** Waits; tests record the waits instead. */
  sleep: (ms: number) => Promise<void>;
}
