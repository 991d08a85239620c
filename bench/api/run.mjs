// bench/api: throughput and p99 of the API and server-rendered pages on
// PostgreSQL with 100k generated posts, each as a ratio to a bare Fastify 5
// route running in its own process, measured in interleaved rounds (bare,
// target, bare, target, ...) so that machine noise hits both alike.
// Exits non-zero when a target is missed or a request timed out.
//
//   createdb -h 127.0.0.1 -U postgres bench_api   (once)
//   node bench/api/run.mjs
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_api),
// BENCH_POSTS (100000), BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (50).
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';
import pg from 'pg';

import { buildIfStale } from '../../scripts/build-if-stale.mjs';

import { generatePosts } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_api';
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** path, minimum ratio to the bare route, maximum p99 in ms (null: none). */
const TARGETS = [
  { name: 'GET /api/health', path: '/api/health', ratio: 0.5, p99: null },
  { name: 'blog list', path: '/api/blog/blogs/', ratio: 0.25, p99: 50 },
  { name: 'blog list page 500', path: '/api/blog/blogs/?page=500', ratio: 0.25, p99: 50 },
  { name: 'blog search', path: '/api/blog/blogs/?search=revision%20kannada', ratio: 0.25, p99: 50 },
  { name: 'blog search, no match', path: '/api/blog/blogs/?search=zeppelin', ratio: 0.25, p99: 50 },
  { name: 'article list', path: '/api/blog/articles/', ratio: 0.25, p99: 50 },
  { name: 'blog detail', path: '/api/blog/blogs/bench-4242/', ratio: 0.25, p99: 50 },
  { name: 'SSR /', path: '/', ratio: 0.1, p99: 100, html: true },
  { name: 'SSR /blogs', path: '/blogs', ratio: 0.1, p99: 100, html: true },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startApp(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-bench-api-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      NODE_ENV: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function measure(url, html) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        headers: html ? { 'accept-encoding': 'br, gzip', accept: 'text/html' } : {},
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

buildIfStale();
await ensureDatabase();
const appPort = Number(process.env.BENCH_PORT ?? (await freePort()));

// first start migrates and seeds; then the generated posts go in with the server down
let app = await startApp(appPort);
await stop(app);
const generated = await generatePosts(databaseUrl, POSTS);
console.log(`database: ${generated.total} generated posts (${generated.added} added now)`);
app = await startApp(appPort);

const bare = fork(path.join(here, 'bare.mjs'), ['0'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const [{ port: barePort }] = await once(bare, 'message');
const bareUrl = `http://127.0.0.1:${barePort}/`;

const cold = [];
const results = TARGETS.map(() => ({ ratios: [], p99s: [], rps: [], timeouts: 0, errors: 0 }));
try {
  // warm both up (JIT, connection pool, caches) before measuring
  for (const target of TARGETS) await fetch(`http://127.0.0.1:${appPort}${target.path}`);
  await measure(bareUrl, false);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, target] of TARGETS.entries()) {
      const baseline = await measure(bareUrl, false);
      const run = await measure(`http://127.0.0.1:${appPort}${target.path}`, target.html);
      const result = results[index];
      result.ratios.push(run.requests.average / baseline.requests.average);
      result.p99s.push(run.latency.p99);
      result.rps.push(run.requests.average);
      result.timeouts += run.timeouts;
      result.errors += run.errors + run.non2xx;
    }
    console.log(`round ${round}/${ROUNDS} done`);
  }
  // not targets: what an answer costs when nothing stored fits (every request
  // a different URL), one request at a time
  for (const [name, urlOf] of [
    ['blog search', (i) => `/api/blog/blogs/?search=revision%20kannada&page_size=${5 + i}`],
    ['SSR blog post', (i) => `/blogs/bench-${1000 + i}`],
  ]) {
    const times = [];
    for (let i = 0; i < 100; i += 1) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${appPort}${urlOf(i)}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    cold.push(
      `${name}, nothing stored: p50 ${times[50].toFixed(1)} ms, p99 ${times[98].toFixed(1)} ms`,
    );
  }
} finally {
  bare.kill('SIGTERM');
  await stop(app);
}
for (const line of cold) console.log(line);

let missed = 0;
console.log(
  `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, ${POSTS} posts on PostgreSQL (medians)\n`,
);
console.log('target                      req/s   ratio  (min)   p99 ms  (max)  errors  verdict');
for (const [index, target] of TARGETS.entries()) {
  const result = results[index];
  const ratio = median(result.ratios);
  const p99 = median(result.p99s);
  const ok =
    ratio >= target.ratio &&
    (target.p99 === null || p99 <= target.p99) &&
    result.timeouts === 0 &&
    result.errors === 0;
  if (!ok) missed += 1;
  console.log(
    [
      target.name.padEnd(26),
      median(result.rps).toFixed(0).padStart(7),
      ratio.toFixed(2).padStart(7),
      `(${target.ratio.toFixed(2)})`.padStart(7),
      p99.toFixed(0).padStart(8),
      `(${target.p99 ?? '-'})`.padStart(6),
      String(result.timeouts + result.errors).padStart(7),
      ok ? '  ok' : '  MISSED',
    ].join(' '),
  );
}
process.exit(missed > 0 ? 1 : 0);
