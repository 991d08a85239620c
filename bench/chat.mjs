// Chat latency, sender → receiver, measured in one run against a bare `ws`
// relay: 1,000 sockets in 500 conversations; every message of the chat server is
// stored in PostgreSQL before it is delivered. Three set-ups, each in processes
// of their own: the bare relay, one instance (in-process pub/sub), and two
// instances through Redis (each conversation's tutor on one, student on the other).
//
//   createdb -h 127.0.0.1 -U postgres bench_chat
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_chat REDIS_URL=redis://127.0.0.1:6379 bench/chat
//
// Options: --conversations 500 --rate 250 (messages a second, all conversations
// together) --seconds 20 --ports 4405,4505 (relay and one instance, then the
// two instances). Prints p50/p99 and the ratios to the bare relay. The verdict
// also counts every message: one the chat server lost or doubled (not
// acknowledged to its sender, not received by the other side, or not stored,
// each exactly once) is a miss, and any miss fails it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

import { readOptions } from './lib/options.mjs';
import { startBuiltServer, startProcess, stopProcess } from './lib/processes.mjs';
import { accessTokenSigner, openSocket } from './lib/socket-client.mjs';
import { percentile } from './lib/stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readOptions({ conversations: 500, rate: 250, seconds: 20, ports: [4405, 4505] });
const CONVERSATIONS = args.conversations;
const RATE = args.rate;
const SECONDS = args.seconds;
const [PORT_A, PORT_B] = args.ports;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_chat';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = `bench-secret-${randomUUID()}`;
const WARMUP_SECONDS = 2;

function startServer(port, { redis }) {
  return startBuiltServer({
    PORT: String(port),
    DATABASE_URL,
    ...(redis ? { REDIS_URL } : { REDIS_URL: '' }),
    JWT_SECRET,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-')),
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
  });
}

function startRelay(port) {
  return startProcess([path.join(root, 'bench/chat-relay.mjs'), String(port)], {}, 'relay ready');
}

/** Users, enquiries and conversations for the run, straight in the database. */
async function seed() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const run = randomUUID().slice(0, 8);
  const users = await db.query(
    `INSERT INTO users (email, password_hash, full_name, role)
     SELECT 'bench-' || $1 || '-' || g || '@example.in', 'x', 'Bench ' || g,
            CASE WHEN g % 2 = 0 THEN 'teacher' ELSE 'student' END
       FROM generate_series(0, $2 * 2 - 1) AS g
     RETURNING id, email, full_name, role`,
    [run, CONVERSATIONS],
  );
  const tutors = users.rows.filter((u) => u.role === 'teacher');
  const students = users.rows.filter((u) => u.role === 'student');
  const pairs = [];
  for (let i = 0; i < CONVERSATIONS; i += 1) {
    const tutor = tutors[i];
    const student = students[i];
    const enquiry = await db.query(
      `INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                              when_to_start, formatted_address, latitude, longitude, coins_required,
                              posted_at, expires_at)
       VALUES ($1, 'Bench enquiry', 'online', 'Class 10', 'Mathematics', 'English', 500,
               'immediately', 'Bench', 28.5, 77.0, 20, now(), now() + interval '30 days')
       RETURNING id`,
      [student.id],
    );
    const conversation = await db.query(
      `INSERT INTO conversations (enquiry_id, tutor_id, student_id) VALUES ($1, $2, $3) RETURNING id`,
      [enquiry.rows[0].id, tutor.id, student.id],
    );
    pairs.push({ id: conversation.rows[0].id, tutor, student });
  }
  await db.end();
  return pairs;
}

const tokenFor = accessTokenSigner(JWT_SECRET);

/**
 * Opens both sockets of every conversation (tutor on `urlA`, student on
 * `urlB`), then sends RATE messages a second, spread evenly over the
 * conversations and alternating sides, and records when the other side gets
 * each one and, from a chat server, the sender's own copy (its acknowledgement).
 * Each message's text is `bench {tag} {n}` and its temp id n, so every copy
 * and every stored row is traced to the message sent.
 */
async function measure(name, tag, pairs, socketUrl) {
  const latencies = [];
  const sentAt = new Map();
  const delivered = new Map();
  const acknowledged = new Map();
  let errors = 0;
  let measuring = false;
  const sockets = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = pairs.slice(i, i + 50);
    const opened = await Promise.all(
      batch.map(async (pair) => {
        const [tutorToken, studentToken] = await Promise.all([
          tokenFor(pair.tutor),
          tokenFor(pair.student),
        ]);
        const tutor = await openSocket(socketUrl(pair, 'tutor', tutorToken));
        const student = await openSocket(socketUrl(pair, 'student', studentToken));
        return { tutor, student, pair };
      }),
    );
    sockets.push(...opened);
  }
  const bump = (counts, n) => counts.set(n, (counts.get(n) ?? 0) + 1);
  for (const { tutor, student, pair } of sockets) {
    for (const [socket, own] of [
      [tutor, pair.tutor.id],
      [student, pair.student.id],
    ]) {
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'error') {
          errors += 1;
          return;
        }
        if (frame.type !== 'chat_message') return;
        const n = Number(frame.temp_id);
        if (frame.sender_id === own) {
          bump(acknowledged, n);
          return;
        }
        bump(delivered, n);
        if (measuring) latencies.push(performance.now() - sentAt.get(n));
      });
    }
  }

  const interval = 1000 / RATE;
  const total = Math.round(RATE * (SECONDS + WARMUP_SECONDS));
  const start = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = start + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    measuring = n >= RATE * WARMUP_SECONDS;
    const entry = sockets[n % sockets.length];
    const fromTutor = Math.floor(n / sockets.length) % 2 === 0;
    const socket = fromTutor ? entry.tutor : entry.student;
    sentAt.set(n, performance.now());
    socket.send(
      JSON.stringify({ type: 'chat_message', message: `bench ${tag} ${String(n)}`, temp_id: n }),
    );
  }
  // late copies still count: wait until every message is in or 5 s have passed
  const settled = performance.now() + 5000;
  while (delivered.size < total && performance.now() < settled)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const { tutor, student } of sockets) {
    tutor.close();
    student.close();
  }
  latencies.sort((a, b) => a - b);
  const result = {
    name,
    tag,
    sockets: sockets.length * 2,
    sent: total,
    delivered,
    acknowledged,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
  process.stdout.write(
    `${name.padEnd(28)} sockets ${String(result.sockets)}  sent ${String(total)}  received ${String(delivered.size)}  errors ${String(errors)}  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms\n`,
  );
  return result;
}

