// Builds the web app and the server when their outputs are missing or older
// than any source file, so `npm start` always serves what the sources say.
// Each build shows one line with its time; the builds' full output goes to
// start.log at the root (shown in part when a build fails).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const START_LOG = path.join(root, 'start.log');

function oldestOutput(files) {
  let oldest = Infinity;
  for (const file of files) {
    if (!fs.existsSync(file)) return 0;
    oldest = Math.min(oldest, fs.statSync(file).mtimeMs);
  }
  return oldest;
}

const shared = newestMtime(path.join(root, 'packages/shared/src'));
const lock = newestMtime(path.join(root, 'package-lock.json'));
const targets = [
  {
    workspace: '@gurumatch/web',
    title: 'Building the web app',
    sources: Math.max(shared, lock, newestMtime(path.join(root, 'apps/web'))),
    outputs: ['apps/web/dist/client/index.html', 'apps/web/dist/server/entry-server.js'],
  },
  {
    workspace: '@gurumatch/server',
    title: 'Building the server',
    sources: Math.max(shared, lock, newestMtime(path.join(root, 'apps/server/src'))),
    outputs: ['apps/server/dist/main.js'],
  },
];

/** "Doing something…" now, and its time when it is done: one line per step. */
export function startStep(title) {
  const started = performance.now();
  process.stdout.write(`${title}… `);
  return (outcome = 'done') => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${outcome} in ${seconds} s\n`);
  };
}

/** Builds what is stale; returns whether anything was built. */
export function buildIfStale({ force = false } = {}) {
  let built = false;
  for (const target of targets) {
    const builtAt = oldestOutput(target.outputs.map((file) => path.join(root, file)));
    if (!force && builtAt > target.sources) continue;
    if (!built) fs.writeFileSync(START_LOG, '');
    built = true;
    const log = fs.openSync(START_LOG, 'a');
    fs.writeSync(log, `\n$ npm run build -w ${target.workspace}\n`);
    const done = startStep(target.title);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: root,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    if (result.signal) {
      done('stopped');
      process.exit(130);
    }
    if (result.status !== 0) {
      done('failed');
      const lines = fs.readFileSync(START_LOG, 'utf8').trimEnd().split('\n');
      process.stderr.write(
        `${lines.slice(-30).join('\n')}\n\nThe whole build output: ${START_LOG}\n`,
      );
      process.exit(result.status ?? 1);
    }
    done();
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale({ force: process.argv.includes('--force') });
}
