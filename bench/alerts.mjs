// Lead alerts, post → tutor (issue 23): verified tutors spread so that each
// enquiry falls within 10 km of about `--match` of them, some of them connected
// by alert socket across two instances through Redis, and students posting at
// `--rate` enquiries a second through the API. Reports p50/p99 from each
// post's answer to each connected matching tutor's alert (target p99 < 1 s),
// the posting endpoint's p99 against a second phase with alerts off
// (`LEAD_ALERTS=off`, the queue still working its other jobs; target: within
// 20 %), and that every connected matching tutor got exactly one alert and no
// other tutor any. A third phase posts with the instances working no jobs at
// all, printed beside for comparison.
//
//   createdb -h 127.0.0.1 -U postgres bench_alerts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_alerts REDIS_URL=redis://127.0.0.1:6379 node bench/alerts.mjs
//
// Options: --tutors 5000 --connected 1000 --match 200 --rate 5 --seconds 360 (of each mode)
// --rounds 6 (the modes take turns: on, off, none, on, …; 300 posts a round by default, so
// a round's p99 is its third-slowest post, not its slowest; six rounds, 1,800 posts a mode,
// since three gave verdicts 40 to 60 points apart on the same code: about 25 minutes)
// --ports 4605,4705,4805 (two instances and a worker; with split, a second worker listens
// on the third port + 3, after the relay's two) --workers split|apart|together
// (split, the default, as docs/operations.md runs a city: the two instances only serve,
// with JOBS_WORK=false; a third instance works every job but the WhatsApp and e-mail
// messages (JOBS_WORK=-lead-alerts.messages) at the lowest CPU priority, and a fourth
// works the messages (JOBS_WORK=lead-alerts.messages) in Linux's idle scheduling class
// (`chrt --idle 0`), as does the mail relay: each stands in for a worker or a provider
// on a machine of its own; apart: one third instance works every job, and the relay runs
// at its priority; together: the two instances serve and work the jobs)
// --priority nice|idle (how the third instance, and with apart the relay, are started:
// nice, the default, at nice 19; idle in Linux's idle scheduling class, where they get a
// core only when nothing else wants it; apart and idle, the alerts waited behind the
// e-mails: post → alert p99 1.9 s in a full run)
// --channels default|email|off (default: the tutors keep the
// alert settings of a tutor who never saved any, so each one not connected is
// sent an e-mail, held until 08:00 IST at night; email: the same without quiet
// hours, the most work; off: WhatsApp and e-mail off for every tutor, the
// in-app path alone).
// --mail smtp|outbox (smtp: the instances send e-mail over SMTP, as in
// production, to a local relay at the worker's priority that counts what
// arrives, bench/lib/smtp-sink.mjs on the port after the worker's; outbox: the
// offline default, every e-mail a row of the development outbox in PostgreSQL).
// --kept-hours 12 (the completed jobs the alerts' queues hold before a run, as a city's
// would at this rate: pg-boss archives a completed job after 12 hours; 0 for none).
// Where Linux's /proc is there, the processor time of each part of the run while it
// posts is printed too (the instances, workers, phones, relay and posting client, and
// PostgreSQL's backends by the part they serve), beside its total at the serving
// priority: a measure of what the alerts cost the machine that is far steadier
// from run to run than the posts' p99.
// The first 2 s of posts of each phase warm the instances up and are not
// measured (their alerts are still checked). Each phase starts from a fresh
// checkpoint. The posting verdict compares the median of the rounds' p99s;
// each round's and the whole run's p99 are printed beside it. Earlier runs'
// tutors and enquiries are set aside first. The connected tutors' sockets live
// in a process of their own (bench/lib/alert-listeners.mjs), so that the process
// timing the posts does only the posting; its own event-loop delay while it posts
// is printed for each mode.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

import pg from 'pg';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

import { startAlertListeners } from './lib/alert-listeners.mjs';
import { canAccountCpu, openCpuAccount } from './lib/cpu-account.mjs';
import { readOptions } from './lib/options.mjs';
import { startBuiltServer, startProcess, stopProcess } from './lib/processes.mjs';
import { accessTokenSigner } from './lib/socket-client.mjs';
import { median, percentile } from './lib/stats.mjs';

