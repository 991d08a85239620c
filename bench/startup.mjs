// Start-up cost of the built server on the embedded database: time to a
// healthy `/api/health` and memory (resident now, and the peak) on a fresh
// data folder (first start: initdb, migrations, seed) and then on the same
// folder again (every later start). `node bench/startup.mjs [runs]`
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 2);

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

/** VmRSS and VmHWM (peak) of a process, in MB (Linux). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (key) =>
    Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: read('VmRSS'), peak: read('VmHWM') };
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error('the server exited');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const healthyMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const memory = memoryOf(child.pid);
  child.kill('SIGTERM');
  await once(child, 'exit');
  return { healthyMs, ...memory };
}

buildIfStale();
console.log('start            healthy after   RSS after 1 s   peak RSS');
for (let run = 1; run <= runs; run += 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-startup-'));
  try {
    for (const label of ['first (fresh)', 'again']) {
      const result = await startOnce(dataDir);
      console.log(
        `${label.padEnd(16)} ${`${(result.healthyMs / 1000).toFixed(2)} s`.padStart(13)} ${`${result.rss} MB`.padStart(15)} ${`${result.peak} MB`.padStart(10)}`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
