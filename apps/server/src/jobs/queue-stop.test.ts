/**
 * Stopping the queue: a job still running when the grace runs out finishes
 * after the database is gone without an unhandled failure (the process would
 * otherwise die at shutdown), and its failure is reported to the operator.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { isolatedJobQueue, numberedKind } from '../../test/job-queues.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
});

afterAll(async () => {
  await t.close();
});

it('lets a job that outlives the grace finish after its tables are gone, reporting instead of crashing', async () => {
  const reported: Error[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  process.on('unhandledRejection', onUnhandled);

  let began = (): void => undefined;
  const running = new Promise<void>((resolve) => {
    began = resolve;
  });
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slow = numberedKind('test.slow', async () => {
    began();
    await gate;
  });
  const { queue, schema } = isolatedJobQueue(t.db, (error) => reported.push(error));
  try {
    await queue.start([slow], { work: () => true });
    await t.db.transaction((tx) => queue.enqueue(tx, slow.name, { n: 1 }));
    await running;

    const stopping = Date.now();
    await queue.stop(1000);
    expect(Date.now() - stopping).toBeLessThan(5000);
    const [job] = await t.db.query<{ state: string }>(
      `SELECT state FROM ${schema}.job WHERE name = $1`,
      [slow.name],
    );
    // handed back at the stop: another instance picks it up
    expect(job?.state).toBe('failed');

    await t.db.query(`DROP SCHEMA ${schema} CASCADE`);
    release();
    await expect.poll(() => reported.length, { timeout: 5000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
    expect(reported[0]?.message).toMatch(/does not exist/);
  } finally {
    release();
    process.off('unhandledRejection', onUnhandled);
    await t.db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
});