const args = readOptions({
  tutors: 5000,
  connected: 1000,
  match: 200,
  rate: 5,
  seconds: 360,
  rounds: 6,
  ports: [4605, 4705, 4805],
  channels: 'default',
  workers: 'split',
  mail: 'smtp',
  priority: 'nice',
  'kept-hours': 12,
});
const TUTORS = args.tutors;
const CONNECTED = args.connected;
const MATCH = args.match;
const RATE = args.rate;
const SECONDS = args.seconds;
const PORTS = args.ports;
const WORKERS = args.workers;
const MAIL = args.mail;
if (!['idle', 'nice'].includes(args.priority)) throw new Error('--priority idle|nice');
const IDLE_SHOWN = 'in the idle scheduling class';
/** How the third instance is started (and with apart, the relay): they stand in for other machines. */
const APART_PRIORITY = args.priority === 'idle' ? { idle: true } : { niceness: 19 };
const APART_SHOWN = args.priority === 'idle' ? IDLE_SHOWN : 'at nice 19';
/** The channel messages' worker and the relay: in the idle class when the workers are split. */
const MESSAGES_PRIORITY = WORKERS === 'split' ? { idle: true } : APART_PRIORITY;
const MESSAGES_SHOWN = WORKERS === 'split' ? IDLE_SHOWN : APART_SHOWN;
const WORKERS_SHOWN = {
  together: 'by the two instances that serve',
  apart: `by a third instance ${APART_SHOWN}, not by the two serving`,
  split: `by a third instance ${APART_SHOWN} and the channel messages by a fourth ${MESSAGES_SHOWN}, not by the two serving`,
};
const CHANNEL_MESSAGES_JOB = 'lead-alerts.messages';
const ALERT_SUBJECT = 'New enquiry near you:';
const SINK_PORT = PORTS[2] + 1;
const SINK_USER = 'bench';
const SINK_PASSWORD = `bench-mail-${randomUUID()}`;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_alerts';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = `bench-secret-${randomUUID()}`;
const RADIUS_KM = 10;
const KM_PER_DEGREE = 111.045;
/** The square the tutors live in: sized so that a 10 km circle holds about MATCH of them. */
const SIDE_KM = Math.sqrt((TUTORS * Math.PI * RADIUS_KM * RADIUS_KM) / MATCH);
const ORIGIN = { latitude: 12.5, longitude: 77.0 };
/** Posts of each phase not measured: the instances' first requests warm them up. */
const ROUNDS = args.rounds;
const WARMUP_POSTS = Math.round(RATE * 2);
/** Posts of one phase of one round; the three modes take turns, so a change in the machine's load falls on each. */
const POSTS = Math.round((RATE * SECONDS) / ROUNDS) + WARMUP_POSTS;
const MODES = ['on', 'off', 'idle'];

/** DATABASE_URL with the part a process plays as its connections' name, for the CPU account. */
function databaseUrlOf(part) {
  const url = new URL(DATABASE_URL);
  url.searchParams.set('application_name', part);
  return url.toString();
}

/** The run's parts, as the CPU account names them, and whether each runs at a lowered priority. */
const PARTS = {
  serving: { shown: 'serving instances', lowered: false },
  worker: { shown: 'alerts worker', lowered: true },
  messages: { shown: 'messages worker', lowered: true },
  phones: { shown: 'phones (the tutors’ sockets)', lowered: false },
  relay: { shown: 'mail relay', lowered: true },
  client: { shown: 'posting client', lowered: false },
};

/** pid → part, for the CPU account: this process posts; each process started names its own. */
const partOf = new Map([[process.pid, 'client']]);

