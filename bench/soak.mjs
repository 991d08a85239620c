// Soak: the reference topology (nginx in front of two instances on one
// PostgreSQL and one Redis, deploy/topology.mjs) under what a city's users do,
// while its instances are restarted: at 30 % of the run instance A is stopped
// (SIGTERM) and started again, at 60 % instance B is killed (kill -9) and
// started again.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//     SOAK_MINUTES=3 SOAK_PAIRS=200 node bench/soak.mjs
//
// The load, each kind at a steady rate (requests per second, whatever the
// answers take; at most SOAK_MAX_IN_FLIGHT of a kind at once, the rest counted
// as skipped):
//   feed read    GET of a tutor's feed, each read by the next of SOAK_TUTORS
//                tutors (none repeated within the feed cache's 30 s)   SOAK_FEED_RATE
//   feed filter  POST of the feed with filters, the same way           SOAK_FILTER_RATE
//   post         a student posts an enquiry (at most 3 each)           SOAK_POST_RATE
//   contact      a verified tutor spends coins to reach a poster       SOAK_CONTACT_RATE
//   payment      create-order, the customer pays at the Razorpay peer,
//                then verify-payment and the signed webhook (in either
//                order or together; a refused webhook is sent again,
//                as Razorpay does)                                      SOAK_PAYMENT_RATE
//   chat         SOAK_PAIRS student–tutor pairs, both connected through
//                nginx; each pair writes every SOAK_CHAT_SECONDS, the
//                sides in turn; a socket that closes reconnects and
//                reads what it missed (`?after=`)
// Users are seeded straight into the database and their access tokens signed
// here (renewed before they expire, on the sockets too).
//
// Reports throughput, p50/p99 per kind, errors by kind with when they
// happened, then checks: every acknowledged message stored exactly once and
// delivered to the other side; every payment captured at the peer credited
// exactly once; every touched tutor's balance equal to their ledger. Targets:
// none lost or doubled; errors only for requests in flight on the killed
// instance; p99 of feed reads < 100 ms outside the restart windows (from the
// signal to 5 s after the instance is ready again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'ws';

import { startTopology } from '../deploy/topology.mjs';

const number = (name, fallback) => Number(process.env[name] ?? String(fallback));
const MINUTES = number('SOAK_MINUTES', 10);
const PAIRS = number('SOAK_PAIRS', 500);
const TUTORS = Math.max(number('SOAK_TUTORS', 2000), PAIRS);
const RATES = {
  'feed read': number('SOAK_FEED_RATE', 30),
  'feed filter': number('SOAK_FILTER_RATE', 10),
  post: number('SOAK_POST_RATE', 1),
  contact: number('SOAK_CONTACT_RATE', 1),
  payment: number('SOAK_PAYMENT_RATE', 0.5),
};
const CHAT_SECONDS = number('SOAK_CHAT_SECONDS', 10);
const MAX_IN_FLIGHT = number('SOAK_MAX_IN_FLIGHT', 100);
const durationMs = MINUTES * 60_000;
const WINDOW_TAIL_MS = 5000;
const FEED_P99_TARGET_MS = 100;
const JWT_SECRET = 'soak-secret-at-least-16-characters';
/** How long a stopping instance keeps answering (each connection closed after its answer). */
const DRAIN_DELAY_MS = number('SOAK_DRAIN_DELAY_MS', 2000);
/** Access tokens live 5 minutes: renewed after 3, so a slow answer still finds its token valid. */
const TOKEN_RENEW_MS = 3 * 60_000;
const SEEDED_ENQUIRIES_PER_STUDENT = 3;
const STARTING_COINS = 1000;
/** A refused webhook is sent again after 0.5, 1, 2, 4, then every 8 s: about a minute in all. */
const WEBHOOK_TRIES = 12;
/** A client reading what it missed tries again, a second longer each time (5 s at most). */
const CATCH_UP_TRIES = 10;
const CITY = { city: 'Bengaluru', state: 'Karnataka', lat: 12.97, lng: 77.59 };

const { signAccessToken } = await tsImport('../apps/server/src/lib/jwt.ts', import.meta.url);
const { LIVE_ENQUIRIES_RESYNC_MS } = await tsImport(
  '../apps/server/src/modules/enquiries/live-enquiries.ts',
  import.meta.url,
);
const { startRazorpayPeer } = await tsImport(
  '../apps/server/test/peers/razorpay-peer.ts',
  import.meta.url,
);
const { CLASS_LEVELS } = await tsImport(
  '../packages/shared/src/catalogues/classes.ts',
  import.meta.url,
);
const { SUBJECTS } = await tsImport(
  '../packages/shared/src/catalogues/subjects.ts',
  import.meta.url,
);
const { coinsRequiredFor } = await tsImport('../packages/shared/src/enquiries.ts', import.meta.url);

// a deterministic generator, so two runs seed the same data
let seed = 7;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = (items) => items[Math.floor(random() * items.length)];
const CLASSES = CLASS_LEVELS.slice(6, 14);
const COMMON_SUBJECTS = SUBJECTS.slice(0, 8);

// ---------------------------------------------------------------------------
// The topology, with the Razorpay peer as the payment provider

const peer = await startRazorpayPeer();
const topology = await startTopology({
  env: { ...peer.env, JWT_SECRET, LOG_LEVEL: 'info', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) },
});
const db = new pg.Client({ connectionString: topology.databaseUrl });
await db.connect();

