// Runs Lighthouse (mobile settings) with the machine's Chromium against the
// built app on a fresh data folder, and prints, for the landing page, the blog
// list, one blog post, one area page and the login page, the medians of
// LIGHTHOUSE_RUNS runs (3 by default): the four category scores and the paint
// times (first contentful paint, largest contentful paint), total blocking time
// and layout shift. With LIGHTHOUSE_COMPARE_URL set (an origin such as
// https://example.com), the same paths of that site are measured in the same
// run, interleaved with ours page by page, and printed beside ours.
// Targets (ours): performance ≥ 95, accessibility 100, best practices ≥ 95,
// SEO 100; first contentful paint under 1.0 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const FCP_TARGET_MS = 1000;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const compareOrigin = process.env.LIGHTHOUSE_COMPARE_URL
  ? new URL(process.env.LIGHTHOUSE_COMPARE_URL).origin
  : null;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://localhost:${port}`;

const chromePath = ensureChromium();
buildIfStale();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start.');
}

let failed = false;
let chrome;
try {
  await waitForServer();
  const blogs = await (await fetch(`${base}/api/blog/blogs/?page=1`)).json();
  const slug = blogs.results?.[0]?.slug;
  const pages = [
    '/',
    '/blogs',
    ...(slug ? [`/blogs/${slug}`] : []),
    '/home-tutors-in/koramangala-bangalore',
    '/login',
  ];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  /** One Lighthouse run of one URL: category scores (0–100) and timings (ms). */
  async function measure(url) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    const lhr = result?.lhr;
    // a run Lighthouse could not finish (a timeout on a loaded machine) counts as none
    if (!lhr || lhr.runtimeError) {
      process.stdout.write(`  ${url}: no result (${lhr?.runtimeError?.code ?? 'no report'})\n`);
      return null;
    }
    const audit = (id) => lhr?.audits[id]?.numericValue ?? NaN;
    if (process.env.LIGHTHOUSE_VERBOSE && lhr) {
      for (const item of Object.values(lhr.audits)) {
        if (item.score !== null && item.score < 1 && item.scoreDisplayMode !== 'informative') {
          process.stdout.write(`  ${url}: ${item.id} (${item.score}) ${item.displayValue ?? ''}\n`);
        }
      }
    }
    return {
      ...Object.fromEntries(
        Object.keys(TARGETS).map((id) => [id, Math.round((lhr?.categories[id]?.score ?? 0) * 100)]),
      ),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  }

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const sites = [
    { name: 'ours', origin: base },
    ...(compareOrigin ? [{ name: 'other', origin: compareOrigin }] : []),
  ];
  /** runs[site][page] = one result per run */
  const runs = Object.fromEntries(
    sites.map((site) => [site.name, Object.fromEntries(pages.map((page) => [page, []]))]),
  );
  for (let run = 1; run <= RUNS; run += 1) {
    for (const page of pages) {
      for (const site of sites) {
        // a load before measuring, so no run pays for cold caches on the server
        await fetch(`${site.origin}${page}`).catch(() => undefined);
        const result = await measure(`${site.origin}${page}`);
        if (result) runs[site.name][page].push(result);
      }
    }
    process.stdout.write(`run ${run} of ${RUNS} done\n`);
  }
  const summary = (results) => ({
    ...Object.fromEntries(
      Object.keys(TARGETS).map((id) => [id, median(results.map((r) => r[id]))]),
    ),
    ...Object.fromEntries(
      ['fcp', 'lcp', 'tbt', 'cls'].map((id) => [id, median(results.map((r) => r[id]))]),
    ),
  });
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(6);
  const cells = (m) =>
    `${String(m.performance).padStart(4)} ${String(m.accessibility).padStart(4)} ${String(m['best-practices']).padStart(4)} ${String(m.seo).padStart(4)} ${seconds(m.fcp)} ${seconds(m.lcp)} ${`${Math.round(m.tbt)} ms`.padStart(7)} ${m.cls.toFixed(3).padStart(6)}`;
  const columns = 'perf a11y best  seo    FCP    LCP     TBT    CLS';
  process.stdout.write(
    `\nLighthouse (mobile), medians of ${RUNS} runs${compareOrigin ? `, each page measured on ours, then on ${compareOrigin}` : ''}\n`,
  );
  process.stdout.write(
    `${'page'.padEnd(42)} ${columns}${compareOrigin ? `  | other: ${columns}` : ''}\n`,
  );
  for (const page of pages) {
    if (runs.ours[page].length === 0) {
      failed = true;
      process.stdout.write(`${page.padEnd(42)} no run finished\n`);
      continue;
    }
    const ours = summary(runs.ours[page]);
    const misses = [
      ...Object.entries(TARGETS)
        .filter(([id, target]) => ours[id] < target)
        .map(([id]) => id),
      ...(!(ours.fcp < FCP_TARGET_MS) ? ['first contentful paint'] : []),
    ];
    if (misses.length > 0) failed = true;
    const other = !compareOrigin
      ? ''
      : runs.other[page].length === 0
        ? `  | ${' '.repeat(7)}no run finished`
        : `  | ${' '.repeat(7)}${cells(summary(runs.other[page]))}`;
    process.stdout.write(
      `${page.padEnd(42)} ${cells(ours)}${other}  ${misses.length ? `below target: ${misses.join(', ')}` : 'ok'}\n`,
    );
  }
  process.stdout.write(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ${TARGETS.seo}, first contentful paint < ${FCP_TARGET_MS / 1000} s\n`,
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
