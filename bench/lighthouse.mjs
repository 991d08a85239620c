// Runs Lighthouse (mobile settings) with the machine's Chromium against the
// built app on a fresh data folder, and prints the four category scores for the
// landing page, the blog list, one blog post and one area page.
// Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.
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
  const rows = [];
  for (const page of pages) {
    // one warm-up load so the first measurement does not pay for cold caches on the server
    await fetch(`${base}${page}`);
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((id) => [
        id,
        Math.round((result?.lhr.categories[id]?.score ?? 0) * 100),
      ]),
    );
    const misses = Object.entries(TARGETS).filter(([id, target]) => scores[id] < target);
    if (misses.length > 0) failed = true;
    rows.push({
      page,
      ...scores,
      verdict: misses.length ? `below target: ${misses.map(([id]) => id).join(', ')}` : 'ok',
    });
    if (misses.length > 0 && process.env.LIGHTHOUSE_VERBOSE) {
      for (const audit of Object.values(result.lhr.audits)) {
        if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative') {
          process.stdout.write(
            `  ${page}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}\n`,
          );
        }
      }
    }
  }
  process.stdout.write('\nLighthouse (mobile) scores\n');
  process.stdout.write(`${'page'.padEnd(42)} perf  a11y  best  seo\n`);
  for (const row of rows) {
    process.stdout.write(
      `${row.page.padEnd(42)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(row['best-practices']).padStart(4)}  ${String(row.seo).padStart(4)}  ${row.verdict}\n`,
    );
  }
  process.stdout.write(
    `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}, SEO ${TARGETS.seo}\n`,
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
