import type { KvStore } from './index.ts';

interface Entry {
  value: number;
  expiresAt: number;
}

/** In-process counters for a single server instance. */
export function createMemoryKv(now: () => number = Date.now): KvStore {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  let writes = 0;
  /** Every so often, forget expired counters so memory stays bounded. */
  const sweep = (): void => {
    writes += 1;
    if (writes % 1000 !== 0) return;
    const at = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
  };
  return {
    increment(key, ttlSeconds) {
      sweep();
      const entry = live(key) ?? { value: 0, expiresAt: now() + ttlSeconds * 1000 };
      entry.value += 1;
      entries.set(key, entry);
      return Promise.resolve(entry.value);
    },
    decrement(key) {
      const entry = live(key);
      if (entry && entry.value > 0) entry.value -= 1;
      return Promise.resolve();
    },
    get: (key) => Promise.resolve(live(key)?.value ?? 0),
    ttl(key) {
      const entry = live(key);
      return Promise.resolve(entry ? Math.ceil((entry.expiresAt - now()) / 1000) : 0);
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    close() {
      entries.clear();
      return Promise.resolve();
    },
  };
}
