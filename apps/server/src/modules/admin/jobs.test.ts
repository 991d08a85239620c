/**
 * Failed jobs in the back office: the list of jobs that ran out of tries, and
 * a retry that gives one another try, audited. The app here stores jobs but
 * does not work them, so what the test sets up stays as it is.
 */
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminFailedJobList } from '@gurumatch/shared/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  call,
  countRows,
  findJobSchema,
  registerTeacher,
  registerUser,
  rows,
  signInNewAdministrator,
} from '../../../test/factories.ts';

let t: TestApp;
let adminToken: string;
let jobSchema: string;

/** The poster's e-mail of a response (a kind of job of the enquiries module). */
const RESPONSE_EMAIL_JOB = 'notice.response-email';

const NOTICE = {
  studentName: 'Meera Iyer',
  studentEmail: 'meera.failed@example.in',
  studentPhone: null,
  tutorName: 'Rahul Sharma',
  enquiryName: 'Maths tuition for Class 10',
  priceQuote: 600,
  priceType: 'Hourly',
  conversationId: 1,
};

beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_WORK: 'false' } });
  adminToken = (await signInNewAdministrator(t.app, t.db)).access;
  jobSchema = await findJobSchema(t.db);
});

afterAll(async () => {
  await t.close();
});

/** A notice whose tries all failed, as the queue leaves it. */
async function failedNotice(error: string): Promise<string> {
  await t.db.transaction((tx) => t.ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, NOTICE));
  const [job] = await rows<{ id: string }>(
    t.db,
    `UPDATE ${jobSchema}.job SET state = 'failed', retry_count = retry_limit,
            output = jsonb_build_object('message', $1::text), completed_on = now()
      WHERE id = (SELECT id FROM ${jobSchema}.job WHERE name = $2 AND state = 'created'
                   ORDER BY created_on DESC LIMIT 1)
      RETURNING id`,
    [error, RESPONSE_EMAIL_JOB],
  );
  if (!job) throw new Error('no job stored');
  return job.id;
}

async function stateOf(id: string): Promise<string | undefined> {
  const [row] = await rows<{ state: string }>(
    t.db,
    `SELECT state FROM ${jobSchema}.job WHERE id = $1`,
    [id],
  );
  return row?.state;
}

describe('GET /api/admin/jobs/failed/', () => {
  it('lists failed jobs with what they were for, the error and the tries', async () => {
    const id = await failedNotice('SMTP: connection refused');
    const response = await call(t.app, 'GET', '/api/admin/jobs/failed/', adminToken);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<AdminFailedJobList>();
    const job = list.results.find((item) => item.id === id);
    expect(job).toMatchObject({
      kind: RESPONSE_EMAIL_JOB,
      summary:
        'E-mail meera.failed@example.in that Rahul Sharma responded to "Maths tuition for Class 10"',
      error: 'SMTP: connection refused',
      tries: 11,
    });
    expect(list.count).toBeGreaterThanOrEqual(1);
  });

  it('refuses visitors (401), students and tutors (403)', async () => {
    const student = await registerUser(t.app);
    const tutor = await registerTeacher(t.app);
    expect((await call(t.app, 'GET', '/api/admin/jobs/failed/')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/jobs/failed/', student.access)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/api/admin/jobs/failed/', tutor.access)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/admin/jobs/<id>/retry/', () => {
  it('gives a failed job another try, once, and audits it', async () => {
    const id = await failedNotice('SMTP: connection refused');
    const response = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry/`, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.jobRetried);
    expect(await stateOf(id)).toBe('retry');
    const listed = (
      await call(t.app, 'GET', '/api/admin/jobs/failed/', adminToken)
    ).json<AdminFailedJobList>();
    expect(listed.results.some((item) => item.id === id)).toBe(false);
    const [entry] = await rows<{ after: { id: string } }>(
      t.db,
      "SELECT after FROM admin_audit_log WHERE action = 'job.retry' ORDER BY id DESC LIMIT 1",
    );
    expect(entry?.after.id).toBe(id);
    // it is no longer failed: a second retry finds nothing
    const again = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry/`, adminToken);
    expect(again.statusCode).toBe(404);
    expect(await countRows(t.db, 'admin_audit_log', "action = 'job.retry'")).toBe(1);
  });

  it('refuses visitors (401), tutors (403), an unknown job (404) and a malformed id (400), changing nothing', async () => {
    const id = await failedNotice('SMTP: connection refused');
    const tutor = await registerTeacher(t.app);
    const url = `/api/admin/jobs/${id}/retry/`;
    expect((await call(t.app, 'POST', url)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url, tutor.access)).statusCode).toBe(403);
    const unknown = await call(
      t.app,
      'POST',
      '/api/admin/jobs/7d4f1e1c-0000-4000-8000-000000000000/retry/',
      adminToken,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('not_found');
    const malformed = await call(t.app, 'POST', '/api/admin/jobs/not-a-job/retry/', adminToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string }>().code).toBe('validation_error');
    expect(await stateOf(id)).toBe('failed');
  });
});
