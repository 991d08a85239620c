/**
 * The job queue: a job exists only once its transaction commits, a notice
 * survives a mail server that is down (retried until it is back, then sent
 * once), and two instances working one queue send each notice once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/peers/smtp-peer.ts';
import { RESPONSE_EMAIL_JOB, type ResponseNotice } from '../modules/enquiries/notifications.ts';

import { jobSchemaFor } from './queue.ts';

let peer: SmtpPeer;
let first: TestApp;
let second: TestApp;
let counter = 0;

function notice(): ResponseNotice {
  counter += 1;
  return {
    studentName: 'Meera Iyer',
    studentEmail: `poster-${String(counter)}@example.in`,
    studentPhone: null,
    tutorName: 'Rahul Sharma',
    enquiryName: 'Maths tuition for Class 10',
    priceQuote: 600,
    priceType: 'Hourly',
    conversationId: counter,
  };
}

async function jobsOf(app: TestApp, email: string) {
  const [{ schema } = { schema: 'public' }] = await app.db.query<{ schema: string }>(
    'SELECT current_schema() AS schema',
  );
  return app.db.query<{ state: string; retry_count: number }>(
    `SELECT state, retry_count FROM ${jobSchemaFor(schema)}.job
      WHERE name = $1 AND data->>'studentEmail' = $2`,
    [RESPONSE_EMAIL_JOB, email],
  );
}

function delivered(email: string): number {
  return peer.messages.filter((mail) => mail.rcptTo.includes(email)).length;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  first = await buildTestApp({ env: { SMTP_URL: peer.url } });
  // a second instance on the same database, working the same queue
  second = await buildTestApp({ env: { SMTP_URL: peer.url }, db: first.db });
});

afterAll(async () => {
  await second.close();
  await first.close();
  await peer.close();
});

describe('the job queue', () => {
  it('stores a job only when its transaction commits', async () => {
    const kept = notice();
    const dropped = notice();
    await first.db.transaction((tx) => first.ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, kept));
    await expect(
      first.db.transaction(async (tx) => {
        await first.ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, dropped);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await expect.poll(() => delivered(kept.studentEmail), { timeout: 15_000 }).toBe(1);
    expect(await jobsOf(first, dropped.studentEmail)).toEqual([]);
    expect(delivered(dropped.studentEmail)).toBe(0);
  });

  it('retries a notice while the mail server is down and sends it once when it is back', async () => {
    const port = peer.port;
    await peer.close();
    const waiting = notice();
    await first.db.transaction((tx) => first.ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, waiting));

    // tried, failed, waiting for another try
    await expect
      .poll(async () => (await jobsOf(first, waiting.studentEmail))[0]?.retry_count ?? 0, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);

    peer = await startSmtpPeer({ port });
    await expect.poll(() => delivered(waiting.studentEmail), { timeout: 30_000 }).toBe(1);
    // the job is marked done just after the mail has left
    await expect
      .poll(async () => (await jobsOf(first, waiting.studentEmail))[0]?.state, { timeout: 10_000 })
      .toBe('completed');
    const [job] = await jobsOf(first, waiting.studentEmail);
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(delivered(waiting.studentEmail)).toBe(1);
  });

  it('sends each of 20 notices once with two instances working the queue', async () => {
    const notices = Array.from({ length: 20 }, notice);
    await first.db.transaction(async (tx) => {
      for (const item of notices) await first.ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, item);
    });
    await expect
      .poll(() => notices.filter((item) => delivered(item.studentEmail) > 0).length, {
        timeout: 30_000,
      })
      .toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(notices.map((item) => delivered(item.studentEmail))).toEqual(notices.map(() => 1));
  });
});
