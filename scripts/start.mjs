// `npm start`: build what is stale, then run the server (API, WebSocket and web pages on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server's own grace period for draining (apps/server/src/main.ts) and a margin. */
const SERVER_GRACE_MS = 10_000 + 2_000;
buildIfStale();

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

let stopping = false;
/** Asks the server to drain and stop; one that outlives its grace period is killed. */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), SERVER_GRACE_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal));
}
// `npm start` runs this under npm (and a shell): when they are ended without
// passing the signal on, this process is handed to another parent, and the
// server is stopped all the same instead of running on, orphaned.
const parentAtStart = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parentAtStart) stop('SIGTERM');
}, 500);
watchParent.unref();

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
