// `npm test`: lint, format check, type check, unit and API tests (PGlite, and
// PostgreSQL too when DATABASE_URL is set), web component tests, then browser
// journeys against the built app. Ends with one line counting every test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    process.stdout.write(`\n✖ ${title} failed\n`);
    finish(1);
  }
}

function countVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  return report.numTotalTests;
}

function countPlaywright(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  return expected + unexpected + flaky + skipped;
}

function finish(code) {
  process.stdout.write(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
  );
  process.exit(code);
}

function vitest(title, projects, env, name) {
  const output = path.join(reports, `${name}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  run(
    title,
    'npx',
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    env,
  );
  if (countVitest(output) === 0) {
    process.stdout.write(`✖ ${title} ran no test\n`);
    finish(1);
  }
}

run('Lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('Types (tsc -b)', 'npx', ['tsc', '-b']);

const { DATABASE_URL, REDIS_URL } = process.env;
vitest(
  'Unit, API and component tests (embedded database)',
  ['shared', 'server', 'web'],
  { DATABASE_URL: '', REDIS_URL: '' },
  'embedded',
);
if (DATABASE_URL) {
  vitest(`API tests on PostgreSQL${REDIS_URL ? ' and Redis' : ''}`, ['server'], {}, 'postgres');
}

const e2eReport = path.join(reports, 'e2e.json');
run(
  'Browser journeys (Playwright, Chromium)',
  process.execPath,
  [path.join(root, 'scripts/e2e.mjs')],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  },
);
if (countPlaywright(e2eReport) === 0) {
  process.stdout.write('✖ Browser journeys ran no test\n');
  finish(1);
}
finish(totals.failed > 0 ? 1 : 0);
