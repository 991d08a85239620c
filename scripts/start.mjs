// `npm start`: build what is stale, then run the server (API, WebSocket and web
// pages on one port). Until the server is up, each step shows one line with its
// time (building, creating or opening the database, seeding); the builds' output
// is in start.log. From the banner on, the server's output is shown as it comes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

import { buildIfStale, START_LOG, startStep } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server's own grace period for draining (apps/server/src/main.ts) and a margin. */
const SERVER_GRACE_MS = 10_000 + 2_000;

let server = null;
let stopping = false;
/** Asks the server to drain and stop; one that outlives its grace period is killed. */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!server) process.exit(130);
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), SERVER_GRACE_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `npm start` runs this through a shell that does not pass signals on: when npm
// is stopped without its children, stop the server too rather than leave it running.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1000).unref();

let built = buildIfStale();
if (stopping) process.exit(130);

/** The server's start-up log messages that begin and end a step. */
const STEPS = {
  'creating the database': 'Creating the database',
  'opening the database': 'Opening the database',
  'seeding demo data': 'Seeding demo data',
};
const STEP_ENDS = new Set(['database ready', 'demo data ready']);

server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] },
);
let finishStep = null;
let started = false;
readline.createInterface({ input: server.stdout, crlfDelay: Infinity }).on('line', (line) => {
  if (!started && line.startsWith('GuruMatch is running')) {
    started = true;
    finishStep?.();
    finishStep = null;
  }
  if (started) {
    process.stdout.write(`${line}\n`);
    if (line === '' && built) {
      // once, under the banner
      process.stdout.write(`  build output: ${path.relative(process.cwd(), START_LOG)}\n\n`);
      built = false;
    }
    return;
  }
  let entry = null;
  try {
    entry = JSON.parse(line);
  } catch {
    // not a log line
  }
  if (typeof entry?.msg === 'string' && STEPS[entry.msg]) {
    finishStep?.();
    finishStep = startStep(STEPS[entry.msg]);
  } else if (typeof entry?.msg === 'string' && STEP_ENDS.has(entry.msg)) {
    finishStep?.();
    finishStep = null;
  } else if (entry === null || (typeof entry.level === 'number' && entry.level >= 40)) {
    // warnings, errors and anything that is not a log line are for the reader
    if (finishStep) process.stdout.write('\n');
    process.stdout.write(`${line}\n`);
  }
});
server.on('exit', (code, signal) => {
  if (finishStep) finishStep('stopped');
  process.exit(code ?? (signal ? 1 : 0));
});
