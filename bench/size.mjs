// For every public page: the gzip size of its HTML and of the JavaScript it
// loads before it is interactive (the entry script and every module the served
// HTML preloads), against the budgets: 100 KB on `/`, 110 KB on every other
// public page. Runs the built app on a fresh data folder (demo content seeded).
// A headless Chromium then opens each page and reports any script it had to
// fetch that the HTML did not announce (a round trip late); `--no-browser` skips it.
// Exits non-zero when a page is over budget or a script came late.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { ensureChromium } from '../scripts/ensure-chromium.mjs';

const LANDING_BUDGET_KB = 100;
const PAGE_BUDGET_KB = 110;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'apps/web/dist/client');
const useBrowser = !process.argv.includes('--no-browser');

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

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://localhost:${port}`;

buildIfStale();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-size-'));
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
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start.');
}

async function firstSlug(list) {
  const answer = await (await fetch(`${base}/api/blog/${list}/?page=1&page_size=1`)).json();
  return answer.results?.[0]?.slug;
}

/** The public pages of the app (spec part 1): everything a visitor can open signed out. */
async function publicPages() {
  // One page per area guide: the seeded documents of that kind (decision 052).
  const documentsDir = path.join(root, 'apps/server/src/seed/content/documents');
  const areaSlugs = fs
    .readdirSync(documentsDir)
    .filter((name) =>
      /^kind:\s*area_guide\s*$/m.test(fs.readFileSync(path.join(documentsDir, name), 'utf8')),
    )
    .map((name) => name.replace(/\.md$/, ''))
    .sort();
  const blog = await firstSlug('blogs');
  const article = await firstSlug('articles');
  return [
    '/',
    '/login',
    '/student-register',
    '/teacher-register',
    '/forgot-password',
    '/about',
    '/contact-us',
    '/privacy-policy',
    '/terms-of-use',
    '/cancellation-and-refund-policy',
    '/blogs',
    ...(blog ? [`/blogs/${blog}`] : []),
    '/faqs',
    ...(article ? [`/faqs/${article}`] : []),
    ...areaSlugs.map((slug) => `/home-tutors-in/${slug}`),
  ];
}

const gzipCache = new Map();
function gzipSizeOf(url) {
  if (!gzipCache.has(url)) {
    const bytes = fs.readFileSync(path.join(clientDir, url.replace(/^\//, '').split('?')[0]));
    gzipCache.set(url, gzipSync(bytes, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

/** The scripts the served HTML loads or preloads. */
function announcedScripts(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(match[1]);
  return urls;
}

/** Scripts Chromium fetched while loading and hydrating the page. */
async function fetchedScripts(browser, url) {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return scripts;
}

/** What the late-script check found, saying so when it did not run on a page. */
function lateVerdict(rows) {
  if (!browser) return 'late scripts NOT CHECKED (--no-browser: no browser opened the pages)';
  const unchecked = rows.filter((row) => row.late === null).length;
  const late = rows.filter((row) => row.late?.length).length;
  if (unchecked > 0)
    return `late scripts NOT CHECKED on ${String(unchecked)} of ${String(rows.length)} pages (the browser fetched no script there)${late ? `; late scripts on ${String(late)}` : ''}`;
  return late
    ? `late scripts on ${String(late)} of ${String(rows.length)} pages`
    : `no late scripts (checked in Chromium on all ${String(rows.length)} pages)`;
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);
let failed = false;
let browser;
try {
  await waitForServer();
  if (useBrowser) {
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox'] });
  }
  const rows = [];
  for (const page of await publicPages()) {
    const response = await fetch(`${base}${page}`, { headers: { 'accept-encoding': 'identity' } });
    const html = await response.text();
    const scripts = announcedScripts(html);
    const js = [...scripts].reduce((sum, url) => sum + gzipSizeOf(url), 0);
    const budget = page === '/' ? LANDING_BUDGET_KB : PAGE_BUDGET_KB;
    // null: not checked (no browser, or the browser saw no script at all)
    const fetched = browser ? await fetchedScripts(browser, `${base}${page}`) : null;
    const late =
      fetched && fetched.size > 0 ? [...fetched].filter((url) => !scripts.has(url)) : null;
    const over = js / 1024 > budget;
    if (over || (late?.length ?? 0) > 0 || response.status !== 200) failed = true;
    if (browser && late === null) failed = true;
    rows.push({
      page,
      late,
      status: response.status,
      html: gzipSync(Buffer.from(html), { level: 9 }).length,
      js,
      files: scripts.size,
      budget,
      verdict: [
        over ? 'OVER BUDGET' : 'ok',
        ...(late?.length ? [`late: ${late.join(' ')}`] : []),
        ...(browser && late === null
          ? ['late scripts NOT CHECKED (the browser fetched none)']
          : []),
        ...(response.status !== 200 ? [`status ${response.status}`] : []),
      ].join('; '),
    });
  }
  process.stdout.write(
    '\nPublic pages: HTML and JavaScript before interactive (gzip, level 9)\n' +
      `${'page'.padEnd(48)}   HTML KB   JS KB  files  budget\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.page.padEnd(48)}  ${kb(row.html)}  ${kb(row.js)}  ${String(row.files).padStart(5)}  ${String(row.budget).padStart(6)}  ${row.verdict}\n`,
    );
  }
  const worst = rows.reduce((a, b) => (b.js > a.js ? b : a));
  process.stdout.write(
    `largest: ${worst.page} ${kb(worst.js).trim()} KB; budgets: ${LANDING_BUDGET_KB} KB on /, ${PAGE_BUDGET_KB} KB elsewhere — ${rows.some((row) => row.js / 1024 > row.budget) ? 'OVER BUDGET' : 'all within budget'}; ${lateVerdict(rows)} — ${failed ? 'FAILED' : 'passed'}\n`,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
