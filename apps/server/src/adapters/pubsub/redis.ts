import { Redis } from 'ioredis';

import type { PubSub, PubSubListener } from './index.ts';

interface Channel {
  listeners: Set<PubSubListener>;
  /** Settles once Redis has confirmed the subscription. */
  ready: Promise<unknown>;
}

/**
 * Redis channels: one connection publishes, one subscribes (a subscribed Redis
 * connection can do nothing else). A channel is subscribed in Redis once, however
 * many local listeners it has, and unsubscribed when the last one leaves.
 */
export function createRedisPubSub(url: string, prefix: string): PubSub {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // no ready check: its INFO would be refused once a subscription went out first
  const subscriber = new Redis(url, { maxRetriesPerRequest: 2, enableReadyCheck: false });
  const channels = new Map<string, Channel>();
  // the prefix keeps the channels of other deployments (and test files) apart
  const full = (channel: string): string => `${prefix}${channel}`;

  subscriber.on('message', (channel: string, message: string) => {
    const entry = channels.get(channel);
    if (!entry) return;
    for (const listener of [...entry.listeners]) listener(message);
  });

  return {
    async publish(channel, message) {
      await publisher.publish(full(channel), message);
    },
    async subscribe(channel, listener) {
      const name = full(channel);
      let entry = channels.get(name);
      if (!entry) {
        entry = { listeners: new Set(), ready: subscriber.subscribe(name) };
        channels.set(name, entry);
      }
      entry.listeners.add(listener);
      await entry.ready;
      return async () => {
        const current = channels.get(name);
        if (!current?.listeners.delete(listener)) return;
        if (current.listeners.size === 0) {
          channels.delete(name);
          await subscriber.unsubscribe(name);
        }
      };
    },
    async close() {
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