// ---------------------------------------------------------------------------
// Seeding, straight into the database

const posterCount = Math.ceil((RATES.post * durationMs) / 1000 / 3) + 5;
const seededStudents = Math.ceil(
  Math.max(3000, (RATES.contact * durationMs) / 1000 + 100) / SEEDED_ENQUIRIES_PER_STUDENT,
);
process.stdout.write(
  `Seeding ${String(TUTORS)} tutors, ${String(PAIRS)} chat students, ${String(seededStudents)} ` +
    `students with enquiries and ${String(posterCount)} who post, on ${topology.url}…\n`,
);
const seedStarted = performance.now();

/** Each kind of seeded user has phone numbers of its own. */
const PHONE_BLOCKS = { tutor: 0, pair: 100_000, seed: 200_000, poster: 300_000 };

/** Inserts users of one role, each with a home address; answers them in order. */
async function insertUsers(role, label, count) {
  const { rows } = await db.query(
    `INSERT INTO users (email, password_hash, full_name, role, is_email_verified,
                        is_phone_verified, phone_country_code, phone_number, profile_completed_at)
     SELECT 'soak.' || $2 || '.' || i || '@example.in', 'not-a-password-hash',
            'Soak ' || initcap($2) || ' ' || i, $1, true, true, '+91',
            (9000000000 + i + $4)::text, now()
       FROM generate_series(1, $3) AS i
     RETURNING id, email, full_name, role`,
    [role, label, count, PHONE_BLOCKS[label]],
  );
  await db.query(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, state, country,
                                 latitude, longitude, is_primary, slot)
     SELECT id, 'soak-' || id, $2, $3, $4, 'India', $5 + (id % 100) * 0.001,
            $6 + (id % 37) * 0.001, true, 1
       FROM users WHERE id = ANY($1::int[])`,
    [
      rows.map((row) => row.id),
      `${CITY.city}, ${CITY.state}, India`,
      CITY.city,
      CITY.state,
      CITY.lat,
      CITY.lng,
    ],
  );
  const { rows: addresses } = await db.query(
    'SELECT user_id, id FROM user_addresses WHERE user_id = ANY($1::int[])',
    [rows.map((row) => row.id)],
  );
  const addressOf = new Map(addresses.map((row) => [row.user_id, row.id]));
  return rows.map((row) => ({ ...row, addressId: addressOf.get(row.id) }));
}

const tutors = await insertUsers('teacher', 'tutor', TUTORS);
const pairStudents = await insertUsers('student', 'pair', PAIRS);
const seedStudents = await insertUsers('student', 'seed', seededStudents);
const posters = await insertUsers('student', 'poster', posterCount);

// tutors: a profile that matches the enquiries, documents approved, coins granted
const profileRows = tutors.map((tutor) => {
  const from = Math.floor(random() * (CLASSES.length - 3));
  return [
    tutor.id,
    CLASSES.slice(from, from + 4),
    [pick(COMMON_SUBJECTS), pick(COMMON_SUBJECTS)],
    random() < 0.3 ? 'online' : 'offline',
  ];
});
await db.query(
  `INSERT INTO profiles (user_id, interested_classes, subjects, requirement, boards, languages_known,
                         id_proof_key, qualification_proof_key, is_doc_verified, verification_status)
   SELECT user_id, string_to_array(classes, '|'), string_to_array(subjects, '|'), requirement,
          '{CBSE}', '{English}', 'soak/id.pdf', 'soak/qualification.pdf', true, 'approved'
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
            AS t (user_id, classes, subjects, requirement)`,
  [
    profileRows.map((row) => row[0]),
    profileRows.map((row) => row[1].join('|')),
    profileRows.map((row) => row[2].join('|')),
    profileRows.map((row) => row[3]),
  ],
);
await db.query(
  `WITH lots AS (
     INSERT INTO coin_lots (user_id, source, coins, remaining, expires_at, created_at)
     SELECT id, 'grant', $2, $2, now() + interval '90 days', now() FROM unnest($1::int[]) AS id
     RETURNING id, user_id)
   INSERT INTO coin_ledger (user_id, kind, coins, balance_after, reason, lot_id, created_at)
   SELECT user_id, 'credit', $2, $2, 'Soak grant', id, now() FROM lots`,
  [tutors.map((tutor) => tutor.id), STARTING_COINS],
);

/** Inserts enquiries posted by `students` (one row each); answers their ids in order. */
async function insertEnquiries(students) {
  const rows = students.map((student) => {
    const classLevel = pick(CLASSES);
    const budget = 300 + Math.floor(random() * 900);
    return [
      student.id,
      student.addressId,
      classLevel,
      pick(COMMON_SUBJECTS),
      random() < 0.5 ? 'offline' : 'online',
      budget,
      coinsRequiredFor(classLevel, budget),
    ];
  });
  const column = (index) => rows.map((row) => row[index]);
  const { rows: inserted } = await db.query(
    `INSERT INTO enquiries (student_id, address_id, name, study_mode, board, class_level, subject,
                            language, user_budget, when_to_start, formatted_address, city, state,
                            country, latitude, longitude, coins_required, posted_at, expires_at)
     SELECT t.student_id, t.address_id, 'Tuition for ' || t.class_level, t.study_mode, 'CBSE',
            t.class_level, t.subject, 'English', t.budget, 'immediately', a.formatted_address,
            a.city, a.state, a.country, a.latitude, a.longitude, t.coins, now(),
            now() + interval '30 days'
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
              WITH ORDINALITY AS t (student_id, address_id, class_level, subject, study_mode,
                                    budget, coins, n)
       JOIN user_addresses a ON a.id = t.address_id
      ORDER BY t.n
     RETURNING id`,
    [0, 1, 2, 3, 4, 5, 6].map(column),
  );
  return inserted.map((row) => row.id);
}

const contactable = await insertEnquiries(
  Array.from({ length: SEEDED_ENQUIRIES_PER_STUDENT }, () => seedStudents).flat(),
);
const pairEnquiries = await insertEnquiries(pairStudents);
const { rows: conversations } = await db.query(
  `INSERT INTO conversations (enquiry_id, tutor_id, student_id)
   SELECT e, tu, s FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS t (e, tu, s, n)
   ORDER BY n
   RETURNING id`,
  [pairEnquiries, pairStudents.map((_, index) => tutors[index].id), pairStudents.map((s) => s.id)],
);
// as autovacuum keeps a running city's tables: statistics, and the visibility map the
// feed's index-only scans rely on (without it each candidate's row is read too)
const { rows: seededTables } = await db.query(
  'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
);
await db.query(
  `VACUUM (ANALYZE) ${seededTables.map((table) => `"${table.tablename}"`).join(', ')}`,
);
const {
  rows: [silver],
} = await db.query("SELECT id, coins FROM plans WHERE name = 'silver'");
process.stdout.write(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);
// the instances rank feeds from the live enquiries they keep; what was written
// behind them reaches those at their next full load (decision 058)
process.stdout.write('Waiting for the instances to load the seeded enquiries…\n');
await new Promise((resolve) => setTimeout(resolve, LIVE_ENQUIRIES_RESYNC_MS + 2000));

// ---------------------------------------------------------------------------
// Access tokens, signed here and renewed before they expire

const tokens = new Map();
async function tokenOf(user) {
  const held = tokens.get(user.id);
  if (held && performance.now() - held.at < TOKEN_RENEW_MS) return held.token;
  const token = await signAccessToken(
    JWT_SECRET,
    {
      user_id: user.id,
      username: `soak${String(user.id)}`,
      email: user.email,
      full_name: user.full_name,
      avatar: null,
      role: user.role,
      coins: 0,
    },
    new Date(),
  );
  tokens.set(user.id, { token, at: performance.now() });
  return token;
}

// ---------------------------------------------------------------------------
// Recording

let started = performance.now();
const now = () => performance.now() - started;
const seconds = (ms) => (ms / 1000).toFixed(1);
/** kind → [{ at, ms }] of the answers that succeeded. */
const samples = new Map();
/** { kind, reason, start, end, requestId } */
const errors = [];
const skipped = new Map();
const events = [];
const windows = [];
const emptyFeeds = { count: 0 };
let requestCounter = 0;

function record(kind, start, ms) {
  if (!samples.has(kind)) samples.set(kind, []);
  samples.get(kind).push({ at: start, ms });
}

function fail(kind, reason, start, requestId = null) {
  errors.push({
    kind,
    reason: String(reason).slice(0, 100),
    start,
    end: now(),
    requestId,
  });
}

/**
 * One API call through nginx, with a request id of its own (nginx logs it
 * with the instance that answered). Records its time, or an error of `kind`
 * for a network failure or a status other than `expect`. Answers the JSON
 * body, or null when it failed.
 */
async function call(kind, method, url, { token, body, headers = {}, expect = 200 } = {}) {
  requestCounter += 1;
  const requestId = `soak-${String(requestCounter)}`;
  const start = now();
  try {
    const response = await fetch(`${topology.url}${url}`, {
      method,
      headers: {
        'x-request-id': requestId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status !== expect) {
      // nginx's own pages say what went wrong in their title; ours in `detail`
      const said = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? text.slice(0, 60);
      fail(kind, `status ${String(response.status)} ${said}`, start, requestId);
      return null;
    }
    record(kind, start, now() - start);
    return text ? JSON.parse(text) : {};
  } catch (error) {
    fail(kind, error.cause?.code ?? error.message, start, requestId);
    return null;
  }
}

let running = true;
/** Runs `task` `rate` times a second while the soak runs, at most MAX_IN_FLIGHT at once. */
function steady(kind, rate, task) {
  if (rate <= 0) return { done: Promise.resolve() };
  const everyMs = 1000 / rate;
  const inFlight = new Set();
  let count = 0;
  const first = now();
  const done = new Promise((resolve) => {
    const tick = () => {
      if (!running) {
        void Promise.allSettled([...inFlight]).then(resolve);
        return;
      }
      if (inFlight.size >= MAX_IN_FLIGHT) {
        skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
      } else {
        const promise = task(count).finally(() => inFlight.delete(promise));
        inFlight.add(promise);
      }
      count += 1;
      setTimeout(tick, Math.max(0, first + count * everyMs - now()));
    };
    tick();
  });
  return { done };
}

// ---------------------------------------------------------------------------
// What users do

const FILTER_BODIES = COMMON_SUBJECTS.map((subject, index) => ({
  filters: {
    classes: CLASSES.slice(index % 4, (index % 4) + 3),
    subjects: [subject],
    requirements: index % 2 === 0 ? ['offline'] : [],
    enquiry_types: [],
  },
}));

async function feedRead(n) {
  const tutor = tutors[n % tutors.length];
  const answer = await call('feed read', 'GET', '/api/enquiry/teacher/enquiry-filters/', {
    token: await tokenOf(tutor),
  });
  if (answer && answer.results.enquiries.length === 0) emptyFeeds.count += 1;
}

async function feedFilter(n) {
  // the other end of the tutors: a reader of the plain feed is not also filtering
  const tutor = tutors[tutors.length - 1 - (n % tutors.length)];
  await call('feed filter', 'POST', '/api/enquiry/teacher/enquiry-filters/', {
    token: await tokenOf(tutor),
    body: FILTER_BODIES[n % FILTER_BODIES.length],
  });
}

async function post(n) {
  const student = posters[n % posters.length];
  await call('post', 'POST', '/api/enquiry/enquiries/', {
    token: await tokenOf(student),
    expect: 201,
    // what the form sends that matters here; the custom fields are left out (empty)
    body: {
      class_level: CLASSES[n % CLASSES.length],
      subject: COMMON_SUBJECTS[n % COMMON_SUBJECTS.length],
      study_mode: n % 2 === 0 ? 'offline' : 'online',
      board: 'CBSE',
      user_budget: 400 + (n % 10) * 50,
      language: 'English',
      when_to_start: 'immediately',
      name: `Tuition ${String(n)}`,
      address: student.addressId,
    },
  });
}

/** Tutors whose coins moved (contacts and payments): their ledgers are checked. */
const touchedTutors = new Set();
const contactsMade = [];

async function contact(n) {
  const enquiryId = contactable[n % contactable.length];
  const tutor = tutors[(n * 7) % tutors.length];
  touchedTutors.add(tutor.id);
  const answer = await call('contact', 'POST', `/api/enquiry/${String(enquiryId)}/send-message/`, {
    token: await tokenOf(tutor),
    body: { price_quote: 500, price_type: 'Hourly', message: 'I teach this every week.' },
  });
  if (answer) contactsMade.push({ enquiryId, tutorId: tutor.id, coins: answer.coins_spent });
}

/** provider payment id → { tutorId, orderId } for every payment captured at the peer. */
const captured = new Map();
const webhooksPending = new Set();

/** The signed `payment.captured` delivery, sent again with backoff until it is taken (as Razorpay does). */
async function deliverWebhook(paymentId) {
  const { body, signature } = peer.capturedEvent(paymentId);
  for (let attempt = 0; attempt < WEBHOOK_TRIES; attempt += 1) {
    const answer = await call('payment webhook', 'POST', '/api/payments/razorpay/webhook/', {
      body,
      headers: { 'x-razorpay-signature': signature },
    });
    if (answer) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(8000, 500 * 2 ** attempt)));
  }
}

async function payment(n) {
  const tutor = tutors[(n * 11 + 3) % tutors.length];
  touchedTutors.add(tutor.id);
  const token = await tokenOf(tutor);
  const order = await call('payment order', 'POST', '/api/payments/create-order/', {
    token,
    body: { plan_id: silver.id },
  });
  if (!order) return;
  const checkout = peer.pay(order.order_id);
  captured.set(checkout.razorpay_payment_id, { tutorId: tutor.id, orderId: order.order_id });
  const verify = () =>
    call('payment verify', 'POST', '/api/payments/verify-payment/', {
      token,
      body: { ...checkout, plan_id: silver.id, redemption_id: null },
    });
  const webhook = () => {
    const delivery = deliverWebhook(checkout.razorpay_payment_id);
    webhooksPending.add(delivery);
    return delivery.finally(() => webhooksPending.delete(delivery));
  };
  // the browser's proof and the provider's webhook race in every order
  if (n % 3 === 0) {
    await verify();
    void webhook();
  } else if (n % 3 === 1) {
    await webhook();
    await verify();
  } else {
    await Promise.all([verify(), webhook()]);
  }
}

// ---------------------------------------------------------------------------
// Chat: both sides of every pair connected through nginx

/** content → { sender, ackAt } of every message the server acknowledged. */
const acknowledged = new Map();
/** content → 'live' | 'catch-up' for every message the other side received. */
const delivered = new Map();
const socketCloses = [];
let chatSent = 0;
const sides = [];

function openSide(side) {
  if (!running) return;
  void tokenOf(side.user).then((token) => {
    const socket = new WebSocket(
      `${topology.wsUrl}/ws/chat/${String(side.conversationId)}/?token=${token}`,
    );
    side.socket = socket;
    const opening = now();
    let opened = false;
    socket.on('open', () => {
      opened = true;
      side.tokenAt = tokens.get(side.user.id).at;
      if (side.connections > 0) void catchUp(side);
      side.connections += 1;
      side.openedAt = now();
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString('utf8'));
      if (frame.type !== 'chat_message') return;
      side.lastSeenId = Math.max(side.lastSeenId, frame.id);
      if (frame.sender_id === side.user.id) {
        const sent = side.unacknowledged.get(frame.message);
        if (sent === undefined) return;
        side.unacknowledged.delete(frame.message);
        acknowledged.set(frame.message, { sender: side.user.id, ackAt: now() });
        record('chat ack', sent, now() - sent);
      } else if (!delivered.has(frame.message)) {
        delivered.set(frame.message, 'live');
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      side.socket = null;
      if (!running) return;
      if (opened) socketCloses.push({ code, at: now() });
      else fail('chat connect', `closed ${String(code)} before open`, opening);
      // the messages still waiting for their acknowledgement were in flight on the lost socket
      for (const [content, sentAt] of side.unacknowledged) side.lost.set(content, sentAt);
      side.unacknowledged.clear();
      setTimeout(() => openSide(side), 500 + Math.floor(random() * 1500));
    });
  });
}

/** After a reconnect: what the other side wrote meanwhile, read through the API (tried again on a failure). */
async function catchUp(side) {
  for (let failures = 0; failures < CATCH_UP_TRIES;) {
    const page = await call(
      'chat catch-up',
      'GET',
      `/api/chat/conversations/${String(side.conversationId)}/messages/?after=${String(side.lastSeenId)}&page_size=50`,
      { token: await tokenOf(side.user) },
    );
    if (!page) {
      failures += 1;
      if (failures === CATCH_UP_TRIES) side.catchUpGaveUp = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 1000 * failures)));
      continue;
    }
    for (const message of page.results) {
      side.lastSeenId = Math.max(side.lastSeenId, message.id);
      if (message.sender.id !== side.user.id && !delivered.has(message.content)) {
        delivered.set(message.content, 'catch-up');
      }
    }
    if (page.results.length < 50) return;
  }
}

for (const [index, conversation] of conversations.entries()) {
  for (const user of [pairStudents[index], tutors[index]]) {
    sides.push({
      user,
      pair: index,
      conversationId: conversation.id,
      socket: null,
      connections: 0,
      openedAt: 0,
      catchUpGaveUp: false,
      lastSeenId: 0,
      tokenAt: 0,
      counter: 0,
      unacknowledged: new Map(),
      lost: new Map(),
    });
  }
}

function chatTurn(side) {
  const socket = side.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  side.counter += 1;
  const content = `p${String(side.pair)}-${side.user.role[0]}${String(side.counter)}`;
  side.unacknowledged.set(content, now());
  chatSent += 1;
  socket.send(JSON.stringify({ type: 'chat_message', message: content, temp_id: content }));
}

/** Renews the token of every open socket before it expires (the `auth` frame). */
async function renewSocketTokens() {
  for (const side of sides) {
    const socket = side.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) continue;
    if (performance.now() - side.tokenAt < TOKEN_RENEW_MS) continue;
    side.tokenAt = performance.now();
    socket.send(JSON.stringify({ type: 'auth', token: await tokenOf(side.user) }));
  }
}

// ---------------------------------------------------------------------------
// The run

process.stdout.write(`Connecting ${String(sides.length)} chat sockets…\n`);
for (let index = 0; index < sides.length; index += 50) {
  sides.slice(index, index + 50).forEach(openSide);
  await new Promise((resolve) => setTimeout(resolve, 200));
}
for (let waited = 0; waited < 30_000; waited += 250) {
  if (sides.every((side) => side.connections > 0)) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const connected = sides.filter((side) => side.connections > 0).length;
process.stdout.write(
  `${String(connected)} of ${String(sides.length)} sockets open; running ${String(MINUTES)} min…\n`,
);
errors.length = 0;
samples.clear();
started = performance.now();

const loads = [
  steady('feed read', RATES['feed read'], feedRead),
  steady('feed filter', RATES['feed filter'], feedFilter),
  steady('post', RATES.post, post),
  steady('contact', RATES.contact, contact),
  steady('payment', RATES.payment, payment),
];
const chatTimers = sides.map((side, index) =>
  setTimeout(
    () => {
      chatTurn(side);
      side.timer = setInterval(() => chatTurn(side), CHAT_SECONDS * 1000);
    },
    // the two sides of a pair take turns: the tutor half a period after the student
    (index % 2) * (CHAT_SECONDS * 500) + ((index >> 1) % 100) * (CHAT_SECONDS * 5),
  ),
);
const renewer = setInterval(() => void renewSocketTokens(), 15_000);

const [instanceA, instanceB] = topology.instances;
const note = (text) => {
  events.push({ at: now(), text });
  process.stdout.write(`  ${seconds(now())} s: ${text}\n`);
};
const loads1m = [os.loadavg()[0]];
const progress = setInterval(() => {
  loads1m.push(os.loadavg()[0]);
  const open = sides.filter((side) => side.socket?.readyState === WebSocket.OPEN).length;
  process.stdout.write(
    `  ${seconds(now())} s: ${String(errors.length)} errors, ${String(open)} sockets open, ` +
      `${String(acknowledged.size)} messages acknowledged\n`,
  );
}, 30_000);

async function restart(instance, signal, label) {
  const window = { label, from: now(), to: Infinity, instance };
  windows.push(window);
  note(`${signal === 'SIGKILL' ? 'kill -9 of' : 'SIGTERM to'} instance ${instance.name}`);
  const code = await instance.stop(signal);
  window.gone = now();
  note(`instance ${instance.name} gone (exit ${String(code)})`);
  await instance.start();
  window.ready = now();
  window.to = now() + WINDOW_TAIL_MS;
  note(`instance ${instance.name} ready again`);
}

const restarts = [
  new Promise((resolve) => setTimeout(resolve, durationMs * 0.3)).then(() =>
    restart(instanceA, 'SIGTERM', 'restart of A'),
  ),
  new Promise((resolve) => setTimeout(resolve, durationMs * 0.6)).then(() =>
    restart(instanceB, 'SIGKILL', 'kill of B'),
  ),
];
await new Promise((resolve) => setTimeout(resolve, durationMs));
running = false;
const runMs = now();
chatTimers.forEach(clearTimeout);
for (const side of sides) clearInterval(side.timer);
clearInterval(renewer);
clearInterval(progress);
await Promise.all(loads.map((load) => load.done));
await Promise.all(restarts);
// the last acknowledgements and deliveries, then the webhooks Razorpay would still be retrying
await new Promise((resolve) => setTimeout(resolve, 3000));
const webhookDeadline = Date.now() + 60_000;
while (webhooksPending.size > 0 && Date.now() < webhookDeadline) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}
for (const side of sides) side.socket?.close(1000);

// ---------------------------------------------------------------------------
// The report

const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const inWindow = (at) => windows.some((window) => at >= window.from && at <= window.to);
const fmt = (value) => (Number.isNaN(value) ? '-' : value.toFixed(1));

out();
out(
  `Soak of ${seconds(runMs)} s: ${String(PAIRS)} chat pairs (${String(sides.length)} sockets), ` +
    `${String(TUTORS)} tutors reading, rates ${Object.entries(RATES)
      .map(([kind, rate]) => `${kind} ${String(rate)}/s`)
      .join(', ')}, a chat message every ${String(CHAT_SECONDS)} s per pair`,
);
for (const event of events) out(`  ${seconds(event.at)} s: ${event.text}`);
for (const window of windows) {
  out(
    `  window "${window.label}": ${seconds(window.from)}–${seconds(window.to)} s ` +
      `(the signal to 5 s after ready)`,
  );
}
out();
out('  kind             ok    per s   p50 ms   p99 ms   p99 outside windows   errors  skipped');
for (const kind of [
  'feed read',
  'feed filter',
  'post',
  'contact',
  'payment order',
  'payment verify',
  'payment webhook',
  'chat ack',
  'chat catch-up',
]) {
  const all = samples.get(kind) ?? [];
  const sorted = all.map((sample) => sample.ms).sort((a, b) => a - b);
  const outside = all
    .filter((sample) => !inWindow(sample.at))
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const errorCount = errors.filter((error) => error.kind === kind).length;
  out(
    `  ${kind.padEnd(15)} ${String(all.length).padStart(6)} ${(all.length / (runMs / 1000))
      .toFixed(1)
      .padStart(8)} ${fmt(percentile(sorted, 50)).padStart(8)} ${fmt(
      percentile(sorted, 99),
    ).padStart(
      8,
    )} ${fmt(percentile(outside, 99)).padStart(21)} ${String(errorCount).padStart(8)} ${String(
      skipped.get(kind === 'payment order' ? 'payment' : kind) ?? 0,
    ).padStart(8)}`,
  );
}
out(`  feed reads with an empty feed: ${String(emptyFeeds.count)}`);
// when the slow feed reads outside the windows came, by half minute of the run
const slowFeedBy = new Map();
for (const sample of [...(samples.get('feed read') ?? []), ...(samples.get('feed filter') ?? [])]) {
  if (inWindow(sample.at) || sample.ms < FEED_P99_TARGET_MS) continue;
  const from = Math.floor(sample.at / 30_000) * 30;
  slowFeedBy.set(from, (slowFeedBy.get(from) ?? 0) + 1);
}
out(
  `  feed reads of ${String(FEED_P99_TARGET_MS)} ms or more outside the windows, by half minute: ${
    [...slowFeedBy]
      .sort(([a], [b]) => a - b)
      .map(([from, count]) => `${String(from)}–${String(from + 30)} s: ${String(count)}`)
      .join(', ') || 'none'
  }`,
);

// which instance each failed request reached, from nginx's log (by request id)
const upstreamOf = new Map();
for (const line of fs.readFileSync(path.join(topology.dir, 'access.log'), 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  try {
    const entry = JSON.parse(line);
    upstreamOf.set(entry.request_id, entry.upstream);
  } catch {
    // a line cut by the end of the run
  }
}
const portOf = (instance) => `:${String(instance.port)}`;
const killWindow = windows.find((window) => window.label === 'kill of B');
/**
 * An error the target allows: a request that was in flight on the killed
 * instance when it was killed (sent before its process was gone, answered
 * after the kill, and nginx's log names B), or a socket connect refused while
 * B was down.
 */
function expected(error) {
  if (!killWindow) return false;
  const killedAt = killWindow.from;
  const upstream = upstreamOf.get(error.requestId) ?? '';
  // sent to B before its process was gone (a kill takes a moment), and not answered before the kill
  const inFlight = error.start <= (killWindow.gone ?? killedAt) && error.end >= killedAt;
  return inFlight && (upstream.includes(portOf(instanceB)) || upstream === '');
}
const relativeTo = (at) => {
  const window = windows.find((candidate) => at >= candidate.from - 1000 && at <= candidate.to);
  if (!window) return `${seconds(at)} s`;
  return `${seconds(at)} s (${window.label} +${seconds(at - window.from)} s)`;
};
out();
out(`  errors: ${String(errors.length)}`);
const byReason = new Map();
for (const error of errors) {
  const key = `${error.kind}: ${error.reason}`;
  const entry = byReason.get(key) ?? { count: 0, expected: 0, times: [] };
  entry.count += 1;
  if (expected(error)) entry.expected += 1;
  entry.times.push(error.start);
  byReason.set(key, entry);
}
for (const [key, entry] of byReason) {
  const times = [...new Set(entry.times.map((at) => relativeTo(at)))].slice(0, 4).join(', ');
  out(
    `    ${String(entry.count).padStart(5)} × ${key} — ${String(entry.expected)} in flight on B as it was killed; at ${times}`,
  );
}
// the instances' own account of the feed (since each last started) and of their event loop
for (const instance of topology.instances) {
  const text = await fetch(`http://127.0.0.1:${String(instance.metricsPort)}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  const feedBucket = (le) =>
    text
      .split('\n')
      .filter(
        (line) =>
          line.startsWith('http_request_duration_seconds_bucket{') &&
          line.includes('route="/api/enquiry/teacher/enquiry-filters/"') &&
          line.includes(`le="${le}"`),
      )
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  const all = feedBucket('+Inf');
  const lag = /^nodejs_eventloop_lag_p99_seconds ([\d.e+-]+)/m.exec(text)?.[1];
  out(
    `  instance ${instance.name}, its own count since it last started: ${String(all)} feed answers, ` +
      `${all ? ((100 * feedBucket('0.1')) / all).toFixed(1) : '-'} % within 100 ms, ` +
      `${all ? ((100 * feedBucket('1')) / all).toFixed(1) : '-'} % within 1 s; ` +
      `event-loop lag p99 ${lag ? (Number(lag) * 1000).toFixed(0) : '-'} ms`,
  );
}
out(
  `  machine load (1-minute average, ${String(os.cpus().length)} cores): ` +
    `mean ${(loads1m.reduce((a, b) => a + b, 0) / Math.max(1, loads1m.length)).toFixed(1)}, ` +
    `max ${Math.max(...loads1m).toFixed(1)}`,
);

