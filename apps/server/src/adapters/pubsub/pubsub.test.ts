import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import type { PubSub } from './index.ts';
import { createMemoryPubSub } from './memory.ts';
import { createRedisPubSub } from './redis.ts';

const redisUrl = process.env.REDIS_URL;

function collector(): { received: string[]; listener: (message: string) => void } {
  const received: string[] = [];
  return { received, listener: (message) => received.push(message) };
}

async function eventually(check: () => void, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

async function deliversToSubscribersOnly(a: PubSub, b: PubSub): Promise<void> {
  const first = collector();
  const second = collector();
  const other = collector();
  const stopFirst = await a.subscribe('chat:1', first.listener);
  await b.subscribe('chat:1', second.listener);
  await b.subscribe('chat:2', other.listener);

  await a.publish('chat:1', 'one');
  await eventually(() => {
    expect(first.received).toEqual(['one']);
    expect(second.received).toEqual(['one']);
  });

  await stopFirst();
  await b.publish('chat:1', 'two');
  await eventually(() => expect(second.received).toEqual(['one', 'two']));
  expect(first.received).toEqual(['one']);
  expect(other.received).toEqual([]);
}

describe('in-process pub/sub', () => {
  it('delivers to every listener of the channel, in order, and stops on unsubscribe', async () => {
    const pubsub = createMemoryPubSub();
    await deliversToSubscribersOnly(pubsub, pubsub);
    const late = collector();
    await pubsub.subscribe('chat:3', late.listener);
    for (const n of [1, 2, 3]) await pubsub.publish('chat:3', String(n));
    await eventually(() => expect(late.received).toEqual(['1', '2', '3']));
    await pubsub.close();
  });
});

describe.skipIf(!redisUrl)('Redis pub/sub (REDIS_URL)', () => {
  it('delivers across connections as across instances, only within its prefix', async () => {
    const prefix = `gm_test_pubsub_${randomUUID()}:`;
    const a = createRedisPubSub(redisUrl ?? '', prefix);
    const b = createRedisPubSub(redisUrl ?? '', prefix);
    const stranger = createRedisPubSub(redisUrl ?? '', `${prefix}other:`);
    try {
      const foreign = collector();
      await stranger.subscribe('chat:1', foreign.listener);
      await deliversToSubscribersOnly(a, b);
      expect(foreign.received).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), stranger.close()]);
    }
  });
});
