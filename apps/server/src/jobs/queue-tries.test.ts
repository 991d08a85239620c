/**
 * A job knows which try it is on: a kind whose work must not be done twice
 * (the instant lead alerts, decision 057) does nothing on a later try.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { isolatedJobQueue } from '../../test/job-queues.ts';

import type { JobKind } from './queue.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
});

afterAll(async () => {
  await t.close();
});

it('tells a job its first try from a retry', async () => {
  const tries: number[] = [];
  const kind: JobKind<{ n: number }> = {
    name: 'test.tries',
    retryLimit: 1,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    describe: (job) => `job ${String(job.n)}`,
    run: (_job, { tries: which }) => {
      tries.push(which);
      return which === 1 ? Promise.reject(new Error('the first try fails')) : Promise.resolve();
    },
  };
  const { queue, schema } = isolatedJobQueue(t.db);
  try {
    await queue.start([kind], { work: () => true });
    await t.db.transaction((tx) => queue.enqueue(tx, kind.name, { n: 1 }));
    await expect.poll(() => tries, { timeout: 15_000 }).toEqual([1, 2]);
  } finally {
    await queue.stop(1000);
    await t.db.query(`DROP SCHEMA ${schema} CASCADE`);
  }
});