// nginx's account of the instances it could not use, by kind of failure
if (process.env.SOAK_KEEP_LOGS) {
  fs.mkdirSync(process.env.SOAK_KEEP_LOGS, { recursive: true });
  for (const file of fs.readdirSync(topology.dir).filter((name) => name.endsWith('.log'))) {
    fs.copyFileSync(path.join(topology.dir, file), path.join(process.env.SOAK_KEEP_LOGS, file));
  }
}
const nginxFailures = new Map();
for (const line of fs.readFileSync(path.join(topology.dir, 'error.log'), 'utf8').split('\n')) {
  const match = /\[(error|warn)\] [\d#*: ]+(.*?)(?:, client:|$)/.exec(line);
  if (!match) continue;
  const upstream = /upstream: "http:\/\/([^"/]+)/.exec(line)?.[1] ?? '';
  const name = topology.instances.find((instance) => upstream.endsWith(portOf(instance)))?.name;
  const key = `${match[2].replace(/\d+/g, 'N')}${name ? ` (instance ${name})` : ''}`;
  nginxFailures.set(key, (nginxFailures.get(key) ?? 0) + 1);
}
out(`  nginx error log: ${String([...nginxFailures.values()].reduce((a, b) => a + b, 0))} lines`);
for (const [key, count] of nginxFailures) out(`    ${String(count).padStart(5)} × ${key}`);
const closesBy = new Map();
for (const close of socketCloses) {
  const key = `${String(close.code)} ${relativeTo(close.at).replace(/^[\d.]+ s /, '')}`;
  closesBy.set(key, (closesBy.get(key) ?? 0) + 1);
}
out(`  chat sockets closed under the clients: ${String(socketCloses.length)}`);
for (const [key, count] of closesBy) out(`    ${String(count).padStart(5)} × code ${key}`);