async function startServer(port, env, options, part = 'serving') {
  const child = await startBuiltServer(
    {
      PORT: String(port),
      DATABASE_URL: databaseUrlOf(part),
      REDIS_URL,
      JWT_SECRET,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-')),
      ...(MAIL === 'smtp' && {
        SMTP_URL: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${String(SINK_PORT)}`,
      }),
      ...env,
    },
    options,
  );
  partOf.set(child.pid, part);
  return child;
}

/** A point `x`, `y` km east and north of the square's south-west corner. */
function pointAt(x, y) {
  const latitude = ORIGIN.latitude + y / KM_PER_DEGREE;
  const cos = Math.cos((ORIGIN.latitude * Math.PI) / 180);
  return { latitude, longitude: ORIGIN.longitude + x / (KM_PER_DEGREE * cos) };
}

function haversineKm(a, b) {
  const r = (d) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(r(a.latitude)) *
      Math.cos(r(b.latitude)) *
      Math.sin(r(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** `count` e-mail-verified users of `role`, named by `tag`, in the order of their numbers. */
async function insertUsers(db, tag, role, count) {
  const name = role === 'teacher' ? 'Tutor' : 'Student';
  const { rows } = await db.query(
    `INSERT INTO users (email, password_hash, full_name, role, is_email_verified)
     SELECT 'bench-alerts-' || $1 || g || '@example.in', 'x', $3 || ' ' || g, $4, true
       FROM generate_series(0, $2 - 1) AS g ORDER BY g
     RETURNING id, email, full_name, role`,
    [tag, count, name, role],
  );
  return rows;
}

/** Tutors spread at random over the square, and one student per post, each at a point inside it. */
async function seed() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  // alert jobs an earlier run left waiting would be worked during this one's phases
  const {
    rows: [waiting],
  } = await db.query(
    `SELECT CASE WHEN to_regclass('jobs.job') IS NULL THEN 0 ELSE
       (SELECT count(*)::int FROM jobs.job WHERE name LIKE 'lead-alerts%'
           AND state IN ('created', 'retry', 'active')) END AS count`,
  );
  if (waiting.count > 0) {
    throw new Error(
      `${String(waiting.count)} alert jobs of an earlier run still wait in this database: bench a fresh one (dropdb, createdb)`,
    );
  }
  // what an earlier run left behind (its tutors, its live enquiries) plays no part in this one
  await db.query(
    `UPDATE profiles SET is_doc_verified = false, verification_status = 'pending'
      WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench-alerts-%')`,
  );
  await db.query(
    `UPDATE enquiries SET archived = true
      WHERE NOT archived AND student_id IN (SELECT id FROM users WHERE email LIKE 'bench-alerts-%')`,
  );
  const run = randomUUID().slice(0, 8);
  const tutorPoints = Array.from({ length: TUTORS }, () =>
    pointAt(Math.random() * SIDE_KM, Math.random() * SIDE_KM),
  );
  const tutors = await insertUsers(db, `${run}-t`, 'teacher', TUTORS);
  const ids = tutors.map((t) => t.id);
  await db.query(
    `INSERT INTO profiles (user_id, interested_classes, subjects, requirement, is_doc_verified,
                           verification_status)
     SELECT id, '{Class 10}', '{Mathematics}', 'offline', true, 'approved' FROM unnest($1::int[]) AS id
     ON CONFLICT (user_id) DO UPDATE SET interested_classes = '{Class 10}', subjects = '{Mathematics}',
       requirement = 'offline', is_doc_verified = true, verification_status = 'approved'`,
    [ids],
  );
  await db.query(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, latitude, longitude,
                                 is_primary, slot)
     SELECT id, 'bench', 'Bench', 'Bench', lat, lng, true, 1
       FROM unnest($1::int[], $2::float8[], $3::float8[]) AS a (id, lat, lng)`,
    [ids, tutorPoints.map((p) => p.latitude), tutorPoints.map((p) => p.longitude)],
  );
  if (args.channels !== 'default') {
    // off: no messages at all; email: e-mail at once, day and night (no quiet hours)
    const email = args.channels === 'email' ? 'instant' : 'off';
    await db.query(
      `INSERT INTO alert_settings (tutor_id, whatsapp_mode, whatsapp_digest_hour, email_mode,
                                   email_digest_hour, quiet_start_minute, quiet_end_minute, daily_cap)
       SELECT id, 'off', 19, $2, 19, 0, 0, 10 FROM unnest($1::int[]) AS id`,
      [ids, email],
    );
  }
  tutors.forEach((tutor, index) => {
    tutor.point = tutorPoints[index];
  });
  // the phases' posts, each student posting once; the posts keep 10 km from the edges
  const students = await insertUsers(db, `${run}-s`, 'student', POSTS * MODES.length * ROUNDS);
  for (const student of students) {
    const inner = SIDE_KM - 2 * RADIUS_KM;
    student.point = pointAt(RADIUS_KM + Math.random() * inner, RADIUS_KM + Math.random() * inner);
    const { rows } = await db.query(
      `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, latitude, longitude,
                                   is_primary, slot)
       VALUES ($1, 'bench', 'Bench', 'Bench', $2, $3, true, 1) RETURNING id`,
      [student.id, student.point.latitude, student.point.longitude],
    );
    student.addressId = rows[0].id;
  }
  await db.end();
  return { tutors, students };
}

/**
 * The queue as a city's would be: pg-boss keeps each completed job for 12 hours
 * before it archives it, so at this rate the alerts' kinds hold `--kept-hours`
 * of completed jobs (one in-app job, one decision keyed by its enquiry and one
 * keyed messages job a post), each kept from its time. A fresh database holds
 * none, and reading a kind's jobs costs nothing there that it costs in a city.
 */
async function keepJobs() {
  const posts = Math.round(RATE * 3600 * args['kept-hours']);
  if (posts === 0) return;
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO jobs.job (name, data, state, singleton_key, policy, created_on, start_after,
                             started_on, completed_on)
       SELECT k.name, jsonb_build_object('enquiry_id', -g), 'completed', k.key || g, 'standard',
              at.t, at.t, at.t, at.t
         FROM generate_series(1, $1::int) AS g
        CROSS JOIN LATERAL (SELECT now() - (g / $2::float8) * interval '1 second' AS t) AS at
        CROSS JOIN (VALUES ('lead-alerts', NULL), ('lead-alerts.channels', 'kept-'),
                           ('${CHANNEL_MESSAGES_JOB}', 'kept-held-')) AS k (name, key)`,
      [posts, RATE],
    );
    await db.query('ANALYZE jobs.job');
  } finally {
    await db.end();
  }
  process.stdout.write(
    `the alerts' queues hold ${String(posts * 3)} completed jobs, those of ${String(args['kept-hours'])} hours at this rate (pg-boss keeps them 12 hours)\n`,
  );
}

