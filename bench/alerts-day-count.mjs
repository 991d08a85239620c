// The daily cap's count with a month of alerts kept (issue 23, migration 0029):
// every WhatsApp or e-mail decision counts, for each of an enquiry's tutors
// (about 200), the instant alerts sent to them today; an alert is kept until
// 30 days after its enquiry expired (60 days after the post), marked sent by
// the digest that carried it. `--tutors` tutors, each with `--days` days of
// `--instant` instant alerts and `--digest` carried by a digest a day, and
// today's cap reached; the count of `--counted` of them at once (an
// enquiry's), run `--runs` times with the indexes of migration 0025 (one
// index of held and sent alerts by tutor, channel and status) and of 0029
// (one of held alerts, one of instant ones sent, by time), taking turns on
// the same rows, vacuumed. Prints p50 / p99 of each and what one count reads.
//
//   createdb -h 127.0.0.1 -U postgres bench_day_count
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_day_count node bench/alerts-day-count.mjs
//
// Options: --tutors 1000 --counted 200 --days 30 --instant 10 --digest 100 --runs 200 (a turn) --turns 2 --port 4915
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

import { readOptions } from './lib/options.mjs';
import { startBuiltServer, stopProcess } from './lib/processes.mjs';
import { percentile } from './lib/stats.mjs';

const args = readOptions({
  tutors: 1000,
  counted: 200,
  days: 30,
  instant: 10,
  digest: 100,
  runs: 200,
  turns: 2,
  port: 4915,
});
const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_day_count';
/** Tutor ids of the benchmark's alerts: no user has them (alerts name no user by key). */
const FIRST_TUTOR = 1_500_000_000;
const DAY_MS = 86_400_000;

/** The statement of `countInstantSent` (apps/server/src/modules/alerts/queries.ts). */
const COUNT = `SELECT tutor_id, count(*)::int AS count FROM lead_alerts
  WHERE tutor_id = ANY($1::int[]) AND channel = $2 AND status = 'sent' AND reason = ''
    AND sent_at >= $3
  GROUP BY tutor_id`;

/** Each migration's indexes of a tutor's alerts. */
const INDEXES = {
  '0025': [
    `CREATE INDEX lead_alerts_tutor_messages_idx ON lead_alerts (tutor_id, channel, status)
       WHERE status <> 'skipped' AND channel <> 'app'`,
  ],
  '0029': [
    `CREATE INDEX lead_alerts_tutor_held_idx ON lead_alerts (tutor_id, channel, due_at)
       WHERE status = 'held'`,
    `CREATE INDEX lead_alerts_tutor_instant_sent_idx ON lead_alerts (tutor_id, channel, sent_at)
       WHERE status = 'sent' AND reason = ''`,
  ],
};
const INDEX_NAMES = [
  'lead_alerts_tutor_messages_idx',
  'lead_alerts_tutor_held_idx',
  'lead_alerts_tutor_instant_sent_idx',
];

async function useIndexes(db, version) {
  for (const name of INDEX_NAMES) await db.query(`DROP INDEX IF EXISTS ${name}`);
  for (const statement of INDEXES[version]) await db.query(statement);
  await db.query('ANALYZE lead_alerts');
}

/** A month of the tutors' e-mail alerts, each day's digest at 19:00, and today's cap reached. */
async function storeAlerts(db, todayStart) {
  const perDay = args.instant + args.digest;
  await db.query(
    `INSERT INTO lead_alerts (tutor_id, enquiry_id, channel, status, reason, sent_at)
     SELECT $1::int + t, 1000000000 + d * $4::int + i, 'email', 'sent',
            CASE WHEN i < $5::int THEN '' ELSE 'digest' END,
            $6::timestamptz - d * interval '1 day'
              + CASE WHEN i < $5::int THEN interval '9 hours' + i * interval '1 minute'
                     ELSE interval '19 hours' END
       FROM generate_series(0, $2::int - 1) AS t, generate_series(0, $3::int) AS d,
            generate_series(0, $4::int - 1) AS i
      WHERE d > 0 OR i < $5::int`,
    [FIRST_TUTOR, args.tutors, args.days, perDay, args.instant, todayStart],
  );
  await db.query('VACUUM ANALYZE lead_alerts');
}

