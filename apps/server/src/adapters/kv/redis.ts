import { Redis } from 'ioredis';

import type { KvStore } from './index.ts';

/** DECR only a key that exists and is above 0 (a plain DECR would create one without expiry). */
const DECREMENT_IF_POSITIVE = `
local value = tonumber(redis.call('GET', KEYS[1]) or '0')
if value > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis, so every instance behind the load balancer sees the same numbers. */
export function createRedisKv(url: string, prefix: string): KvStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async increment(key, ttlSeconds) {
      // One MULTI: create the key with its expiry if it is new, then count. INCR keeps
      // the TTL, so a counter can never be left without one (a lost second round trip
      // used to leave a sign-in lock-out counter that never expired).
      const results = await redis.multi().set(key, 0, 'EX', ttlSeconds, 'NX').incr(key).exec();
      const [error, value] = results?.[1] ?? [new Error('Redis transaction aborted'), null];
      if (error) throw error;
      return Number(value);
    },
    async decrement(key) {
      await redis.eval(DECREMENT_IF_POSITIVE, 1, key);
    },
    async get(key) {
      return Number((await redis.get(key)) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(key));
    },
    async delete(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}
