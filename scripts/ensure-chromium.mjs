// Browser tests need Debian's Chromium. Install it with apt when it is missing
// and we are root; otherwise say exactly what is missing and fail.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install Debian's "chromium" package.`,
    );
  }
  process.stdout.write('Installing Chromium (apt-get install chromium)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0 || !fs.existsSync(CHROMIUM_PATH)) {
    throw new Error('Installing Chromium with apt-get failed.');
  }
  return CHROMIUM_PATH;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  ensureChromium();
}
