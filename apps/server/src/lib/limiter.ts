/** Runs at most `concurrency` tasks at once; others wait in order, up to `maxWaiting`. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** The most tasks ever running at once. */
  readonly peak: number;
}

export class LimiterFullError extends Error {
  constructor() {
    super('Too many tasks waiting');
    this.name = 'LimiterFullError';
  }
}

export function createLimiter(concurrency: number, maxWaiting: number): Limiter {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    async run(task) {
      if (active >= concurrency) {
        if (waiting.length >= maxWaiting) throw new LimiterFullError();
        // the releasing task hands its slot over, so `active` stays as it is
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active += 1;
      }
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
  };
}
