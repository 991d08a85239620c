import { Redis } from 'ioredis';

import type { KvStore } from './index.ts';

/** Counters in Redis, so every instance behind the load balancer sees the same numbers. */
export function createRedisKv(url: string, prefix: string): KvStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async increment(key, ttlSeconds) {
      const [[, value] = [], [, ttl] = []] = (await redis
        .multi()
        .incr(key)
        .ttl(key)
        .exec()) as [[Error | null, number], [Error | null, number]];
      if (ttl === -1) await redis.expire(key, ttlSeconds);
      return Number(value);
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
