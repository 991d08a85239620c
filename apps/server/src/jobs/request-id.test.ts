/**
 * The request id end to end: a request that stores a job (posting an enquiry
 * stores its lead-alerts job) hands its id to the job, and the worker's log
 * lines for that job carry it, as the request's own lines do.
 */
import { Writable } from 'node:stream';

import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, enquiryPostBody, insertAddress, registerUser } from '../../test/factories.ts';
import { LEAD_ALERTS_JOB } from '../modules/alerts/service.ts';

import { jobSchemaFor } from './queue.ts';

interface LogLine {
  msg?: string;
  reqId?: string;
  job?: { id: string; name: string };
}

const lines: LogLine[] = [];
let t: TestApp;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  t = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
});

afterAll(async () => {
  await t.close();
});

async function postEnquiry(requestId: string): Promise<number> {
  const student = await registerUser(t.app, { role: 'student' });
  await insertAddress(t.db, student.userId);
  const [address] = await t.db.query<{ id: number }>(
    'SELECT id FROM user_addresses WHERE user_id = $1',
    [student.userId],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/enquiry/enquiries/',
    headers: { ...bearer(student.access), 'x-request-id': requestId },
    payload: enquiryPostBody(address?.id ?? 0),
  });
  expect(response.statusCode).toBe(201);
  expect(response.headers['x-request-id']).toBe(requestId);
  return response.json<{ id: number }>().id;
}

describe('the request id of a job', () => {
  it("is in the log lines of the job a request stored, as in the request's own", async () => {
    const requestId = `post-enquiry-${String(Date.now())}`;
    await postEnquiry(requestId);
    expect(lines.some((line) => line.reqId === requestId && !line.job)).toBe(true);

    const jobDone = (): LogLine | undefined =>
      lines.find((line) => line.job?.name === LEAD_ALERTS_JOB && line.msg === 'job done');
    await expect.poll(() => jobDone(), { timeout: 10_000 }).toBeDefined();
    const jobId = jobDone()?.job?.id;
    const ofJob = lines.filter((line) => line.job?.id === jobId);
    expect(ofJob.length).toBeGreaterThan(0);
    expect(ofJob.map((line) => line.reqId)).toEqual(ofJob.map(() => requestId));
  });

  it('of a job stored by an earlier release, in its output, still labels its lines', async () => {
    const requestId = `earlier-release-${String(Date.now())}`;
    const enquiryId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const [current] = await t.db.query<{ name: string }>('SELECT current_schema() AS name');
    const schema = jobSchemaFor(current?.name ?? 'public');
    await t.db.transaction(async (tx) => {
      await t.ctx.jobs.enqueue(tx, LEAD_ALERTS_JOB, { enquiry_id: enquiryId });
      await tx.query(
        `UPDATE ${schema}.job SET output = $2::jsonb
          WHERE name = $1 AND (data->>'enquiry_id')::int = $3`,
        [LEAD_ALERTS_JOB, JSON.stringify({ request_id: requestId }), enquiryId],
      );
    });
    await expect
      .poll(
        () =>
          lines.filter(
            (line) =>
              line.job?.name === LEAD_ALERTS_JOB &&
              line.msg === 'job done' &&
              line.reqId === requestId,
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
  });

  it('differs from one request to the next', async () => {
    const [first, second] = [`first-${String(Date.now())}`, `second-${String(Date.now())}`];
    await Promise.all([postEnquiry(first), postEnquiry(second)]);
    const doneFor = (requestId: string): LogLine[] =>
      lines.filter(
        (line) =>
          line.job?.name === LEAD_ALERTS_JOB && line.msg === 'job done' && line.reqId === requestId,
      );
    await expect.poll(() => doneFor(first).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => doneFor(second).length, { timeout: 10_000 }).toBe(1);
  });
});
