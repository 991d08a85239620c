import { createMemoryKv } from './memory.ts';
import { createRedisKv } from './redis.ts';

/** Short-lived counters shared by every server instance (rate limits, throttles). */
export interface KvStore {
  /** Adds 1 to `key` and returns the new value; a new key lives `ttlSeconds`. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /**
   * Takes 1 back from a live counter (never below 0); a missing or expired key
   * stays missing, so no counter is ever left without its expiry.
   */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<number>;
  /** Seconds until `key` expires, or 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createKv(redisUrl: string | undefined, prefix = 'gm:'): KvStore {
  return redisUrl ? createRedisKv(redisUrl, prefix) : createMemoryKv();
}