async function measure(db, name, tutorIds, since) {
  const times = [];
  for (let run = 0; run < args.runs; run += 1) {
    const started = performance.now();
    await db.query({ name, text: COUNT, values: [tutorIds, 'email', since] });
    times.push(performance.now() - started);
  }
  return times;
}

async function readsOfOne(db, tutorIds, since) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${COUNT}`, [
    tutorIds,
    'email',
    since,
  ]);
  // a parallel plan's figures are each process's average: times its processes
  const rowsRead = (node) =>
    (node['Relation Name'] === 'lead_alerts'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
  const scans = (node) => [
    ...(node['Relation Name'] === 'lead_alerts' ? [node['Node Type']] : []),
    ...(node.Plans ?? []).flatMap(scans),
  ];
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return {
    rows: rowsRead(plan),
    buffers: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'],
    scans: scans(plan).join(', '),
  };
}

async function main() {
  buildIfStale();
  // the server's first start migrates a fresh database
  await stopProcess(
    await startBuiltServer({
      PORT: String(args.port),
      DATABASE_URL,
      JWT_SECRET: 'bench-day-count-secret',
      JOBS_WORK: 'false',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-day-count-')),
    }),
  );
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query('DELETE FROM lead_alerts WHERE tutor_id >= $1', [FIRST_TUTOR]);
  const now = new Date();
  // midnight in India, as the count starts its day
  const todayStart = new Date(
    Math.floor((now.getTime() + 330 * 60_000) / DAY_MS) * DAY_MS - 330 * 60_000,
  );
  const loaded = performance.now();
  await storeAlerts(db, todayStart);
  const { rows: stored } = await db.query(
    'SELECT count(*)::int AS count FROM lead_alerts WHERE tutor_id >= $1',
    [FIRST_TUTOR],
  );
  // every fifth tutor, as an enquiry's are spread over a city's
  const tutorIds = Array.from({ length: args.counted }, (_, index) => FIRST_TUTOR + index * 5);
  const times = { '0025': [], '0029': [] };
  const reads = {};
  for (let turn = 0; turn < args.turns; turn += 1) {
    for (const version of ['0025', '0029']) {
      await useIndexes(db, version);
      reads[version] = await readsOfOne(db, tutorIds, todayStart);
      const counted = await db.query(COUNT, [tutorIds, 'email', todayStart]);
      if (counted.rows.some((row) => row.count !== args.instant)) {
        throw new Error(`the count is wrong with ${version}'s indexes`);
      }
      // prepared as the server prepares it, afresh for each turn
      const name = `day-count-${version}-${String(turn)}`;
      times[version].push(...(await measure(db, name, tutorIds, todayStart)));
    }
  }
  // the database is left as migration 0029 left it
  await useIndexes(db, '0029');
  await db.query('DELETE FROM lead_alerts WHERE tutor_id >= $1', [FIRST_TUTOR]);
  await db.end();
  console.log(
    `bench/alerts-day-count: ${String(args.tutors)} tutors, ${String(stored[0].count)} alerts (${String(args.days)} days of ${String(args.instant)} instant and ${String(args.digest)} carried by a digest each, today's ${String(args.instant)} instant), stored in ${((performance.now() - loaded) / 1000).toFixed(1)} s; the count of ${String(args.counted)} of the tutors, ${String(args.runs)} times a turn, ${String(args.turns)} turns of each migration's indexes`,
  );
  for (const version of ['0025', '0029']) {
    const sorted = [...times[version]].sort((a, b) => a - b);
    console.log(
      `indexes of ${version}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms; one count reads ${String(reads[version].rows)} alerts, ${String(reads[version].buffers)} pages (${reads[version].scans})`,
    );
  }
  const ratio = (p) =>
    percentile(
      [...times['0025']].sort((a, b) => a - b),
      p,
    ) /
    percentile(
      [...times['0029']].sort((a, b) => a - b),
      p,
    );
  console.log(`0025 / 0029: p50 ${ratio(50).toFixed(1)}×, p99 ${ratio(99).toFixed(1)}×`);
}

await main();
process.exit(0);