// every acknowledged message stored exactly once and delivered to the other side
const { rows: stored } = await db.query(
  `SELECT content, count(*)::int AS copies FROM messages
    WHERE conversation_id = ANY($1::int[]) GROUP BY content`,
  [conversations.map((conversation) => conversation.id)],
);
const copies = new Map(stored.map((row) => [row.content, row.copies]));
const ackedContents = [...acknowledged.keys()];
const notStored = ackedContents.filter((content) => !copies.has(content));
const doubledMessages = stored.filter((row) => row.copies > 1 && /^p\d+-/.test(row.content));
const notDelivered = ackedContents.filter((content) => !delivered.has(content));
// why: the receiver's catch-up gave up, or its socket was open since before the
// acknowledgement and the live copy never came (a fan-out loss)
const receiverOf = (content) => {
  const sender = acknowledged.get(content).sender;
  const pair = Number(/^p(\d+)-/.exec(content)[1]);
  return sides.find((side) => side.pair === pair && side.user.id !== sender);
};
const gaveUp = notDelivered.filter((content) => receiverOf(content).catchUpGaveUp).length;
const missedLive = notDelivered.filter((content) => {
  const receiver = receiverOf(content);
  return !receiver.catchUpGaveUp && receiver.openedAt < acknowledged.get(content).ackAt;
}).length;
const byCatchUp = [...delivered.values()].filter((how) => how === 'catch-up').length;
const inFlightLost = sides.flatMap((side) => [...side.lost.keys()]);
const inFlightStored = inFlightLost.filter((content) => copies.has(content)).length;
out();
out(
  `  chat: ${String(chatSent)} sent, ${String(acknowledged.size)} acknowledged, ` +
    `${String(notStored.length)} acknowledged but not stored, ${String(doubledMessages.length)} stored twice; ` +
    `${String(acknowledged.size - notDelivered.length)} delivered to the other side ` +
    `(${String(byCatchUp)} by catch-up after a reconnect), ${String(notDelivered.length)} not delivered ` +
    `(${String(gaveUp)} to a client whose catch-up gave up, ${String(missedLive)} missing on a socket open since before their acknowledgement); ` +
    `${String(inFlightLost.length)} unacknowledged when their socket closed (${String(inFlightStored)} of them stored)`,
);

