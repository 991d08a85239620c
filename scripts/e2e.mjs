// Browser journeys: make sure Chromium is there, build the app, run Playwright
// (its config starts the built server on a free port with a fresh data folder).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildIfStale } from './build-if-stale.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureChromium();
buildIfStale();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(result.status ?? 1);
