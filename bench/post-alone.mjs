// What storing the alerts job costs a post by itself (issue 23): students post
// one at a time to one instance that works no jobs, on an otherwise idle
// machine, in blocks that take turns with alerts on and off (`LEAD_ALERTS=off`),
// each block on a newly started instance. Prints p50 / p90 / p99 of each mode
// and the difference; `bench/alerts` measures the same post beside the alerts'
// work, at 5 posts a second.
//
//   createdb -h 127.0.0.1 -U postgres bench_post
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_post node bench/post-alone.mjs
//
// Options: --block 150 (measured posts a block, after 20 not measured that warm the
// instance up) --blocks 4 (of each mode) --pause 20 (ms between posts) --port 4905
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

import { readOptions } from './lib/options.mjs';
import { startBuiltServer, stopProcess } from './lib/processes.mjs';
import { accessTokenSigner } from './lib/socket-client.mjs';
import { percentile } from './lib/stats.mjs';

const args = readOptions({ block: 150, blocks: 4, pause: 20, port: 4905 });
const WARMUP = 20;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_post';
const JWT_SECRET = `bench-secret-${randomUUID()}`;
const MODES = ['on', 'off'];
const tokenFor = accessTokenSigner(JWT_SECRET);

function startInstance(mode) {
  return startBuiltServer({
    PORT: String(args.port),
    DATABASE_URL,
    JWT_SECRET,
    JOBS_WORK: 'false',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-post-')),
    ...(mode === 'off' && { LEAD_ALERTS: 'off' }),
  });
}

/** `count` students, each with an address, so that each posts once (no active limit reached). */
async function insertStudents(count) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const run = randomUUID().slice(0, 8);
  const { rows: students } = await db.query(
    `INSERT INTO users (email, password_hash, full_name, role, is_email_verified)
     SELECT 'bench-post-' || $1 || g || '@example.in', 'x', 'Student ' || g, 'student', true
       FROM generate_series(0, $2 - 1) AS g ORDER BY g
     RETURNING id, email, full_name, role`,
    [run, count],
  );
  const { rows: addresses } = await db.query(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, latitude, longitude,
                                 is_primary, slot)
     SELECT id, 'bench', 'Bench', 'Bench', 12.97, 77.59, true, 1 FROM unnest($1::int[]) AS id
     RETURNING id, user_id`,
    [students.map((student) => student.id)],
  );
  const addressOf = new Map(addresses.map((row) => [row.user_id, row.id]));
  await db.end();
  return students.map((student) => ({ ...student, addressId: addressOf.get(student.id) }));
}

function postOf(student) {
  return {
    address: student.addressId,
    name: 'Maths tuition',
    study_mode: 'offline',
    class_level: 'Class 10',
    subject: 'Mathematics',
    board: 'CBSE',
    language: 'English',
    user_budget: 500,
    when_to_start: 'immediately',
    female_tutor_preferred: false,
    custom_class: '',
    custom_subject: '',
    custom_language: '',
  };
}

async function main() {
  buildIfStale();
  // the first start migrates a fresh database
  await stopProcess(await startInstance('off'));
  const perBlock = args.block + WARMUP;
  const students = await insertStudents(perBlock * args.blocks * MODES.length);
  const times = { on: [], off: [] };
  let next = 0;
  for (let block = 0; block < args.blocks * MODES.length; block += 1) {
    const mode = MODES[block % MODES.length];
    const instance = await startInstance(mode);
    for (let n = 0; n < perBlock; n += 1) {
      const student = students[next];
      next += 1;
      const token = await tokenFor(student);
      const sent = performance.now();
      const response = await fetch(`http://127.0.0.1:${String(args.port)}/api/enquiry/enquiries/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(postOf(student)),
      });
      const took = performance.now() - sent;
      const body = await response.json();
      if (response.status !== 201) {
        throw new Error(`post ${String(response.status)}: ${JSON.stringify(body)}`);
      }
      if (n >= WARMUP) times[mode].push(took);
      await new Promise((resolve) => setTimeout(resolve, args.pause));
    }
    await stopProcess(instance);
  }
  const shown = (mode, p) =>
    percentile(
      [...times[mode]].sort((a, b) => a - b),
      p,
    );
  console.log(
    `bench/post-alone: ${String(times.on.length)} posts a mode, one at a time, ${String(args.blocks)} blocks a mode taking turns, no job worked`,
  );
  for (const p of [50, 90, 99]) {
    const on = shown('on', p);
    const off = shown('off', p);
    console.log(
      `p${String(p)}: alerts on ${on.toFixed(2)} ms, off ${off.toFixed(2)} ms (on − off ${(on - off).toFixed(2)} ms)`,
    );
  }
}

await main();
process.exit(0);
