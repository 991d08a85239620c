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

/**
 * Tasks of the same key run one after another, in the order they were given;
 * tasks of different keys run side by side. A failed task does not stop the
 * next one. Nothing is kept for a key once its last task has settled.
 */
export class SerialByKey<Key> {
  private readonly tails = new Map<Key, Promise<unknown>>();

  run<Value>(key: Key, task: () => Promise<Value>): Promise<Value> {
    const previous = this.tails.get(key);
    const started = previous ? previous.then(task, task) : task();
    const tail = started.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return started;
  }

  /** Keys with a task queued or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
