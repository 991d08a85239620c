// Soak: the reference topology (nginx in front of two instances on one
// PostgreSQL and one Redis, deploy/topology.mjs) under a mixed load while its
// instances are restarted: after a third of the run instance A is stopped
// (SIGTERM) and started again, after two thirds instance B is killed (kill -9)
// and started again.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//     SOAK_MINUTES=2 SOAK_PAIRS=50 node bench/soak.mjs
//
// Load: tutors reading their feed (each read a different tutor), and chat
// between SOAK_PAIRS connected student–tutor pairs, each student writing every
// 2 s. Reports throughput, p50/p99 per kind, errors by kind and when they
// happened; then checks every acknowledged chat message is stored exactly once.
// Not yet in this soak: enquiry posts, contacts and payments (the full mix).
import { performance } from 'node:perf_hooks';

import pg from 'pg';
import { WebSocket } from 'ws';

import { startTopology } from '../deploy/topology.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? '10');
const PAIRS = Number(process.env.SOAK_PAIRS ?? '500');
const FEED_CONCURRENCY = Number(process.env.SOAK_FEED_CONCURRENCY ?? '10');
const CHAT_INTERVAL_MS = 2000;
const RECONNECT_MS = 500;
const PASSWORD = 'Str0ng!Passw0rd';
const durationMs = MINUTES * 60_000;

const topology = await startTopology({
  env: { REGISTRATIONS_PER_IP_PER_HOUR: '1000000', LOG_LEVEL: 'warn' },
});
let started = performance.now();
const at = () => Math.round((performance.now() - started) / 1000);
const samples = new Map();
const errors = [];
function record(kind, ms) {
  if (!samples.has(kind)) samples.set(kind, []);
  samples.get(kind).push(ms);
}
function fail(kind, reason) {
  errors.push({ kind, reason: String(reason).slice(0, 120), second: at() });
}

async function register(role, index) {
  const response = await fetch(`${topology.url}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: `Soak ${role} ${String(index)}`,
      email: `soak.${role}.${String(index)}.${String(Date.now())}@example.in`,
      password: PASSWORD,
      confirm_password: PASSWORD,
      role,
    }),
  });
  if (response.status !== 201) throw new Error(`register ${String(response.status)}`);
  const { access } = await response.json();
  const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString('utf8'));
  return { token: access, userId: claims.user_id };
}

process.stdout.write(`Setting up ${String(PAIRS)} pairs on ${topology.url}…\n`);
const db = new pg.Client({ connectionString: topology.databaseUrl });
await db.connect();
const pairs = [];
for (let index = 0; index < PAIRS; index += 1) {
  const student = await register('student', index);
  const tutor = await register('teacher', index);
  const {
    rows: [enquiry],
  } = await db.query(
    `INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                            when_to_start, formatted_address, city, state, country, latitude, longitude,
                            coins_required, posted_at, expires_at)
     VALUES ($1, 'Soak maths', 'online', 'Class 10', 'Mathematics', 'English', 500, 'immediately',
             'Sector 14, Gurugram', 'Gurugram', 'Haryana', 'India', 28.47, 77.03, 20, now(),
             now() + interval '30 days')
     RETURNING id`,
    [student.userId],
  );
  const {
    rows: [conversation],
  } = await db.query(
    'INSERT INTO conversations (enquiry_id, tutor_id, student_id) VALUES ($1, $2, $3) RETURNING id',
    [enquiry.id, tutor.userId, student.userId],
  );
  pairs.push({ student, tutor, conversationId: conversation.id });
}

let running = true;
/** temp_id → stored message id, for every message the server acknowledged. */
const acknowledged = new Map();
const sentAt = new Map();
let sent = 0;

function chatLoop(pair, index) {
  let socket = null;
  let counter = 0;
  const open = () => {
    if (!running) return;
    socket = new WebSocket(
      `${topology.wsUrl}/ws/chat/${String(pair.conversationId)}/?token=${pair.student.token}`,
    );
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8'));
      if (frame.type !== 'chat_message' || typeof frame.temp_id !== 'string') return;
      const start = sentAt.get(frame.temp_id);
      if (start === undefined || acknowledged.has(frame.temp_id)) return;
      acknowledged.set(frame.temp_id, frame.id);
      record('chat ack', performance.now() - start);
    });
    socket.on('error', (error) => fail('chat socket', error.message));
    socket.on('close', (code) => {
      if (!running) return;
      if (code !== 1001) fail('chat socket', `closed ${String(code)}`);
      setTimeout(open, RECONNECT_MS);
    });
  };
  open();
  const timer = setInterval(
    () => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      counter += 1;
      const tempId = `p${String(index)}-${String(counter)}`;
      sentAt.set(tempId, performance.now());
      sent += 1;
      socket.send(JSON.stringify({ type: 'chat_message', message: tempId, temp_id: tempId }));
    },
    CHAT_INTERVAL_MS + (index % 10) * 13,
  );
  return () => {
    clearInterval(timer);
    socket?.close(1000);
  };
}

async function feedLoop(offset) {
  let next = offset;
  while (running) {
    const pair = pairs[next % pairs.length];
    next += FEED_CONCURRENCY;
    const start = performance.now();
    try {
      const response = await fetch(`${topology.url}/api/enquiry/teacher/enquiry-filters/`, {
        headers: { authorization: `Bearer ${pair.tutor.token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) fail('feed read', `status ${String(response.status)}`);
      else record('feed read', performance.now() - start);
    } catch (error) {
      fail('feed read', error.message);
    }
  }
}

