/**
 * Jobs found by their key: with thousands of completed jobs of a kind kept,
 * the check `enqueue` makes before storing a keyed job reads the index of
 * keys, not every job of the kind; a keyed job is still stored once while one
 * with its key waits, and again once that one has completed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { CHANNEL_ALERTS_JOB } from '../modules/alerts/channels.ts';

import { heldKeyCheck } from './key-index.ts';
import { jobSchemaFor } from './queue.ts';

const KEPT = 5000;

let app: TestApp;
let schema: string;

async function jobsKeyed(key: string) {
  return app.db.query<{ state: string }>(
    `SELECT state FROM ${schema}.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on`,
    [CHANNEL_ALERTS_JOB, key],
  );
}

async function enqueueKeyed(key: string): Promise<void> {
  await app.db.transaction((tx) =>
    app.ctx.jobs.enqueue(
      tx,
      CHANNEL_ALERTS_JOB,
      { enquiry_id: 0 },
      { key, startAfterSeconds: 3600 },
    ),
  );
}

beforeAll(async () => {
  // nothing worked here: the jobs stay as stored
  app = await buildTestApp({ env: { JOBS_WORK: 'false' } });
  const [row] = await app.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  schema = jobSchemaFor(row?.schema ?? 'public');
  await app.db.query(
    `INSERT INTO ${schema}.job (name, data, state, singleton_key, started_on, completed_on)
     SELECT $1, '{}'::jsonb, 'completed', 'done-' || g, now(), now()
       FROM generate_series(1, $2::int) AS g`,
    [CHANNEL_ALERTS_JOB, KEPT],
  );
  await app.db.query(`ANALYZE ${schema}.job`);
});

afterAll(async () => {
  await app.close();
});

describe('a keyed job', () => {
  it('is looked for in the index of keys, not among every job of its kind', async () => {
    const plan = await app.db.query<Record<string, unknown>>(
      `EXPLAIN ${heldKeyCheck(schema)}`
        .replace('$1', `'${CHANNEL_ALERTS_JOB}'`)
        .replace('$2', `'done-42'`),
    );
    const text = plan.map((line) => Object.values(line).join('')).join('\n');
    expect(text).toMatch(/Index (Only )?Scan/);
    expect(text).not.toContain('Seq Scan');
  });

  it('is stored once while one with its key waits, and again once that one has completed', async () => {
    await enqueueKeyed('enquiry-1');
    await enqueueKeyed('enquiry-1');
    expect(await jobsKeyed('enquiry-1')).toEqual([{ state: 'created' }]);

    await app.db.query(
      `UPDATE ${schema}.job SET state = 'completed', completed_on = now()
        WHERE name = $1 AND singleton_key = 'enquiry-1'`,
      [CHANNEL_ALERTS_JOB],
    );
    await enqueueKeyed('enquiry-1');
    expect(await jobsKeyed('enquiry-1')).toEqual([{ state: 'completed' }, { state: 'created' }]);
  });

  it('among the kept ones, a completed key does not hold a new job back', async () => {
    await enqueueKeyed('done-7');
    expect(await jobsKeyed('done-7')).toEqual([{ state: 'completed' }, { state: 'created' }]);
  });
});
