// Builds the web app and the server when their outputs are missing or older
// than any source file, so `npm start` always serves what the sources say.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

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
    sources: Math.max(shared, lock, newestMtime(path.join(root, 'apps/web'))),
    outputs: ['apps/web/dist/client/index.html', 'apps/web/dist/server/entry-server.js'],
  },
  {
    workspace: '@gurumatch/server',
    sources: Math.max(shared, lock, newestMtime(path.join(root, 'apps/server/src'))),
    outputs: ['apps/server/dist/main.js'],
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const target of targets) {
    const built = oldestOutput(target.outputs.map((file) => path.join(root, file)));
    if (!force && built > target.sources) continue;
    process.stdout.write(`Building ${target.workspace}…\n`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      process.stderr.write(`Build of ${target.workspace} failed.\n`);
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale({ force: process.argv.includes('--force') });
}