const tokenFor = accessTokenSigner(JWT_SECRET);

/** What every post asks for: what the seeded tutors teach, near them. */
const MATCHING = { study_mode: 'offline', class_level: 'Class 10', subject: 'Mathematics' };
const BOARDS = ['CBSE', 'ICSE', 'Karnataka State Board'];
const LANGUAGES = ['English', 'Kannada', 'Hindi'];
const STARTS = ['immediately', 'one_week', 'fifteen_days', 'one_month'];

/** The n-th post, from the student's address: the matching fields, the rest varied. */
function postFor(student, n) {
  const details = {
    name: `Maths tuition ${String(n + 1)}`,
    board: BOARDS[n % BOARDS.length],
    language: LANGUAGES[n % LANGUAGES.length],
    user_budget: 300 + (n % 8) * 50,
    when_to_start: STARTS[n % STARTS.length],
    female_tutor_preferred: n % 5 === 0,
  };
  const blanks = Object.fromEntries(
    ['custom_class', 'custom_subject', 'custom_language'].map((field) => [field, '']),
  );
  return { address: student.addressId, ...MATCHING, ...details, ...blanks };
}

/** Posts one enquiry per student at RATE a second; answers each post's id, answer time and duration. */
async function postAll(students, port) {
  const posts = [];
  const pending = [];
  const start = performance.now();
  for (const [n, student] of students.entries()) {
    const wait = start + (n * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      (async () => {
        const token = await tokenFor(student);
        const sent = performance.now();
        const response = await fetch(`http://127.0.0.1:${String(port)}/api/enquiry/enquiries/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(postFor(student, n)),
        });
        const answered = performance.now();
        const body = await response.json();
        if (response.status !== 201)
          throw new Error(`post ${String(response.status)}: ${JSON.stringify(body)}`);
        posts.push({
          id: body.id,
          student,
          answered,
          ms: answered - sent,
          warmup: n < WARMUP_POSTS,
        });
      })(),
    );
    // alternate the instances the students post to
    port = port === PORTS[0] ? PORTS[1] : PORTS[0];
  }
  await Promise.all(pending);
  return posts;
}

/**
 * Waits until the messages of a phase's posts are decided and sent (none held
 * and due, no messages job waiting or running: an instant alert is recorded
 * sent by its decision and goes out from the job it stored), so that no phase
 * does the work of the one before; answers the seconds that took after the
 * last post.
 */
async function drained(enquiryIds) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const start = performance.now();
  try {
    for (;;) {
      const {
        rows: [left],
      } = await db.query(
        `SELECT (SELECT count(*)::int FROM unnest($1::int[]) AS e (id)
                  WHERE EXISTS (SELECT 1 FROM lead_alerts_in_app i WHERE i.enquiry_id = e.id)
                    AND NOT EXISTS (SELECT 1 FROM lead_alerts a WHERE a.enquiry_id = e.id)
                    AND NOT EXISTS (SELECT 1 FROM lead_alert_skips k WHERE k.enquiry_id = e.id)) AS undecided,
                (SELECT count(*)::int FROM lead_alerts
                  WHERE enquiry_id = ANY($1::int[]) AND status = 'held' AND due_at <= now()) AS due,
                (SELECT count(*)::int FROM jobs.job
                  WHERE name = $2 AND state IN ('created', 'retry', 'active')) AS sending`,
        [enquiryIds, CHANNEL_MESSAGES_JOB],
      );
      if (left.undecided === 0 && left.due === 0 && left.sending === 0) break;
      if (performance.now() - start > 600_000)
        throw new Error(`messages not drained: ${JSON.stringify(left)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return (performance.now() - start) / 1000;
  } finally {
    await db.end();
  }
}

/** The alert e-mails that reached the relay (smtp) or the outbox since `since`. */
async function alertMailsSent(db, since) {
  if (MAIL === 'smtp') {
    const counts = await (await fetch(`http://127.0.0.1:${String(SINK_PORT + 1)}/`)).json();
    return counts[ALERT_SUBJECT];
  }
  const {
    rows: [mail],
  } = await db.query(
    `SELECT count(*)::int AS count FROM dev_outbox
      WHERE kind = 'email' AND created_at >= $1 AND subject LIKE $2`,
    [since, `${ALERT_SUBJECT}%`],
  );
  return mail.count;
}

/** What became of the alerts of these posts on the message channels, and the e-mails sent. */
async function channelAccount(enquiryIds, since) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT channel, status, reason, count(*)::int AS count FROM lead_alert_records
        WHERE enquiry_id = ANY($1::int[]) AND channel <> 'app'
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [enquiryIds],
    );
    return { rows, mailed: await alertMailsSent(db, since) };
  } finally {
    await db.end();
  }
}

const CHANNELS_SHOWN = {
  default: 'as for a tutor who never saved settings (e-mail at once, outside 21:00–08:00 IST)',
  email: 'e-mail at once for every tutor not connected, day and night',
  off: 'off',
};

/** How many checkpoints PostgreSQL has made since its statistics were reset. */
async function checkpointsSoFar() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query(
      'SELECT (checkpoints_timed + checkpoints_req)::int AS count FROM pg_stat_bgwriter',
    );
    return rows[0].count;
  } finally {
    await db.end();
  }
}

