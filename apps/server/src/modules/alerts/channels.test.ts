import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '@gurumatch/shared/alerts';
import { ALERT_MESSAGES } from '@gurumatch/shared/messages/alerts';
import type { StudentEnquiry } from '@gurumatch/shared/schemas/enquiries';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  alertsOf,
  MYSURU,
  newMatchingTutor,
  newPoster,
  postEnquiryAs,
  type MatchingTutorOptions,
  type Poster,
} from '../../../test/enquiry-fixtures.ts';
import {
  call,
  rows,
  signInNewAdministrator,
  type RegisteredUser,
} from '../../../test/factories.ts';
import type { OutboxEntry } from '../../adapters/outbox/dev-outbox.ts';
import { jobSchemaFor } from '../../jobs/queue.ts';

import {
  CHANNEL_MESSAGES_JOB,
  channelAlertJobs,
  decideChannelAlerts,
  queueDueChannelMessages,
  sendDueChannelAlerts,
  sendInstantAlerts,
  type ChannelMessagesJob,
  type InstantMessagesJob,
} from './channels.ts';
import {
  claimChannelAlerts,
  claimInAppAlerts,
  countInstantSent,
  lockDueAlerts,
  selectDueTutors,
} from './queries.ts';
import { sendLeadAlerts } from './service.ts';

/** The jobs are stored, not run: each test runs them, at the time it sets on the clock. */
let t: TestApp;

/** A moment of day `day` of the tests at `time` in India (UTC+05:30). */
function ist(day: number, time: string): Date {
  const base = Date.UTC(2031, 0, 1 + day) - 330 * 60_000;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(base + (hours * 60 + minutes) * 60_000);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_WORK: 'false' }, now: ist(0, '12:00') });
});

afterAll(async () => {
  await t.close();
});

const CHANNELS = ['whatsapp', 'email'];
/** How an alert names the enquiries of these tests (posted at HSR Layout, tutors ~4 km away). */
const LINE = 'New enquiry near you: Mathematics, Class 10, HSR Layout Sector 2 · 4 km';
const ONLINE_LINE = 'New enquiry near you: Mathematics, Class 10, HSR Layout Sector 2 · online';
const SETTINGS = '/api/alerts/settings/';

