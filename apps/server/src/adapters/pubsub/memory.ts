import type { PubSub, PubSubListener } from './index.ts';

/** Delivery within this process only: enough for a single server instance. */
export function createMemoryPubSub(): PubSub {
  const channels = new Map<string, Set<PubSubListener>>();
  return {
    publish(channel, message) {
      const listeners = channels.get(channel);
      if (listeners) {
        for (const listener of [...listeners]) {
          // asynchronously, as over the network: a publisher never runs listeners inline
          queueMicrotask(() => listener(message));
        }
      }
      return Promise.resolve();
    },
    subscribe(channel, listener) {
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
      }
      listeners.add(listener);
      return Promise.resolve(() => {
        const current = channels.get(channel);
        current?.delete(listener);
        if (current?.size === 0) channels.delete(channel);
        return Promise.resolve();
      });
    },
    close() {
      channels.clear();
      return Promise.resolve();
    },
  };
}