/** A checkpoint now (a superuser's right; skipped otherwise); answers the count after it. */
async function checkpoint() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    await db.query('CHECKPOINT').catch(() => undefined);
  } finally {
    await db.end();
  }
  return checkpointsSoFar();
}

/**
 * The longest time in a phase during which a post waited and none was
 * answered: a stall of everything the posts share (the database's commits,
 * say), which holds back every post sent meanwhile. A few ms when nothing
 * stalls; any mode can have one, so a round's p99 beside a long stall is the
 * stall's, not the mode's. Answers its length and when it ended.
 */
function longestStall(posts) {
  const answers = posts
    .map((post) => ({ sent: post.answered - post.ms, answered: post.answered }))
    .sort((a, b) => a.answered - b.answered);
  // the earliest post still waiting just after each answer's previous one: the posts answered from it on
  const waitingSince = answers.map((answer) => answer.sent);
  for (let index = waitingSince.length - 2; index >= 0; index -= 1)
    waitingSince[index] = Math.min(waitingSince[index], waitingSince[index + 1]);
  let longest = { ms: 0, endedAt: 0 };
  let previous = -Infinity;
  for (const [index, answer] of answers.entries()) {
    const stall = answer.answered - Math.max(previous, waitingSince[index]);
    if (stall > longest.ms) longest = { ms: stall, endedAt: answer.answered };
    previous = answer.answered;
  }
  return longest;
}

/** A moment of performance.now() as the wall clock's time of day (UTC), to find it in the database's log. */
function clockTime(at) {
  return new Date(performance.timeOrigin + at).toISOString().slice(11, 19);
}

/**
 * The CPU account of the posting windows: each part's processor time a second
 * of posting (alerts on / off / no jobs), beside its database connections',
 * and the total at the serving priority, which is what the posts compete with.
 */
function cpuShown(perSecond) {
  const of = (mode, part) => perSecond.get(mode)?.get(part) ?? 0;
  const shown = (part) => MODES.map((mode) => of(mode, part).toFixed(0)).join(' / ');
  const connects = (part) => MODES.some((mode) => perSecond.get(mode)?.has(`db: ${part}`));
  const lines = Object.entries(PARTS).map(
    ([part, { shown: name, lowered }]) =>
      `${name}${lowered ? ' (lowered priority)' : ''} ${shown(part)}${connects(part) ? `, in PostgreSQL for it ${shown(`db: ${part}`)}` : ''}`,
  );
  const named = new Set([
    ...Object.keys(PARTS),
    ...Object.keys(PARTS).map((part) => `db: ${part}`),
  ]);
  const total = (mode, lowered) =>
    [...(perSecond.get(mode)?.entries() ?? [])]
      .filter(([part]) => (PARTS[part]?.lowered ?? false) === lowered)
      .reduce((sum, [, ms]) => sum + ms, 0);
  const others = [
    ...new Set(
      [...perSecond.values()].flatMap((parts) => [...parts.keys()].filter((p) => !named.has(p))),
    ),
  ];
  lines.push(...others.map((part) => `${part} ${shown(part)}`));
  const normal = MODES.map((mode) => total(mode, false));
  const lowered = MODES.map((mode) => total(mode, true));
  return (
    `processor time while posting, ms a second (alerts on / off / no jobs): ${lines.join('; ')}\n` +
    `  in all at the serving priority ${normal.map((ms) => ms.toFixed(0)).join(' / ')} (alerts on − off: ${(normal[0] - normal[1]).toFixed(0)}), at a lowered one ${lowered.map((ms) => ms.toFixed(0)).join(' / ')}\n`
  );
}

