/**
 * Concurrent callers asking for the same key share one in-flight load: the
 * first starts it, the others wait for its answer, and the next caller after
 * it settles starts a new one. Nothing is kept once a load has settled: a
 * caller's answer was read at most one round trip before it asked
 * (decision 040).
 */
export class SingleFlight<Key, Value> {
  private readonly inFlight = new Map<Key, Promise<Value>>();

  run(key: Key, load: () => Promise<Value>): Promise<Value> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = load().finally(() => {
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, started);
    return started;
  }

  /** Loads in flight (for tests). */
  get size(): number {
    return this.inFlight.size;
  }
}
