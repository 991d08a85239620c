/**
 * `JOBS_WORK` picks the kinds of job an instance runs: a worker of its own can
 * take one kind (the alerts' bulk messages) while another takes the rest, and
 * every job is still run by one of them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { isolatedJobQueue, numberedKind } from '../../test/job-queues.ts';
import { loadConfig, parseJobsWork } from '../config.ts';

import { jobKinds, worksAnyJob, worksKind } from './kinds.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
});

afterAll(async () => {
  await t.close();
});

it('reads JOBS_WORK as every kind, none, only some, or all but some', () => {
  expect(loadConfig({}).jobsWork).toEqual({ except: [] });
  expect(loadConfig({ JOBS_WORK: 'false' }).jobsWork).toEqual({ only: [] });
  expect(loadConfig({ JOBS_WORK: 'lead-alerts.messages' }).jobsWork).toEqual({
    only: ['lead-alerts.messages'],
  });
  expect(loadConfig({ JOBS_WORK: '-lead-alerts.messages, -lead-alerts.sweep' }).jobsWork).toEqual({
    except: ['lead-alerts.messages', 'lead-alerts.sweep'],
  });
  // a list is either the kinds to run or the kinds to leave, never both
  expect(parseJobsWork('lead-alerts,-lead-alerts.messages')).toBeNull();
  expect(() => loadConfig({ JOBS_WORK: 'lead-alerts,-lead-alerts.messages' })).toThrow(
    /JOBS_WORK must be true, false, or job kinds/,
  );
  expect(() => loadConfig({ JOBS_WORK: 'yes' })).not.toThrow();
  expect(() => loadConfig({ JOBS_WORK: 'lead alerts' })).toThrow(/JOBS_WORK/);

  const split = { except: ['lead-alerts.messages'] };
  expect(worksKind(split, 'lead-alerts')).toBe(true);
  expect(worksKind(split, 'lead-alerts.messages')).toBe(false);
  expect(worksKind({ only: ['lead-alerts.messages'] }, 'lead-alerts')).toBe(false);
  expect(worksAnyJob({ only: [] })).toBe(false);
  expect(worksAnyJob({ only: ['lead-alerts.messages'] })).toBe(true);
  expect(worksAnyJob(split)).toBe(true);
});

it('refuses to start when JOBS_WORK names a kind that does not exist', async () => {
  // "yes" reads as the one kind named "yes": a typo must not leave every job to no one
  await expect(buildTestApp({ env: { JOBS_WORK: 'yes' } })).rejects.toThrow(
    /JOBS_WORK names no kind of job: yes \(the kinds: .*lead-alerts\.messages/,
  );
  await expect(buildTestApp({ env: { JOBS_WORK: '-lead-alerts.mesages' } })).rejects.toThrow(
    /no kind of job: lead-alerts\.mesages/,
  );
  // every name it may take is a kind the server runs
  expect(jobKinds(t.ctx).map((kind) => kind.name)).toContain('lead-alerts.messages');
});

it('runs only the kinds it works; the others wait for the worker that takes them', async () => {
  const ran: string[] = [];
  const kinds = ['test.bulk', 'test.rest'].map((name) =>
    numberedKind(name, (job) => {
      ran.push(`${name} ${String(job.n)}`);
      return Promise.resolve();
    }),
  );
  const rest = isolatedJobQueue(t.db);
  try {
    await rest.queue.start(kinds, {
      work: (kind) => worksKind({ except: ['test.bulk'] }, kind.name),
    });
    await t.db.transaction(async (tx) => {
      await rest.queue.enqueue(tx, 'test.bulk', { n: 1 });
      await rest.queue.enqueue(tx, 'test.rest', { n: 2 });
    });
    await expect.poll(() => ran, { timeout: 15_000 }).toEqual(['test.rest 2']);
    // past a few of its polls, the other kind's job still waits, stored
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toEqual(['test.rest 2']);
    const waiting = await t.db.query<{ state: string }>(
      `SELECT state FROM ${rest.schema}.job WHERE name = 'test.bulk'`,
    );
    expect(waiting.map((row) => row.state)).toEqual(['created']);
  } finally {
    await rest.queue.stop(1000);
  }
  // a second worker on the same tables, taking only that kind, runs it
  const bulk = isolatedJobQueue(t.db, undefined, rest.schema);
  try {
    await bulk.queue.start(kinds, {
      work: (kind) => worksKind({ only: ['test.bulk'] }, kind.name),
    });
    await expect.poll(() => ran, { timeout: 15_000 }).toEqual(['test.rest 2', 'test.bulk 1']);
  } finally {
    await bulk.queue.stop(1000);
    await t.db.query(`DROP SCHEMA ${rest.schema} CASCADE`);
  }
});