// every payment captured at the peer credited exactly once, with the plan's coins
const paymentIds = [...captured.keys()];
const { rows: credits } = await db.query(
  `SELECT p.provider_payment_id, count(*)::int AS credits, min(l.coins) AS coins,
          min(p.credited_by) AS via
     FROM payments p JOIN coin_ledger l ON l.id = p.ledger_entry_id
    WHERE p.provider_payment_id = ANY($1::text[])
    GROUP BY p.provider_payment_id`,
  [paymentIds],
);
const creditOf = new Map(credits.map((row) => [row.provider_payment_id, row]));
const uncredited = paymentIds.filter((id) => !creditOf.has(id));
const doubledCredits = credits.filter((row) => row.credits > 1 || row.coins !== silver.coins);
const { rows: purchaseLots } = await db.query(
  `SELECT count(*)::int AS lots FROM coin_lots WHERE source = 'purchase' AND user_id = ANY($1::int[])`,
  [[...touchedTutors]],
);
const via = new Map();
for (const row of credits) via.set(row.via, (via.get(row.via) ?? 0) + 1);
out(
  `  payments: ${String(paymentIds.length)} captured at the peer, ${String(credits.length)} credited ` +
    `(${[...via].map(([how, count]) => `${String(count)} by ${how}`).join(', ')}), ` +
    `${String(uncredited.length)} not credited, ${String(doubledCredits.length)} credited twice or wrongly; ` +
    `${String(purchaseLots[0].lots)} purchase lots for them`,
);

