/**
 * Lanes: the jobs of kinds that share a lane run one at a time in a worker,
 * across kinds and batches, and a failed one does not hold up the rest; a
 * kind with no lane runs a batch's jobs together; a job still waiting for its
 * turn when the queue stops is not started.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { isolatedJobQueue, numberedKind, type NumberedJob } from '../../test/job-queues.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
});

afterAll(async () => {
  await t.close();
});

/** How many of a group's jobs ran at once, at most, and which ran to their end. */
class Overlap {
  running = 0;
  most = 0;
  readonly ended: number[] = [];

  async run(n: number, fails: boolean): Promise<void> {
    this.running += 1;
    this.most = Math.max(this.most, this.running);
    try {
      await new Promise((resolve) => setTimeout(resolve, 40));
      if (fails) throw new Error(`job ${String(n)} fails`);
      this.ended.push(n);
    } finally {
      this.running -= 1;
    }
  }
}

it('runs the jobs of a lane one at a time, across its kinds, and a free kind’s batch together', async () => {
  const laned = new Overlap();
  const free = new Overlap();
  const run = (group: Overlap) => (job: NumberedJob) => group.run(job.n, job.n === 3);
  const kinds = [
    numberedKind('test.lane-a', run(laned), { lane: 'test' }),
    numberedKind('test.lane-b', run(laned), { lane: 'test' }),
    numberedKind('test.free', run(free)),
  ];
  const { queue, schema } = isolatedJobQueue(t.db);
  try {
    await queue.start(kinds, { work: () => true });
    await t.db.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4]) await queue.enqueue(tx, 'test.lane-a', { n });
      for (const n of [5, 6, 7, 8]) await queue.enqueue(tx, 'test.lane-b', { n });
      for (const n of [1, 2, 4, 5]) await queue.enqueue(tx, 'test.free', { n });
    });
    await expect.poll(() => laned.ended.length + free.ended.length, { timeout: 15_000 }).toBe(11);
    expect(laned.most).toBe(1);
    // job 3 failed; the lane went on to the next
    expect([...laned.ended].sort()).toEqual([1, 2, 4, 5, 6, 7, 8]);
    expect(free.most).toBeGreaterThan(1);
  } finally {
    await queue.stop(1000);
    await t.db.query(`DROP SCHEMA ${schema} CASCADE`);
  }
});

it('does not start a job still waiting in its lane once the queue stops', async () => {
  const started: number[] = [];
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slow = numberedKind(
    'test.lane-slow',
    async (job) => {
      started.push(job.n);
      await gate;
    },
    { retryLimit: 1, lane: 'test' },
  );
  const { queue, schema } = isolatedJobQueue(t.db);
  try {
    await queue.start([slow], { work: () => true });
    await t.db.transaction(async (tx) => {
      for (const n of [1, 2]) await queue.enqueue(tx, slow.name, { n });
    });
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(1);
    // the grace (at least 1 s in pg-boss) outlasts the running job: it ends, the other waits
    const stopping = queue.stop(300);
    setTimeout(release, 600);
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toHaveLength(1);
    // the one that waited is handed back for another try, not lost
    const states = await t.db.query<{ n: number; state: string }>(
      `SELECT (data->>'n')::int AS n, state FROM ${schema}.job WHERE name = $1 ORDER BY 1`,
      [slow.name],
    );
    const waited = started[0] === 1 ? 2 : 1;
    expect(states.find((row) => row.n === waited)?.state).toBe('retry');
  } finally {
    release();
    await t.db.query(`DROP SCHEMA ${schema} CASCADE`);
  }
});
