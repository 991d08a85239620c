/**
 * A job stored by the caller's own statement (`enqueueIn`, how a post stores
 * its alerts job) is the row pg-boss's own insert writes for `enqueue`, column
 * by column, with the request's id in its data; a statement whose source has
 * no row stores none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { runInLogScope } from '../lib/log-scope.ts';
import { LEAD_ALERTS_JOB } from '../modules/alerts/service.ts';

import { jobSchemaFor } from './queue.ts';

let app: TestApp;
let schema: string;

/** Every column of a job but those that differ between any two jobs (id, times) and its data. */
interface JobColumns {
  name: string;
  priority: number;
  state: string;
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  expire_in: string;
  kept_for: string;
  starts_after_stored: boolean;
  singleton_key: string | null;
  singleton_on: Date | null;
  policy: string | null;
  dead_letter: string | null;
  output: unknown;
}

async function storedJob(enquiryId: number): Promise<{ columns: JobColumns; data: unknown }> {
  const [row] = await app.db.query<JobColumns & { data: unknown }>(
    `SELECT name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff,
            expire_in::text AS expire_in, (keep_until - start_after)::text AS kept_for,
            start_after <= now() AS starts_after_stored, singleton_key, singleton_on, policy,
            dead_letter, output, data
       FROM ${schema}.job WHERE name = $1 AND (data->>'enquiry_id')::int = $2`,
    [LEAD_ALERTS_JOB, enquiryId],
  );
  if (!row) throw new Error(`no job stored for ${String(enquiryId)}`);
  const { data, ...columns } = row;
  return { columns, data };
}

/** Stores the alerts job of each of `ids` from one statement, as a post's insert does. */
async function storeIn(ids: number[]): Promise<void> {
  const part = app.ctx.jobs.enqueueIn(
    LEAD_ALERTS_JOB,
    'made',
    `jsonb_build_object('enquiry_id', made.id)`,
    2,
  );
  await app.db.transaction((tx) =>
    tx.query(
      `WITH made AS (SELECT id FROM unnest($1::int[]) AS id), stored AS (${part.text}) SELECT 1`,
      [ids, ...part.params],
    ),
  );
}

beforeAll(async () => {
  // nothing worked here: the jobs stay as stored
  app = await buildTestApp({ env: { JOBS_WORK: 'false' } });
  const [row] = await app.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  schema = jobSchemaFor(row?.schema ?? 'public');
});

afterAll(async () => {
  await app.close();
});

describe('a job stored by the caller’s statement', () => {
  it('is the row that enqueue stores, with the request’s id in its data', async () => {
    await app.db.transaction((tx) => app.ctx.jobs.enqueue(tx, LEAD_ALERTS_JOB, { enquiry_id: -1 }));
    await runInLogScope({ requestId: 'req-in-statement', log: app.ctx.log }, () => storeIn([-2]));
    const sent = await storedJob(-1);
    const inStatement = await storedJob(-2);
    expect(inStatement.columns).toEqual(sent.columns);
    // the kind's own retries, not pg-boss's fall-backs: the queue was read
    expect(inStatement.columns.retry_limit).toBe(3);
    expect(inStatement.columns.retry_backoff).toBe(true);
    expect(inStatement.data).toEqual({ enquiry_id: -2, _request_id: 'req-in-statement' });
    expect(sent.data).toEqual({ enquiry_id: -1 });
  });

  it('is stored once for each row of its source, and not at all for none', async () => {
    await storeIn([-3, -4]);
    await storeIn([]);
    const [row] = await app.db.query<{ ids: number[] }>(
      `SELECT array_agg((data->>'enquiry_id')::int ORDER BY (data->>'enquiry_id')::int) AS ids
         FROM ${schema}.job WHERE name = $1 AND (data->>'enquiry_id')::int IN (-3, -4)`,
      [LEAD_ALERTS_JOB],
    );
    expect(row?.ids).toEqual([-4, -3]);
  });
});