// every touched tutor's balance is what their ledger says, and each contact's spend is its price
const { rows: ledgers } = await db.query(
  `SELECT u.id,
          (SELECT coalesce(sum(coins), 0)::int FROM coin_ledger WHERE user_id = u.id) AS summed,
          (SELECT balance_after FROM coin_ledger WHERE user_id = u.id ORDER BY id DESC LIMIT 1) AS last,
          (SELECT coalesce(sum(remaining), 0)::int FROM coin_lots
            WHERE user_id = u.id AND expires_at > now()) AS lots
     FROM users u WHERE u.id = ANY($1::int[])`,
  [[...touchedTutors]],
);
const offLedger = ledgers.filter((row) => row.summed !== row.last || row.last !== row.lots);
const { rows: badSpends } = await db.query(
  `SELECT c.id FROM enquiry_contacts c JOIN coin_ledger l ON l.id = c.spend_entry_id
    WHERE c.tutor_id = ANY($1::int[]) AND (l.coins <> -c.coins_spent OR l.user_id <> c.tutor_id)`,
  [[...touchedTutors]],
);
const { rows: contactRows } = await db.query(
  `SELECT count(*)::int AS contacts FROM enquiry_contacts WHERE tutor_id = ANY($1::int[])`,
  [[...touchedTutors]],
);
out(
  `  coins: ${String(ledgers.length)} tutors touched, ${String(offLedger.length)} with a balance off ` +
    `their ledger; ${String(contactsMade.length)} contacts answered, ${String(contactRows[0].contacts)} stored, ` +
    `${String(badSpends.length)} whose spend differs from their price`,
);