let phoneCounter = 0;
/** A tutor near HSR Layout with a verified phone of their own. */
function newTutor(options: MatchingTutorOptions = {}): Promise<RegisteredUser> {
  phoneCounter += 1;
  const phone = `97${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
  return newMatchingTutor(t, { phone, ...options });
}

const postEnquiry = (poster: Poster, overrides: Record<string, unknown> = {}) =>
  postEnquiryAs(t.app, poster, overrides);

/** The alert jobs of a post, in order: in the app, then the decision of the other channels. */
async function runAlertJobs(enquiry: StudentEnquiry): Promise<void> {
  await sendLeadAlerts(t.ctx, enquiry.id);
  await decideChannelAlerts(t.ctx, enquiry.id);
}

/** At noon of day `day`: a new tutor near a new poster, whose enquiry's alert jobs have run. */
async function alertedNewTutor(day: number) {
  t.clock.set(ist(day, '12:00'));
  const poster = await newPoster(t);
  const tutor = await newTutor();
  const enquiry = await postEnquiry(poster);
  await runAlertJobs(enquiry);
  return { poster, tutor, enquiry };
}

/** The poster archives the enquiry: it is closed to alerts from then on. */
function archive(poster: Poster, enquiry: StudentEnquiry) {
  const path = `/api/enquiry/enquiries/${String(enquiry.id)}/archive/`;
  return call(t.app, 'PATCH', path, poster.access, {});
}

async function putSettings(tutor: RegisteredUser, body: unknown) {
  return call(t.app, 'PUT', SETTINGS, tutor.access, body);
}

const isAlert = (entry: OutboxEntry): boolean =>
  entry.links.some((link) => link.includes('/alerts/unsubscribe?token='));

/** The alert e-mails a tutor received (not the e-mail check of signing up), newest first. */
async function mailTo(tutor: RegisteredUser): Promise<OutboxEntry[]> {
  return ((await t.ctx.outbox?.list(100, tutor.email)) ?? []).filter(isAlert);
}

async function whatsappTo(tutor: RegisteredUser): Promise<OutboxEntry[]> {
  const [row] = await rows<{ phone: string }>(
    t.db,
    `SELECT phone_country_code || phone_number AS phone FROM users WHERE id = $1`,
    [tutor.userId],
  );
  return ((await t.ctx.outbox?.list(100, row?.phone)) ?? []).filter(isAlert);
}

type StoredMessagesJob = ChannelMessagesJob | InstantMessagesJob;

async function jobTable(): Promise<string> {
  const [schema] = await rows<{ name: string }>(t.db, 'SELECT current_schema() AS name');
  return `${jobSchemaFor(schema?.name ?? 'public')}.job`;
}

/** The messages jobs the decision of an enquiry asked for. */
async function messagesJobsOf(enquiry: StudentEnquiry): Promise<StoredMessagesJob[]> {
  const jobs = await rows<{ data: StoredMessagesJob }>(
    t.db,
    `SELECT data FROM ${await jobTable()} WHERE name = $1 AND singleton_key LIKE $2`,
    [CHANNEL_MESSAGES_JOB, `enquiry-${String(enquiry.id)}:%`],
  );
  return jobs.map((job) => job.data);
}

/** The tutors a stored messages job sends to. */
function tutorsOf(job: StoredMessagesJob): number[] {
  return 'enquiry_id' in job ? job.tutors.map(([tutorId]) => tutorId) : job.tutor_ids;
}

/**
 * Sends the tutor what a worker would: the instant alerts the decisions
 * recorded sent (each stored job once, as the queue runs it), then the
 * tutor's held alerts that are due.
 */
async function sendMessagesTo(tutor: RegisteredUser, channel: 'email' | 'whatsapp' = 'email') {
  const jobs = await rows<{ id: string; data: StoredMessagesJob }>(
    t.db,
    `UPDATE ${await jobTable()} SET state = 'completed'
      WHERE name = $1 AND state = 'created' AND data->>'channel' = $2
        AND data ? 'enquiry_id'
        AND data->'tutors' @> jsonb_build_array(jsonb_build_array($3::int))
      RETURNING id, data`,
    [CHANNEL_MESSAGES_JOB, channel, tutor.userId],
  );
  for (const job of jobs) {
    if ('enquiry_id' in job.data) await sendInstantAlerts(t.ctx, job.data);
  }
  await sendDueChannelAlerts(t.ctx, { tutor_ids: [tutor.userId], channel });
}

const instantBoth = {
  ...DEFAULT_ALERT_SETTINGS,
  whatsapp: { mode: 'instant', digest_hour: 19 },
  email: { mode: 'instant', digest_hour: 19 },
};

describe('GET and PUT /api/alerts/settings/', () => {
  it('answers the defaults to a tutor who never saved any', async () => {
    t.clock.set(ist(0, '12:00'));
    const tutor = await newTutor();
    const answer = await call(t.app, 'GET', SETTINGS, tutor.access);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<AlertSettings>()).toEqual({
      whatsapp: { mode: 'off', digest_hour: 19 },
      email: { mode: 'instant', digest_hour: 19 },
      quiet_hours: { start: '21:00', end: '08:00' },
      daily_cap: 10,
      whatsapp_to: expect.stringMatching(/^\+9197\d{8}$/) as unknown,
      email_to: tutor.email,
    });
  });

  it('stores what a tutor saves and answers it back', async () => {
    t.clock.set(ist(0, '12:00'));
    const tutor = await newTutor();
    const body = {
      whatsapp: { mode: 'digest', digest_hour: 7 },
      email: { mode: 'off', digest_hour: 20 },
      quiet_hours: { start: '22:30', end: '06:15' },
      daily_cap: 3,
    };
    const saved = await putSettings(tutor, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(body);
    const read = await call(t.app, 'GET', SETTINGS, tutor.access);
    expect(read.json()).toMatchObject(body);
    const [row] = await rows(
      t.db,
      `SELECT whatsapp_mode, email_mode, quiet_start_minute, quiet_end_minute, daily_cap
         FROM alert_settings WHERE tutor_id = $1`,
      [tutor.userId],
    );
    expect(row).toEqual({
      whatsapp_mode: 'digest',
      email_mode: 'off',
      quiet_start_minute: 22 * 60 + 30,
      quiet_end_minute: 6 * 60 + 15,
      daily_cap: 3,
    });
  });

  it.each([
    ['a mode it does not know', { email: { mode: 'sometimes', digest_hour: 19 } }, 'email.mode'],
    ['an hour past 23', { whatsapp: { mode: 'digest', digest_hour: 24 } }, 'whatsapp.digest_hour'],
    [
      'a time that is not HH:MM',
      { quiet_hours: { start: '9pm', end: '08:00' } },
      'quiet_hours.start',
    ],
    ['a negative cap', { daily_cap: -1 }, 'daily_cap'],
    ['a field it does not know', { push: true }, 'non_field_errors'],
  ])('refuses %s with 400 and changes nothing', async (_name, change, field) => {
    t.clock.set(ist(0, '12:00'));
    const tutor = await newTutor();
    const refused = await putSettings(tutor, { ...DEFAULT_ALERT_SETTINGS, ...change });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; errors: Record<string, string[]> }>();
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.errors).join(' ')).toContain(field === 'non_field_errors' ? '' : field);
    const stored = await rows(t.db, 'SELECT 1 FROM alert_settings WHERE tutor_id = $1', [
      tutor.userId,
    ]);
    expect(stored).toEqual([]);
  });

  it('refuses a body that is not JSON, or missing, with 400', async () => {
    t.clock.set(ist(0, '12:00'));
    const tutor = await newTutor();
    const notJson = await t.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: { authorization: `Bearer ${tutor.access}`, 'content-type': 'application/json' },
      payload: '{"whatsapp":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'validation_error' });
    expect((await putSettings(tutor, undefined)).statusCode).toBe(400);
  });

  it('refuses without a token (401), and a student or an administrator (403)', async () => {
    t.clock.set(ist(0, '12:00'));
    expect((await call(t.app, 'GET', SETTINGS)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', SETTINGS, undefined, DEFAULT_ALERT_SETTINGS)).statusCode).toBe(
      401,
    );
    const student = await newPoster(t);
    const admin = await signInNewAdministrator(t.app, t.db);
    for (const user of [student.access, admin.access]) {
      const read = await call(t.app, 'GET', SETTINGS, user);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 'permission_denied' });
      const write = await call(t.app, 'PUT', SETTINGS, user, DEFAULT_ALERT_SETTINGS);
      expect(write.statusCode).toBe(403);
    }
    const stored = await rows(t.db, 'SELECT 1 FROM alert_settings WHERE tutor_id = $1', [
      student.userId,
    ]);
    expect(stored).toEqual([]);
  });
});

describe('instant alerts by e-mail and WhatsApp', () => {
  it('e-mails a tutor at once with the alert line and an unsubscribe link, never the address', async () => {
    const { tutor, enquiry } = await alertedNewTutor(1);
    // recorded sent by the decision, which stored the job that sends it
    expect(await alertsOf(t.db, enquiry.id, [tutor], CHANNELS)).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: '' },
      { tutor_id: tutor.userId, channel: 'whatsapp', status: 'skipped', reason: 'off' },
    ]);
    expect(await mailTo(tutor)).toEqual([]);
    await sendMessagesTo(tutor);
    const [mail, ...more] = await mailTo(tutor);
    expect(more.filter((entry) => entry.subject.startsWith('New enquiry'))).toEqual([]);
    expect(mail?.subject).toBe(LINE);
    expect(mail?.body).toContain(mail?.subject);
    expect(mail?.links).toEqual([
      expect.stringMatching(/\/enquiry$/),
      expect.stringMatching(/\/alerts\/unsubscribe\?token=/),
    ]);
    expect(mail?.body).not.toContain('Somewhere');
    expect(await alertsOf(t.db, enquiry.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: '' },
    ]);
    // the job's second try, a retried decision and the tutor's due alerts send nothing more
    const instant = (await messagesJobsOf(enquiry)).find((job) => 'enquiry_id' in job);
    if (!instant || !('enquiry_id' in instant)) throw new Error('no instant job');
    expect(await sendInstantAlerts(t.ctx, instant, 2)).toBe(0);
    await sendMessagesTo(tutor);
    await decideChannelAlerts(t.ctx, enquiry.id);
    expect(await mailTo(tutor)).toHaveLength(1);
  });

  it('sends WhatsApp to the verified phone once the tutor turns it on', async () => {
    t.clock.set(ist(2, '12:00'));
    const poster = await newPoster(t);
    const tutor = await newTutor();
    expect((await putSettings(tutor, instantBoth)).statusCode).toBe(200);
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    await sendMessagesTo(tutor, 'whatsapp');
    const [message] = await whatsappTo(tutor);
    expect(message).toMatchObject({ kind: 'otp', channel: 'whatsapp' });
    expect(message?.body).toContain(LINE);
    expect(message?.links.some((link) => link.includes('/alerts/unsubscribe?token='))).toBe(true);
    expect(await alertsOf(t.db, enquiry.id, [tutor], CHANNELS)).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: '' },
      { tutor_id: tutor.userId, channel: 'whatsapp', status: 'sent', reason: '' },
    ]);
    // the e-mail's own job has not run yet
    expect(await mailTo(tutor)).toEqual([]);
  });

  it('records no message for an unverified tutor, a far tutor, and skips an archived enquiry', async () => {
    t.clock.set(ist(3, '12:00'));
    const poster = await newPoster(t);
    const unverified = await newTutor({ verified: false });
    const far = await newTutor({ where: MYSURU });
    const near = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    expect(await alertsOf(t.db, enquiry.id, [unverified, far], CHANNELS)).toEqual([]);
    const archived = await archive(poster, enquiry);
    expect(archived.statusCode).toBeLessThan(300);
    await sendMessagesTo(near);
    expect(await mailTo(near)).toEqual([]);
    expect(await alertsOf(t.db, enquiry.id, [near], ['email'])).toEqual([
      { tutor_id: near.userId, channel: 'email', status: 'skipped', reason: 'archived' },
    ]);
    // archived before the decision: recorded as skipped at once
    const later = await postEnquiry(poster);
    await sendLeadAlerts(t.ctx, later.id);
    await archive(poster, later);
    await decideChannelAlerts(t.ctx, later.id);
    expect(await alertsOf(t.db, later.id, [near], ['email'])).toEqual([
      { tutor_id: near.userId, channel: 'email', status: 'skipped', reason: 'archived' },
    ]);
  });
});

/** Runs `work` while the mail server refuses the tutor's e-mails (and takes the others). */
async function whileMailRefuses<T>(tutor: RegisteredUser, work: () => Promise<T>): Promise<T> {
  const mailer = t.ctx.mail;
  const send = mailer.send.bind(mailer);
  const refuse = vi.spyOn(mailer, 'send').mockImplementation(async (message) => {
    if (message.to === tutor.email) throw new Error('mail server refused');
    await send(message);
  });
  try {
    return await work();
  } finally {
    refuse.mockRestore();
  }
}

/** The other tutor got the e-mail; the failing one's was put back, held and due now. */
async function expectOneSentOneHeld(
  enquiry: StudentEnquiry,
  failing: RegisteredUser,
  other: RegisteredUser,
): Promise<void> {
  expect(await mailTo(other)).toHaveLength(1);
  expect(await mailTo(failing)).toEqual([]);
  expect(await alertsOf(t.db, enquiry.id, [failing, other], ['email'])).toEqual([
    { tutor_id: failing.userId, channel: 'email', status: 'held', reason: '' },
    { tutor_id: other.userId, channel: 'email', status: 'sent', reason: '' },
  ]);
}

describe('the messages jobs', () => {
  it('one job per channel sends each tutor due at once their own e-mail', async () => {
    t.clock.set(ist(11, '12:00'));
    const poster = await newPoster(t);
    const tutors = [await newTutor(), await newTutor(), await newTutor()];
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    const jobs = await messagesJobsOf(enquiry);
    // at most one per channel (WhatsApp too if a tutor nearby turned it on)
    const channels = jobs.map((job) => job.channel);
    expect(new Set(channels).size).toBe(channels.length);
    const email = jobs.find((job) => job.channel === 'email');
    if (!email || !('enquiry_id' in email)) throw new Error('no instant e-mail job');
    expect(tutorsOf(email)).toEqual(expect.arrayContaining(tutors.map((tutor) => tutor.userId)));
    // a retried decision asks for nothing more
    await decideChannelAlerts(t.ctx, enquiry.id);
    expect(await messagesJobsOf(enquiry)).toHaveLength(jobs.length);
    expect(await sendInstantAlerts(t.ctx, email)).toBe(tutorsOf(email).length);
    for (const tutor of tutors) {
      expect((await mailTo(tutor)).map((mail) => mail.subject)).toEqual([LINE]);
    }
    const kind = channelAlertJobs(t.ctx).find((each) => each.name === CHANNEL_MESSAGES_JOB);
    expect(kind?.describe(email as never)).toBe(
      `Send ${String(tutorsOf(email).length)} tutors the instant E-mail alert of enquiry ${String(enquiry.id)}`,
    );
  });

  it('still sends a job stored before jobs took batches (one tutor)', async () => {
    t.clock.set(ist(16, '22:10'));
    const tutor = await newTutor();
    await runAlertJobs(await postEnquiry(await newPoster(t)));
    t.clock.set(ist(17, '08:00'));
    const kind = channelAlertJobs(t.ctx).find((each) => each.name === CHANNEL_MESSAGES_JOB);
    const stored = { tutor_id: tutor.userId, channel: 'email' };
    expect(kind?.describe(stored as never)).toBe(
      `Send tutor ${String(tutor.userId)} the E-mail alerts due`,
    );
    await kind?.run(stored as never, { tries: 1 });
    expect((await mailTo(tutor)).map((mail) => mail.subject)).toEqual([LINE]);
  });

  it('a failed instant e-mail is put back, due now, for its tutor; the others get theirs', async () => {
    t.clock.set(ist(12, '12:00'));
    const poster = await newPoster(t);
    const failing = await newTutor();
    const other = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    const instant = (await messagesJobsOf(enquiry)).find((job) => job.channel === 'email');
    if (!instant || !('enquiry_id' in instant)) throw new Error('no instant e-mail job');
    const sent = await whileMailRefuses(failing, () => sendInstantAlerts(t.ctx, instant));
    expect(sent).toBe(tutorsOf(instant).length - 1);
    await expectOneSentOneHeld(enquiry, failing, other);
    // a messages job asks for the one put back; it sends that, and nothing twice
    const asked = await rows<{ data: ChannelMessagesJob }>(
      t.db,
      `SELECT data FROM ${await jobTable()} WHERE name = $1 AND singleton_key LIKE $2`,
      [CHANNEL_MESSAGES_JOB, `unsent-${String(enquiry.id)}-%`],
    );
    expect(asked.map((job) => job.data)).toEqual([
      { channel: 'email', tutor_ids: [failing.userId] },
    ]);
    await sendDueChannelAlerts(t.ctx, { channel: 'email', tutor_ids: [failing.userId] });
    await sendInstantAlerts(t.ctx, instant, 2);
    expect(await mailTo(failing)).toHaveLength(1);
    expect(await mailTo(other)).toHaveLength(1);
  });

  it('a failed held e-mail waits for the retry; the other tutors of the job get theirs at once', async () => {
    t.clock.set(ist(14, '22:10'));
    const poster = await newPoster(t);
    const failing = await newTutor();
    const other = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    t.clock.set(ist(15, '08:00'));
    const job = { channel: 'email' as const, tutor_ids: [failing.userId, other.userId] };
    await whileMailRefuses(failing, () =>
      expect(sendDueChannelAlerts(t.ctx, job)).rejects.toThrow(/1 .* alerts not sent/),
    );
    await expectOneSentOneHeld(enquiry, failing, other);
    // the retry sends the one put back, and nothing twice
    await sendDueChannelAlerts(t.ctx, job);
    expect(await mailTo(failing)).toHaveLength(1);
    expect(await mailTo(other)).toHaveLength(1);
  });
});

describe('quiet hours, the daily cap and the digest', () => {
  it('holds an alert that comes in quiet hours and sends it when they end', async () => {
    t.clock.set(ist(4, '22:10'));
    const poster = await newPoster(t);
    const tutor = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    expect(await alertsOf(t.db, enquiry.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'held', reason: 'quiet_hours' },
    ]);
    const [held] = await rows<{ due_at: Date }>(
      t.db,
      `SELECT due_at FROM lead_alerts WHERE tutor_id = $1 AND channel = 'email'`,
      [tutor.userId],
    );
    expect(held?.due_at).toEqual(ist(5, '08:00'));
    // nothing goes out in the night, and the sweep asks for nobody's messages yet
    t.clock.set(ist(5, '07:59'));
    await sendMessagesTo(tutor);
    expect(await mailTo(tutor)).toEqual([]);
    t.clock.set(ist(5, '08:00'));
    expect(await queueDueChannelMessages(t.ctx)).toBeGreaterThanOrEqual(1);
    await sendMessagesTo(tutor);
    const mails = await mailTo(tutor);
    expect(mails.map((mail) => mail.subject)).toEqual([LINE]);
    expect(await alertsOf(t.db, enquiry.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: '' },
    ]);
  });

  it('sends 10 instant alerts a day; the 11th and later ones wait for the evening digest', async () => {
    t.clock.set(ist(6, '10:00'));
    const tutor = await newTutor();
    const enquiries: StudentEnquiry[] = [];
    for (let poster = 0; poster < 4; poster += 1) {
      const student = await newPoster(t);
      for (let post = 0; post < 3 && enquiries.length < 11; post += 1) {
        enquiries.push(await postEnquiry(student, { name: `Maths tuition ${String(post)}` }));
        t.clock.advance(60_000);
      }
    }
    for (const enquiry of enquiries) await runAlertJobs(enquiry);
    await sendMessagesTo(tutor);
    expect(await mailTo(tutor)).toHaveLength(10);
    const last = enquiries.at(-1);
    if (!last) throw new Error('no enquiry');
    expect(await alertsOf(t.db, last.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'held', reason: 'cap' },
    ]);
    // at the cap, a later enquiry waits for the digest from the start: no messages job asks for it
    t.clock.set(ist(6, '11:00'));
    const later = await postEnquiry(await newPoster(t));
    await runAlertJobs(later);
    expect(await alertsOf(t.db, later.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'held', reason: 'cap' },
    ]);
    const asked = (await messagesJobsOf(later)).flatMap(tutorsOf);
    expect(asked).not.toContain(tutor.userId);
    t.clock.set(ist(6, '19:00'));
    await sendMessagesTo(tutor);
    const [digest] = await mailTo(tutor);
    expect(digest?.subject).toBe(ALERT_MESSAGES.digestSubject(2));
    expect(digest?.body).toContain(`• ${LINE}`);
    for (const enquiry of [last, later]) {
      expect(await alertsOf(t.db, enquiry.id, [tutor], ['email'])).toEqual([
        { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: 'digest' },
      ]);
    }
  });

  it('sends a digest at the chosen hour of what is still open, and skips the closed', async () => {
    t.clock.set(ist(7, '09:00'));
    const tutor = await newTutor({ requirement: null });
    const digestOnly = { ...DEFAULT_ALERT_SETTINGS, email: { mode: 'digest', digest_hour: 18 } };
    expect((await putSettings(tutor, digestOnly)).statusCode).toBe(200);
    const poster = await newPoster(t);
    const kept = await postEnquiry(poster, { name: 'Maths tuition, mornings' });
    const online = await postEnquiry(poster, { study_mode: 'online' });
    const closed = await postEnquiry(poster, { name: 'Maths tuition, evenings' });
    for (const enquiry of [kept, online, closed]) await runAlertJobs(enquiry);
    await archive(poster, closed);
    await sendMessagesTo(tutor);
    expect(await mailTo(tutor)).toEqual([]);
    t.clock.set(ist(7, '18:00'));
    await sendMessagesTo(tutor);
    const mails = await mailTo(tutor);
    expect(mails).toHaveLength(1);
    const lines = mails[0]?.body.split('\n').filter((line) => line.startsWith('•'));
    expect(lines).toEqual([`• ${LINE}`, `• ${ONLINE_LINE}`]);
    expect(await alertsOf(t.db, closed.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'skipped', reason: 'archived' },
    ]);
    expect(await alertsOf(t.db, kept.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: 'digest' },
    ]);
  });
});

describe('the unsubscribe link', () => {
  async function linkFor(tutor: RegisteredUser): Promise<string> {
    const poster = await newPoster(t);
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    await sendMessagesTo(tutor);
    const [mail] = await mailTo(tutor);
    const link = mail?.links.find((each) => each.includes('/alerts/unsubscribe?token='));
    if (!link) throw new Error('no unsubscribe link');
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('turns the channel off without signing in; later alerts are skipped as unsubscribed', async () => {
    t.clock.set(ist(8, '12:00'));
    const tutor = await newTutor();
    const token = await linkFor(tutor);
    const done = await call(t.app, 'POST', '/api/alerts/unsubscribe/', undefined, { token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ channel: 'email' });
    const settings = await call(t.app, 'GET', SETTINGS, tutor.access);
    expect(settings.json()).toMatchObject({ email: { mode: 'off' } });
    // a second tap is harmless
    expect(
      (await call(t.app, 'POST', '/api/alerts/unsubscribe/', undefined, { token })).statusCode,
    ).toBe(200);
    const poster = await newPoster(t);
    const next = await postEnquiry(poster);
    await runAlertJobs(next);
    expect(await alertsOf(t.db, next.id, [tutor], ['email'])).toEqual([
      { tutor_id: tutor.userId, channel: 'email', status: 'skipped', reason: 'unsubscribed' },
    ]);
  });

  it('refuses a tampered or malformed token with a clear 400, and changes nothing', async () => {
    t.clock.set(ist(9, '12:00'));
    const tutor = await newTutor();
    const other = await newTutor();
    const token = await linkFor(tutor);
    const [, channel, signature] = token.split('.');
    const cases = [
      `${String(other.userId)}.${channel ?? ''}.${signature ?? ''}`,
      `${String(tutor.userId)}.whatsapp.${signature ?? ''}`,
      `${token.slice(0, -2)}xx`,
      'not-a-token',
    ];
    for (const bad of cases) {
      const refused = await call(t.app, 'POST', '/api/alerts/unsubscribe/', undefined, {
        token: bad,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_link',
        detail: ALERT_MESSAGES.unsubscribeLinkInvalid,
      });
    }
    const malformed = await call(t.app, 'POST', '/api/alerts/unsubscribe/', undefined, {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'validation_error' });
    for (const user of [tutor, other]) {
      const settings = await call(t.app, 'GET', SETTINGS, user.access);
      expect(settings.json()).toMatchObject({ email: { mode: 'instant' } });
    }
  });
});

describe('two instances', () => {
  it('send each alert once when both run the same jobs at the same time', async () => {
    t.clock.set(ist(10, '12:00'));
    const second = await buildTestApp({
      db: t.db,
      env: { JOBS_WORK: 'false' },
      now: ist(10, '12:00'),
    });
    try {
      const tutor = await newTutor();
      const poster = await newPoster(t);
      const enquiry = await postEnquiry(poster);
      await sendLeadAlerts(t.ctx, enquiry.id);
      await Promise.all([
        decideChannelAlerts(t.ctx, enquiry.id),
        decideChannelAlerts(second.ctx, enquiry.id),
      ]);
      // one decision stored one job sending the tutor's e-mail
      const jobs = (await messagesJobsOf(enquiry)).filter(
        (job) => job.channel === 'email' && tutorsOf(job).includes(tutor.userId),
      );
      expect(jobs).toHaveLength(1);
      const due = { tutor_ids: [tutor.userId], channel: 'email' as const };
      await Promise.all([
        sendMessagesTo(tutor),
        sendDueChannelAlerts(second.ctx, due),
        sendDueChannelAlerts(t.ctx, due),
      ]);
      expect(await mailTo(tutor)).toHaveLength(1);
      expect(await alertsOf(t.db, enquiry.id, [tutor], ['email'])).toEqual([
        { tutor_id: tutor.userId, channel: 'email', status: 'sent', reason: '' },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('the records of skipped alerts', () => {
  it('are one row per channel, which a retried or simultaneous decision does not write again', async () => {
    t.clock.set(ist(10, '12:30'));
    const tutors = [await newTutor(), await newTutor()];
    const poster = await newPoster(t);
    const enquiry = await postEnquiry(poster);
    await sendLeadAlerts(t.ctx, enquiry.id);
    // on PostgreSQL, with a connection open for each, the decisions race for the same rows
    await Promise.all(Array.from({ length: 4 }, () => t.db.query('SELECT 1')));
    const decided = await Promise.all(
      Array.from({ length: 4 }, () => decideChannelAlerts(t.ctx, enquiry.id)),
    );
    decided.push(await decideChannelAlerts(t.ctx, enquiry.id));
    // WhatsApp is off until a tutor turns it on: skipped, once each, in one row
    expect(await alertsOf(t.db, enquiry.id, tutors, ['whatsapp'])).toEqual(
      tutors.map((tutor) => ({
        tutor_id: tutor.userId,
        channel: 'whatsapp',
        status: 'skipped',
        reason: 'off',
      })),
    );
    const [stored] = await rows<{ rows: number; tutors: number }>(
      t.db,
      `SELECT count(*)::int AS rows, sum(cardinality(tutor_ids))::int AS tutors
         FROM lead_alert_skips WHERE enquiry_id = $1 AND channel = 'whatsapp'`,
      [enquiry.id],
    );
    const skippedByTries = decided
      .flat()
      .filter((alert) => alert.channel === 'whatsapp' && alert.status === 'skipped');
    expect(stored?.rows).toBe(1);
    expect(skippedByTries).toHaveLength(stored?.tutors ?? -1);
    const [oneRowEach] = await rows<{ count: number }>(
      t.db,
      `SELECT count(*)::int AS count FROM lead_alerts
        WHERE enquiry_id = $1 AND tutor_id = ANY($2::int[])`,
      [enquiry.id, tutors.map((tutor) => tutor.userId)],
    );
    // their e-mails, sent at once by day, are a row each
    expect(oneRowEach?.count).toBe(2);
  });
});

/** How many alerts of the enquiry (to the tutor, if named) are stored, on every channel. */
async function alertCount(enquiryId: number, tutorId?: number): Promise<number | undefined> {
  const [row] = await rows<{ count: number }>(
    t.db,
    `SELECT count(*)::int AS count FROM lead_alert_records
      WHERE enquiry_id = $1 AND ($2::int IS NULL OR tutor_id = $2::int)`,
    [enquiryId, tutorId ?? null],
  );
  return row?.count;
}

describe('a tutor or an enquiry deleted by an operator', () => {
  it("leaves a deleted tutor's alerts as history, never asked for; an enquiry takes its alerts along", async () => {
    t.clock.set(ist(12, '22:10'));
    const poster = await newPoster(t);
    const kept = await newTutor();
    const deleted = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    await rows(t.db, `DELETE FROM users WHERE id = $1`, [deleted.userId]);
    const [ofDeleted] = await rows<{ count: number }>(
      t.db,
      `SELECT count(*)::int AS count FROM lead_alert_records WHERE tutor_id = $1`,
      [deleted.userId],
    );
    expect(ofDeleted?.count).toBe(3);
    const due = await selectDueTutors(t.db, ist(13, '08:00'), 10_000);
    expect(due).toContainEqual({ tutor_id: kept.userId, channel: 'email' });
    expect(due.map((row) => row.tutor_id)).not.toContain(deleted.userId);
    await rows(t.db, `DELETE FROM enquiries WHERE id = $1`, [enquiry.id]);
    expect(await alertCount(enquiry.id)).toBe(0);
  });

  it("takes the alerts of a deleted poster's enquiries along, and stores none for an enquiry gone", async () => {
    t.clock.set(ist(12, '22:20'));
    const poster = await newPoster(t);
    const tutor = await newTutor();
    const enquiry = await postEnquiry(poster);
    await runAlertJobs(enquiry);
    expect(await alertCount(enquiry.id, tutor.userId)).toBe(3);
    await rows(t.db, `DELETE FROM users WHERE id = $1`, [poster.userId]);
    expect(await alertCount(enquiry.id)).toBe(0);
    // a retried job of the deleted enquiry stores nothing, on any channel
    const claimed = await claimInAppAlerts(t.db, {
      enquiryId: enquiry.id,
      status: 'sent',
      reason: '',
      tutors: [{ tutor_id: tutor.userId, distance_km: 4 }],
    });
    const held = await claimChannelAlerts(t.db, enquiry.id, [
      {
        tutor_id: tutor.userId,
        channel: 'email',
        status: 'held',
        reason: 'quiet_hours',
        distance_km: 4,
        due_at: null,
        sent_at: null,
      },
    ]);
    expect([claimed, held]).toEqual([[], []]);
    expect(await alertCount(enquiry.id)).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('an enquiry deleted while its alerts are stored', () => {
  it('waits for the alerts to be stored, then takes them along', async () => {
    t.clock.set(ist(12, '22:30'));
    const poster = await newPoster(t);
    const tutor = await newTutor();
    const enquiry = await postEnquiry(poster);
    let deletion: Promise<unknown> = Promise.resolve();
    await t.db.transaction(async (tx) => {
      const claimed = await claimInAppAlerts(tx, {
        enquiryId: enquiry.id,
        status: 'sent',
        reason: '',
        tutors: [{ tutor_id: tutor.userId, distance_km: 4 }],
      });
      expect(claimed).toHaveLength(1);
      deletion = rows(t.db, `DELETE FROM enquiries WHERE id = $1`, [enquiry.id]);
      // the deletion waits on the enquiry the alerts locked, as on a foreign key's check
      await vi.waitFor(async () => {
        await rows(tx, `SELECT pg_stat_clear_snapshot()`); // a transaction reads the activity once
        const [waiting] = await rows<{ count: number }>(
          tx,
          `SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM enquiries%'`,
        );
        expect(waiting?.count).toBe(1);
      });
    });
    await deletion;
    expect(await alertCount(enquiry.id)).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a tutor another job is sending to', () => {
  it('is held, due now, for a messages job of theirs, and counted once it is sent', async () => {
    t.clock.set(ist(18, '12:00'));
    const poster = await newPoster(t);
    const busy = await newTutor();
    const free = await newTutor();
    const enquiry = await postEnquiry(poster);
    await sendLeadAlerts(t.ctx, enquiry.id);
    // another job holds the busy tutor's messages while the decision is taken
    await t.db.transaction(async (tx) => {
      await rows(tx, `SELECT pg_advisory_xact_lock(2301, $1)`, [busy.userId]);
      await decideChannelAlerts(t.ctx, enquiry.id);
    });
    expect(await alertsOf(t.db, enquiry.id, [busy, free], ['email'])).toEqual([
      { tutor_id: busy.userId, channel: 'email', status: 'held', reason: '' },
      { tutor_id: free.userId, channel: 'email', status: 'sent', reason: '' },
    ]);
    const jobs = await messagesJobsOf(enquiry);
    expect(jobs).toContainEqual({ channel: 'email', tutor_ids: [busy.userId] });
    expect(jobs.filter((job) => 'enquiry_id' in job).flatMap(tutorsOf)).not.toContain(busy.userId);
    await sendMessagesTo(busy);
    await sendMessagesTo(free);
    expect((await mailTo(busy)).map((mail) => mail.subject)).toEqual([LINE]);
    expect((await mailTo(free)).map((mail) => mail.subject)).toEqual([LINE]);
  });
});