started = performance.now();
const stops = pairs.map(chatLoop);
const feeds = Array.from({ length: FEED_CONCURRENCY }, (_, offset) => feedLoop(offset));
const [instanceA, instanceB] = topology.instances;
const events = [];
setTimeout(() => {
  events.push(`${String(at())} s: SIGTERM to instance A`);
  void instanceA
    .stop('SIGTERM')
    .then((code) => {
      events.push(`${String(at())} s: instance A exited ${String(code)}`);
      return instanceA.start();
    })
    .then(() => events.push(`${String(at())} s: instance A ready again`));
}, durationMs / 3);
setTimeout(
  () => {
    events.push(`${String(at())} s: kill -9 of instance B`);
    void instanceB
      .stop('SIGKILL')
      .then(() => instanceB.start())
      .then(() => events.push(`${String(at())} s: instance B ready again`));
  },
  (durationMs * 2) / 3,
);
await new Promise((resolve) => setTimeout(resolve, durationMs));
running = false;
await Promise.all(feeds);
// the last acknowledgements
await new Promise((resolve) => setTimeout(resolve, 2000));
for (const stop of stops) stop();

const seconds = (performance.now() - started) / 1000;
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
process.stdout.write(`\nSoak of ${seconds.toFixed(0)} s, ${String(PAIRS)} chat pairs\n`);
for (const event of events) process.stdout.write(`  ${event}\n`);
for (const [kind, values] of samples) {
  const sorted = [...values].sort((a, b) => a - b);
  process.stdout.write(
    `  ${kind.padEnd(10)} ${String(sorted.length).padStart(7)} ok, ${(sorted.length / seconds).toFixed(1)}/s, ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms\n`,
  );
}
const byKind = new Map();
for (const error of errors) {
  const key = `${error.kind}: ${error.reason}`;
  const entry = byKind.get(key) ?? { count: 0, seconds: new Set() };
  entry.count += 1;
  entry.seconds.add(error.second);
  byKind.set(key, entry);
}
process.stdout.write(`  errors: ${String(errors.length)}\n`);
for (const [key, entry] of byKind) {
  process.stdout.write(
    `    ${String(entry.count).padStart(5)} × ${key} (at ${[...entry.seconds].slice(0, 8).join(', ')} s)\n`,
  );
}

// every acknowledged message stored exactly once
const ids = [...acknowledged.values()];
const { rows } = await db.query(
  `SELECT content, count(*)::int AS copies FROM messages
    WHERE conversation_id = ANY($1::bigint[]) GROUP BY content`,
  [pairs.map((pair) => pair.conversationId)],
);
const copies = new Map(rows.map((row) => [row.content, row.copies]));
const lost = [...acknowledged.keys()].filter((tempId) => !copies.has(tempId));
const doubled = rows.filter((row) => row.copies > 1);
process.stdout.write(
  `  chat: ${String(sent)} sent, ${String(ids.length)} acknowledged, ` +
    `${String(lost.length)} acknowledged but not stored, ${String(doubled.length)} stored twice\n`,
);
await db.end();
await topology.close();
const ok = lost.length === 0 && doubled.length === 0;
process.stdout.write(ok ? 'No acknowledged message lost or doubled.\n' : 'LOSS OR DOUBLES FOUND\n');
process.exit(ok ? 0 : 1);