// the verdicts
const unexpected = errors.filter((error) => !expected(error));
const feedOutside = [...(samples.get('feed read') ?? []), ...(samples.get('feed filter') ?? [])]
  .filter((sample) => !inWindow(sample.at))
  .map((sample) => sample.ms)
  .sort((a, b) => a - b);
const feedP99 = percentile(feedOutside, 99);
const verdicts = [
  [
    'no acknowledged message lost, doubled or undelivered',
    notStored.length === 0 && doubledMessages.length === 0 && notDelivered.length === 0,
  ],
  [
    'every captured payment credited exactly once',
    uncredited.length === 0 && doubledCredits.length === 0,
  ],
  ['no coin balance off its ledger', offLedger.length === 0 && badSpends.length === 0],
  [
    `errors only for requests in flight on the killed instance (${String(unexpected.length)} others)`,
    unexpected.length === 0,
  ],
  [
    `p99 of feed reads outside the windows < ${String(FEED_P99_TARGET_MS)} ms (${fmt(feedP99)} ms)`,
    feedP99 < FEED_P99_TARGET_MS,
  ],
];
out();
for (const [text, ok] of verdicts) out(`  ${ok ? 'MET ' : 'MISSED'} ${text}`);

await db.end();
await peer.close();
await topology.close();
process.exit(verdicts.every(([, ok]) => ok) ? 0 : 1);
