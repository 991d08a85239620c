import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import type { KvStore } from './index.ts';
import { createMemoryKv } from './memory.ts';
import { createRedisKv } from './redis.ts';

const redisUrl = process.env.REDIS_URL;
const prefix = `gm_test_kv_${randomUUID()}:`;

afterAll(async () => {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
});

describe('memory counters', () => {
  it('count up, expire after their window and forget on delete', async () => {
    let now = 1_000_000;
    const kv = createMemoryKv(() => now);

    expect(await kv.get('k')).toBe(0);
    expect(await kv.ttl('k')).toBe(0);
    expect(await kv.increment('k', 60)).toBe(1);
    now += 30_000;
    expect(await kv.increment('k', 60)).toBe(2);
    expect(await kv.ttl('k')).toBe(30);

    now += 30_000;
    expect(await kv.get('k')).toBe(0);
    expect(await kv.increment('k', 60)).toBe(1);

    await kv.increment('k', 60);
    await kv.decrement('k');
    expect(await kv.get('k')).toBe(1);
    await kv.decrement('k');
    await kv.decrement('k');
    expect(await kv.get('k')).toBe(0);

    await kv.delete('k');
    await kv.decrement('k');
    expect(await kv.get('k')).toBe(0);
    expect(await kv.ttl('k')).toBe(0);
    await kv.close();
  });
});

describe.skipIf(!redisUrl)('Redis counters (REDIS_URL)', () => {
  let kv: KvStore;

  afterAll(async () => {
    await kv.close();
  });

  it('count up under the prefix, keep the first window and forget on delete', async () => {
    kv = createRedisKv(redisUrl ?? '', prefix);

    expect(await kv.get('k')).toBe(0);
    expect(await kv.ttl('k')).toBe(0);
    expect(await kv.increment('k', 60)).toBe(1);
    expect(await kv.increment('k', 600)).toBe(2);
    const ttl = await kv.ttl('k');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    const raw = new Redis(redisUrl ?? '');
    try {
      expect(await raw.get(`${prefix}k`)).toBe('2');
    } finally {
      await raw.quit();
    }

    await kv.decrement('k');
    expect(await kv.get('k')).toBe(1);
    await kv.delete('k');
    expect(await kv.get('k')).toBe(0);
    await kv.decrement('k');
    expect(await kv.get('k')).toBe(0);
    expect(await kv.ttl('k')).toBe(0);
  });

  it('count concurrent increments exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => kv.increment('burst', 60)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await kv.ttl('burst')).toBeGreaterThan(0);
  });
});