describe('the questions asked by tutor', () => {
  it('read an index made for each: the held alerts, and the instant ones sent', async () => {
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explain = {
        async query<Row>(sql: string, values?: readonly unknown[]): Promise<Row[]> {
          const lines = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values);
          plans.push(lines.map((line) => line['QUERY PLAN']).join('\n'));
          return [];
        },
      };
      await countInstantSent(explain, [1, 2], 'email', ist(0, '00:00'));
      await lockDueAlerts(explain, [1, 2], 'whatsapp', ist(0, '12:00'));
    });
    const [count, due] = plans;
    expect(count, count).toContain('lead_alerts_tutor_instant_sent_idx');
    // the due alerts may as well be found by their time
    expect(due, due).toMatch(/lead_alerts_(tutor_held|due)_idx/);
    expect(due, due).not.toMatch(/Seq Scan on lead_alerts/);
  });

  it('count the day’s instant alerts without reading what the digests carried', async () => {
    const tutor = await newTutor();
    const today = ist(40, '00:00');
    // 30 days of a busy tutor's e-mails (kept until 30 days after their enquiries
    // expire): each day 10 instant alerts (the cap) and 100 carried by the evening digest
    const days = Array.from({ length: 30 }, (_, day) => 30 - day);
    const sent = days.flatMap((daysAgo) =>
      Array.from({ length: 110 }, (_, index) => ({
        enquiryId: 2_000_000_000 - daysAgo * 1_000 - index,
        reason: index < 10 ? '' : 'digest',
        sentAt: new Date(today.getTime() - daysAgo * 86_400_000 + (index + 60) * 60_000),
      })),
    );
    // and today's first three instant ones
    for (const index of [0, 1, 2]) {
      sent.push({ enquiryId: 2_000_000_001 + index, reason: '', sentAt: ist(40, '09:00') });
    }
    const stored = await rows<{ count: number }>(
      t.db,
      `WITH added AS (
         INSERT INTO lead_alerts (tutor_id, enquiry_id, channel, status, reason, sent_at)
         SELECT $1, e, 'email', 'sent', r, s FROM unnest($2::int[], $3::text[], $4::timestamptz[]) AS x (e, r, s)
         RETURNING 1)
       SELECT count(*)::int AS count FROM added`,
      [
        tutor.userId,
        sent.map((alert) => alert.enquiryId),
        sent.map((alert) => alert.reason),
        sent.map((alert) => alert.sentAt),
      ],
    );
    expect(stored).toEqual([{ count: 3_303 }]);
    const counted = await countInstantSent(t.db, [tutor.userId], 'email', today);
    expect([...counted]).toEqual([[tutor.userId, 3]]);
    // how many alerts the count read to answer: today's three, not the month's
    const read: number[] = [];
    await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const analyze = {
        async query<Row>(sql: string, values?: readonly unknown[]): Promise<Row[]> {
          const [plan] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
            values,
          );
          const walk = (node: PlanNode): void => {
            if (node['Relation Name'] === 'lead_alerts') {
              const perLoop = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0);
              read.push(perLoop * node['Actual Loops']);
            }
            node.Plans?.forEach(walk);
          };
          if (plan) walk(plan['QUERY PLAN'][0].Plan);
          return [];
        },
      };
      await countInstantSent(analyze, [tutor.userId], 'email', today);
    });
    expect(read).toEqual([3]);
    await rows(t.db, `DELETE FROM lead_alerts WHERE tutor_id = $1`, [tutor.userId]);
  });
});

/** A node of a plan as `EXPLAIN (ANALYZE, FORMAT JSON)` answers it. */
interface PlanNode {
  'Relation Name'?: string;
  /** Of each loop (each process of a parallel plan), on average. */
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
