import { ENQUIRY_LIFETIME_DAYS } from '@gurumatch/shared/enquiries';
import type { StudentEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, DAY_MS, MINUTE_MS, type TestApp } from '../../../test/build-test-app.ts';
import {
  alertsOf,
  newMatchingTutor,
  newPoster,
  postEnquiryAs,
} from '../../../test/enquiry-fixtures.ts';
import type { RegisteredUser } from '../../../test/factories.ts';

import { decideChannelAlerts } from './channels.ts';
import { ALERTS_KEPT_DAYS, ALERTS_PRUNE_JOB, pruneExpiredAlerts } from './retention.ts';
import { leadAlertJobs, sendLeadAlerts } from './service.ts';

const START = new Date('2031-03-01T06:30:00Z');
const CHANNELS = ['app', 'whatsapp', 'email'];

let t: TestApp;
let tutor: RegisteredUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_WORK: 'false' }, now: START });
  tutor = await newMatchingTutor(t);
});

afterAll(async () => {
  await t.close();
});

/** At `day` after the start, a new poster's enquiry near the tutor, its alerts recorded. */
async function alertedEnquiry(day: number): Promise<StudentEnquiry> {
  t.clock.set(new Date(START.getTime() + day * DAY_MS));
  const enquiry = await postEnquiryAs(t.app, await newPoster(t));
  await sendLeadAlerts(t.ctx, enquiry.id);
  await decideChannelAlerts(t.ctx, enquiry.id);
  return enquiry;
}

const recorded = async (enquiry: StudentEnquiry) =>
  (await alertsOf(t.db, enquiry.id, [tutor], CHANNELS)).length;

/** The first moment the alerts of an enquiry posted on `day` may go. */
const prunableFrom = (day: number) =>
  new Date(START.getTime() + (day + ENQUIRY_LIFETIME_DAYS + ALERTS_KEPT_DAYS) * DAY_MS + MINUTE_MS);

describe('the alerts of long-expired enquiries', () => {
  it('are deleted once the enquiry expired over the days kept, and no sooner', async () => {
    const old = await alertedEnquiry(0);
    const recent = await alertedEnquiry(5);
    expect(await recorded(old)).toBe(3);
    expect(await recorded(recent)).toBe(3);

    // a minute short of the days kept after its expiry, the old enquiry keeps its alerts
    t.clock.set(new Date(prunableFrom(0).getTime() - 2 * MINUTE_MS));
    expect(await pruneExpiredAlerts(t.ctx)).toBe(0);
    expect(await recorded(old)).toBe(3);

    t.clock.set(prunableFrom(0));
    expect(await pruneExpiredAlerts(t.ctx)).toBe(3);
    expect(await recorded(old)).toBe(0);
    // expired too, but not long enough ago
    expect(await recorded(recent)).toBe(3);
    expect(await pruneExpiredAlerts(t.ctx)).toBe(0);
  });

  it('go a bounded number of enquiries a run, the rest in the next', async () => {
    // what the test before left to prune goes first
    t.clock.set(prunableFrom(39));
    await pruneExpiredAlerts(t.ctx);
    const enquiries = [
      await alertedEnquiry(40),
      await alertedEnquiry(41),
      await alertedEnquiry(42),
    ];
    const live = await alertedEnquiry(100);
    t.clock.set(prunableFrom(42));
    const limits = { enquiriesPerStatement: 1, statementsPerRun: 2 };

    expect(await pruneExpiredAlerts(t.ctx, limits)).toBe(6);
    expect(await Promise.all(enquiries.map(recorded))).toEqual([0, 0, 3]);
    expect(await pruneExpiredAlerts(t.ctx, limits)).toBe(3);
    expect(await Promise.all(enquiries.map(recorded))).toEqual([0, 0, 0]);
    expect(await recorded(live)).toBe(3);
  });

  it('are deleted by an hourly job', async () => {
    const enquiry = await alertedEnquiry(200);
    const prune = leadAlertJobs(t.ctx).find((kind) => kind.name === ALERTS_PRUNE_JOB);
    expect(prune?.cron).toBe('41 * * * *');
    t.clock.set(prunableFrom(200));
    await prune?.run({} as never, { tries: 1 });
    expect(await recorded(enquiry)).toBe(0);
  });
});
