// bench/api: throughput and p99 of the API and server-rendered pages on
// PostgreSQL with 100k generated posts, each as a ratio to a bare Fastify 5
// route running in its own process, measured in interleaved rounds (bare,
// target, bare, target, ...) so that machine noise hits both alike.
// Every target above is an anonymous GET the public answer cache serves
// after its first request; beside two of them run their uncached twins, where
// no request repeats a URL (distinct searches a reader could type, page by
// page; distinct blog posts rendered on the server), so every answer is built:
// their target is the cost of one answer, p50 <= 20 ms one request at a time
// (200 requests each). Under 50 connections their figures are printed beside
// the cached ones but hold no target: there a p50 is mostly the queue (50
// connections at p50 20 ms would take 2,500 answers a second).
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
import { median } from '../lib/stats.mjs';

import { generatePosts, searchPhrases } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_api';
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** `count` paths, `pathOf(0)` to `pathOf(count - 1)`, each handed out once by `next()`. */
function neverRepeated(count, pathOf) {
  let used = 0;
  return {
    next() {
      used += 1;
      return pathOf((used - 1) % count);
    },
    /** Requests that had to reuse a path (0 when `count` was enough). */
    repeats: () => Math.max(0, used - count),
  };
}

const PHRASES = searchPhrases();
/** Page after page of every search, page 1 of each first: 120 searches × 80 pages. */
const searches = neverRepeated(PHRASES.length * 80, (n) => {
  const search = encodeURIComponent(PHRASES[n % PHRASES.length]);
  return `/api/blog/blogs/?search=${search}&page=${String(Math.floor(n / PHRASES.length) + 1)}`;
});
/** Every generated post from bench-10000 up (the cached targets read bench-4242). */
const posts = neverRepeated(POSTS - 10_000, (n) => `/blogs/bench-${String(10_000 + n)}`);

/**
 * path, minimum ratio to the bare route, maximum p99 in ms (null: none); an
 * uncached twin (`uncached`: the cached target it stands beside) has its
 * paths from `next` and its target in `p50` (one request at a time).
 */
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
  { name: 'SSR blog post', path: '/blogs/bench-4242', ratio: 0.1, p99: 100, html: true },
  { name: 'blog search, uncached', uncached: 'blog search', paths: searches, p50: 20 },
  {
    name: 'SSR blog post, uncached',
    uncached: 'SSR blog post',
    paths: posts,
    p50: 20,
    html: true,
  },
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

const HTML_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };

/** `paths`: a new path for every request (an uncached twin). */
function measure(url, html, paths = null) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        headers: html ? HTML_HEADERS : {},
        ...(paths && {
          requests: [{ setupRequest: (request) => ({ ...request, path: paths.next() }) }],
        }),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** p50 and p99 of 200 requests one at a time, each on a new path. */
async function oneAtATime(base, target) {
  const times = [];
  let errors = 0;
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${target.paths.next()}`, {
      headers: target.html ? HTML_HEADERS : {},
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) errors += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: times[100], p99: times[197], errors };
}

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

const appBase = `http://127.0.0.1:${appPort}`;
const results = TARGETS.map(() => ({
  ratios: [],
  p50s: [],
  p99s: [],
  rps: [],
  timeouts: 0,
  errors: 0,
  single: null,
}));
try {
  // warm both up (JIT, connection pool, caches) before measuring
  for (const target of TARGETS) await fetch(`${appBase}${target.path ?? target.paths.next()}`);
  await measure(bareUrl, false);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, target] of TARGETS.entries()) {
      const baseline = await measure(bareUrl, false);
      const run = await measure(`${appBase}${target.path ?? '/'}`, target.html, target.paths);
      const result = results[index];
      result.ratios.push(run.requests.average / baseline.requests.average);
      result.p50s.push(run.latency.p50);
      result.p99s.push(run.latency.p99);
      result.rps.push(run.requests.average);
      result.timeouts += run.timeouts;
      result.errors += run.errors + run.non2xx;
    }
    console.log(`round ${round}/${ROUNDS} done`);
  }
  // the uncached twins' target: one answer at a time, on paths not asked before
  for (const [index, target] of TARGETS.entries())
    if (target.paths) results[index].single = await oneAtATime(appBase, target);
} finally {
  bare.kill('SIGTERM');
  await stop(app);
}

let missed = 0;
console.log(
  `\n${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, ${POSTS} posts on PostgreSQL (medians)\n`,
);
console.log('target                      req/s   ratio  (min)   p99 ms  (max)  errors  verdict');
const cached = TARGETS.filter((target) => !target.paths);
for (const target of cached) {
  const result = results[TARGETS.indexOf(target)];
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

const figures = (result) =>
  `${median(result.rps).toFixed(0).padStart(6)} req/s (${median(result.ratios).toFixed(2)})  p50 ${median(result.p50s).toFixed(0).padStart(4)}  p99 ${median(result.p99s).toFixed(0).padStart(4)}`;
console.log(
  `\ncached beside uncached, ${CONNECTIONS} connections (req/s, ratio to bare, ms; medians; no target)`,
);
for (const target of TARGETS.filter((item) => item.paths)) {
  const twin = results[TARGETS.findIndex((item) => item.name === target.uncached)];
  console.log(
    `${target.uncached.padEnd(16)} cached ${figures(twin)}   uncached ${figures(results[TARGETS.indexOf(target)])}`,
  );
}
console.log(
  '\nuncached, one request at a time (200 requests, every path new): target p50 <= 20 ms',
);
for (const target of TARGETS.filter((item) => item.paths)) {
  const result = results[TARGETS.indexOf(target)];
  const { single } = result;
  const repeats = target.paths.repeats();
  const errors = single.errors + result.errors + result.timeouts;
  const ok = single.p50 <= target.p50 && errors === 0 && repeats === 0;
  if (!ok) missed += 1;
  console.log(
    `${target.name.padEnd(26)} p50 ${single.p50.toFixed(1).padStart(6)} ms  p99 ${single.p99.toFixed(1).padStart(6)} ms  errors ${String(errors)}  paths asked twice ${String(repeats)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}
process.exit(missed > 0 ? 1 : 0);