/** How many times each message of the run tagged `tag` is stored, by its number. */
async function storedCopies(ids, tag) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(
    `SELECT content, count(*)::int AS copies FROM messages
      WHERE conversation_id = ANY($1::int[]) AND content LIKE $2 GROUP BY content`,
    [ids, `bench ${tag} %`],
  );
  await db.end();
  return new Map(rows.map((row) => [Number(row.content.split(' ')[2]), row.copies]));
}

/**
 * The messages a chat server lost or doubled: every message sent must be
 * acknowledged to its sender once, delivered to the other side once and stored
 * once. Prints the counts; answers the misses.
 */
async function countMisses(result, stored) {
  let missed = 0;
  for (let n = 0; n < result.sent; n += 1) {
    const once = [result.acknowledged, result.delivered, stored].every(
      (copies) => copies.get(n) === 1,
    );
    if (!once) missed += 1;
  }
  const total = (copies) => [...copies.values()].reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    `${result.name.padEnd(28)} sent ${String(result.sent)}  acknowledged ${String(total(result.acknowledged))}  received ${String(total(result.delivered))}  stored ${String(total(stored))}  missed ${String(missed)}\n`,
  );
  return missed;
}

async function main() {
  // the servers run as `npm start` runs them: the built bundle
  buildIfStale();
  process.stdout.write(
    `bench/chat: ${String(CONVERSATIONS)} conversations, ${String(CONVERSATIONS * 2)} sockets, ${String(RATE)} messages/s for ${String(SECONDS)} s (after ${String(WARMUP_SECONDS)} s warm-up)\n`,
  );
  // the first instance migrates the database before anything is seeded
  // two ports serve the whole run: relay and one instance, then the two instances
  const relayPort = PORT_A;
  const onePort = PORT_B;
  const twoPorts = [PORT_A, PORT_B];
  const relayProcess = await startRelay(relayPort);
  const one = await startServer(onePort, { redis: false });
  const pairs = await seed();
  const ids = pairs.map((pair) => pair.id);

  const relay = await measure(
    'bare ws relay',
    'relay',
    pairs,
    (pair, side) => `ws://127.0.0.1:${String(relayPort)}/${String(pair.id)}?side=${side}`,
  );
  const single = await measure(
    'one instance',
    'one',
    pairs,
    (pair, _side, token) =>
      `ws://127.0.0.1:${String(onePort)}/ws/chat/${String(pair.id)}/?token=${token}`,
  );
  await Promise.all([stopProcess(one), stopProcess(relayProcess)]);
  await startServer(twoPorts[0], { redis: true });
  await startServer(twoPorts[1], { redis: true });
  const double = await measure(
    'two instances via Redis',
    'two',
    pairs,
    (pair, side, token) =>
      `ws://127.0.0.1:${String(side === 'tutor' ? twoPorts[0] : twoPorts[1])}/ws/chat/${String(pair.id)}/?token=${token}`,
  );
  process.stdout.write('every message acknowledged, received and stored exactly once:\n');
  const missed =
    (await countMisses(single, await storedCopies(ids, single.tag))) +
    (await countMisses(double, await storedCopies(ids, double.tag)));
  process.stdout.write(
    `p99 ratio to the bare relay: one instance ${(single.p99 / relay.p99).toFixed(1)}x, two instances ${(double.p99 / relay.p99).toFixed(1)}x\n` +
      `p50 ratio to the bare relay: one instance ${(single.p50 / relay.p50).toFixed(1)}x, two instances ${(double.p50 / relay.p50).toFixed(1)}x\n`,
  );
  const fast = single.p99 < 5 && double.p99 < 6;
  const ok = fast && single.errors === 0 && double.errors === 0 && missed === 0;
  process.stdout.write(
    `target p99 < 5 ms (one) and < 6 ms (two) ${fast ? 'met' : 'NOT MET'}; errors ${String(single.errors + double.errors)}, messages missed ${String(missed)}: ${ok ? 'met' : 'NOT MET'}\n`,
  );
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? String(error)}\n`);
  process.exit(1);
});