async function main() {
  if (!(args.channels in CHANNELS_SHOWN)) throw new Error('--channels default|email|off');
  if (!['together', 'apart', 'split'].includes(WORKERS))
    throw new Error('--workers together|apart|split');
  if (PORTS.length < 3) throw new Error('--ports needs three ports: two instances and a worker');
  if (!['smtp', 'outbox'].includes(MAIL)) throw new Error('--mail smtp|outbox');
  buildIfStale();
  if (MAIL === 'smtp') {
    const relay = await startProcess(
      ['bench/lib/smtp-sink.mjs'],
      {
        SMTP_SINK_PORT: String(SINK_PORT),
        SMTP_SINK_USER: SINK_USER,
        SMTP_SINK_PASSWORD: SINK_PASSWORD,
        SMTP_SINK_SUBJECT: ALERT_SUBJECT,
      },
      'SMTP sink ready',
      MESSAGES_PRIORITY,
    );
    partOf.set(relay.pid, 'relay');
  }
  process.stdout.write(
    `bench/alerts: ${String(TUTORS)} verified tutors over ${SIDE_KM.toFixed(0)} × ${SIDE_KM.toFixed(0)} km (about ${String(MATCH)} within 10 km of a post), ${String(CONNECTED)} connected across two instances via Redis, ${String(RATE)} posts/s for ${String(SECONDS)} s, WhatsApp and e-mail alerts ${CHANNELS_SHOWN[args.channels]}, e-mail ${MAIL === 'smtp' ? `over SMTP to a local relay ${MESSAGES_SHOWN}` : 'into the development outbox'}, jobs worked ${WORKERS_SHOWN[WORKERS]}\n`,
  );
  // the first instance migrates the database before anything is seeded
  let servers = [await startServer(PORTS[0], {})];
  servers.push(await startServer(PORTS[1], {}));
  const { tutors, students } = await seed();
  await keepJobs();
  const runStart = new Date();

  // Each round runs three phases, the tutors listening, half on each instance:
  // alerts on; alerts off (none may hear); and, for comparison, no jobs worked at
  // all (storing no alert job that the next run would find waiting).
  const connected = tutors.slice(0, CONNECTED);
  // the connected tutors' sockets, in a process of their own (their phones)
  const listeners = startAlertListeners();
  partOf.set(listeners.pid, 'phones');
  const cpu = canAccountCpu() ? await openCpuAccount(databaseUrlOf('bench'), () => partOf) : null;
  const listening = connected.map(({ id, email, full_name, role }) => ({
    id,
    email,
    full_name,
    role,
  }));
  const received = new Map(); // `${tutor}:${enquiry}` → times
  const arrivals = []; // { tutor, enquiry, at } (at: ms since the epoch)
  const heardWhileOff = [];
  const envOf = {
    on: {},
    off: { LEAD_ALERTS: 'off' },
    idle: { JOBS_WORK: 'false', LEAD_ALERTS: 'off' },
  };
  const posted = { on: [], off: [], idle: [] };
  // the posting process's own event-loop delay while it posts, each phase's (a delay
  // there would be timed as the server's)
  const loopDelays = { on: [], off: [], idle: [] };
  // the processor time the host took from the machine's cores in each phase (steal)
  const stolenOf = { on: [], off: [], idle: [] };
  const checkpointed = [];
  // together: both instances serve requests and work jobs; apart: they only serve, and a
  // third instance, at the lowest CPU priority, works the jobs; split: the third works all
  // but the channel messages, and a fourth, in the idle class, those (an idle phase has none)
  const startInstances = async (env) => {
    const apart = WORKERS !== 'together' && env.JOBS_WORK !== 'false';
    const serving = apart ? { ...env, JOBS_WORK: 'false' } : env;
    const started = [await startServer(PORTS[0], serving), await startServer(PORTS[1], serving)];
    if (apart && WORKERS === 'split') {
      started.push(
        await startServer(
          PORTS[2],
          { ...env, JOBS_WORK: `-${CHANNEL_MESSAGES_JOB}` },
          APART_PRIORITY,
          'worker',
        ),
        await startServer(
          PORTS[2] + 3,
          { ...env, JOBS_WORK: CHANNEL_MESSAGES_JOB },
          MESSAGES_PRIORITY,
          'messages',
        ),
      );
    } else if (apart) started.push(await startServer(PORTS[2], env, APART_PRIORITY, 'worker'));
    return started;
  };
  const drains = [];
  let next = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const mode of MODES) {
      await Promise.all(servers.map(stopProcess));
      for (const child of servers) partOf.delete(child.pid);
      servers = await startInstances(envOf[mode]);
      if (mode !== 'idle') await listeners.connect(JWT_SECRET, listening, PORTS.slice(0, 2));
      // every phase starts from a fresh checkpoint, so PostgreSQL's timed one (every 5 min,
      // writing out what earlier phases changed) falls in no phase; one that still does is counted
      const before = await checkpoint();
      const loopDelay = monitorEventLoopDelay({ resolution: 1 });
      loopDelay.enable();
      await cpu?.begin(mode);
      const posts = await postAll(students.slice(next, next + POSTS), PORTS[0]);
      const stolen = await cpu?.end();
      if (stolen !== undefined) stolenOf[mode].push(stolen);
      loopDelay.disable();
      loopDelays[mode].push(loopDelay);
      const during = (await checkpointsSoFar()) - before;
      if (during > 0) checkpointed.push(`${mode} in round ${String(round + 1)}`);
      posted[mode].push(...posts.map((post) => ({ ...post, round })));
      next += POSTS;
      if (mode === 'on') drains.push(await drained(posts.map((post) => post.id)));
      if (mode === 'idle') continue;
      await new Promise((resolve) => setTimeout(resolve, mode === 'on' ? 5000 : 2000));
      const heard = await listeners.close();
      if (mode === 'off') heardWhileOff.push(...heard);
      for (const [tutor, enquiry, at] of mode === 'on' ? heard : []) {
        const key = `${String(tutor)}:${String(enquiry)}`;
        received.set(key, (received.get(key) ?? 0) + 1);
        arrivals.push({ tutor, enquiry, at });
      }
    }
  }
  await Promise.all(servers.map(stopProcess));
  listeners.stop();
  const { on, off, idle } = posted;

  const measured = new Set(on.filter((post) => !post.warmup).map((post) => post.id));
  const answeredAt = new Map(on.map((post) => [post.id, performance.timeOrigin + post.answered]));
  const latencies = arrivals
    .filter((a) => measured.has(a.enquiry))
    .map((a) => a.at - answeredAt.get(a.enquiry))
    .sort((a, b) => a - b);
  // who should have heard: connected tutors within 10 km of each post
  let expected = 0;
  let missing = 0;
  for (const post of on) {
    for (const tutor of connected) {
      if (haversineKm(tutor.point, post.student.point) > RADIUS_KM) continue;
      expected += 1;
      if (!received.has(`${String(tutor.id)}:${String(post.id)}`)) missing += 1;
    }
  }
  let duplicates = 0;
  let strays = 0;
  for (const [key, count] of received) {
    if (count > 1) duplicates += count - 1;
    const [tutorId, enquiryId] = key.split(':').map(Number);
    const post = on.find((p) => p.id === enquiryId);
    const tutor = connected.find((t) => t.id === tutorId);
    if (!post || !tutor || haversineKm(tutor.point, post.student.point) > RADIUS_KM) strays += 1;
  }

  const postPercentile = (posts, p) =>
    percentile(
      posts
        .filter((post) => !post.warmup)
        .map((post) => post.ms)
        .sort((a, b) => a - b),
      p,
    );
  const postP99 = (posts) => postPercentile(posts, 99);
  // the body of the distribution beside its tail: a shift of every post, or a few slow ones
  const p50AndP90 = (posts) => [50, 90].map((p) => postPercentile(posts, p).toFixed(1)).join(' / ');
  // Each round's p99, and their median: a disturbance of the machine in one phase (a
  // 570 ms post with alerts off has been seen) decides the p99 of a whole mode's 300 posts,
  // so the verdict compares the medians of the rounds' p99s; the whole run's is printed beside.
  const roundP99s = (posts) =>
    Array.from({ length: ROUNDS }, (_, round) =>
      postP99(posts.filter((post) => post.round === round)),
    );
  const delayShown = (mode) => {
    const ms = (ns) => (ns / 1e6).toFixed(1);
    const p99s = loopDelays[mode].map((delay) => delay.percentile(99));
    const max = Math.max(...loopDelays[mode].map((delay) => delay.max));
    return `${mode} p99 ${ms(median(p99s))}, max ${ms(max)}`;
  };
  const byRound = (posts) =>
    roundP99s(posts)
      .map((ms) => ms.toFixed(0))
      .join(' / ');
  const stallsByRound = (posts) =>
    Array.from({ length: ROUNDS }, (_, round) =>
      longestStall(posts.filter((post) => post.round === round)),
    )
      .map(({ ms, endedAt }) => `${ms.toFixed(0)} (${clockTime(endedAt)})`)
      .join(' / ');
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const onP99 = median(roundP99s(on));
  const offP99 = median(roundP99s(off));
  const idleP99 = median(roundP99s(idle));
  const change = (a, b) => `${a >= b ? '+' : ''}${((a / b - 1) * 100).toFixed(0)} %`;
  process.stdout.write(
    `alerts: ${String(arrivals.length)} delivered, expected ${String(expected)}, missing ${String(missing)}, duplicates ${String(duplicates)}, to tutors out of range ${String(strays)}, heard with alerts off ${String(heardWhileOff.length)}\n` +
      `post answer → alert: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (target < 1000)\n` +
      `posting p99, median of the ${String(ROUNDS)} rounds' (${String(on.filter((p) => !p.warmup).length / ROUNDS)} posts a round): alerts on ${onP99.toFixed(1)} ms, alerts off ${offP99.toFixed(1)} ms (${change(onP99, offP99)}, target within 20 %); no jobs worked at all ${idleP99.toFixed(1)} ms (on is ${change(onP99, idleP99)})\n` +
      `posting p99 round by round (ms): on ${byRound(on)}; off ${byRound(off)}; no jobs ${byRound(idle)}; of all ${String(on.filter((p) => !p.warmup).length)} posts of a mode: on ${postP99(on).toFixed(1)}, off ${postP99(off).toFixed(1)}, no jobs ${postP99(idle).toFixed(1)}; p50 / p90 of all posts of a mode: on ${p50AndP90(on)}, off ${p50AndP90(off)}, no jobs ${p50AndP90(idle)}; a checkpoint fell in ${checkpointed.join(', ') || 'no phase'}\n` +
      `the posting process's own event-loop delay while posting (ms; median of the phases' p99, the largest): ${MODES.map(delayShown).join('; ')}\n` +
      (stolenOf.on.length > 0
        ? `processor time the host took from this machine's cores while posting (steal; ms a second, round by round): on ${stolenOf.on.map((ms) => ms.toFixed(0)).join(' / ')}; off ${stolenOf.off.map((ms) => ms.toFixed(0)).join(' / ')}; no jobs ${stolenOf.idle.map((ms) => ms.toFixed(0)).join(' / ')}\n`
        : '') +
      `the longest time no post was answered while one waited (ms, round by round, with when it ended, UTC; posts come every ${String(1000 / RATE)} ms): on ${stallsByRound(on)}; off ${stallsByRound(off)}; no jobs ${stallsByRound(idle)}\n`,
  );
  if (cpu) {
    process.stdout.write(cpuShown(cpu.perSecond()));
    await cpu.close();
  }
  const account = await channelAccount(
    on.map((post) => post.id),
    runStart,
  );
  const instantSent = account.rows
    .filter((row) => row.channel === 'email' && row.status === 'sent' && row.reason === '')
    .reduce((sum, row) => sum + row.count, 0);
  process.stdout.write(
    `messages of the alerts-on posts: ${account.rows.map((row) => `${row.channel} ${row.status}${row.reason ? ` (${row.reason})` : ''} ${String(row.count)}`).join(', ') || 'none'}; instant e-mails ${MAIL === 'smtp' ? 'at the relay' : 'in the outbox'} ${String(account.mailed)} (recorded sent ${String(instantSent)}); all decided and sent ${drains.map((s) => s.toFixed(1)).join(' / ')} s after each phase's last post\n`,
  );
  const ok =
    account.mailed === instantSent &&
    missing === 0 &&
    duplicates === 0 &&
    strays === 0 &&
    heardWhileOff.length === 0 &&
    p99 < 1000 &&
    onP99 <= offP99 * 1.2;
  process.stdout.write(`targets: ${ok ? 'met' : 'NOT MET'}\n`);
  process.exit(ok ? 0 : 1);
}

await main();
