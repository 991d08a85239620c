// The connected tutors of bench/alerts, in a process of their own: in the city
// each tutor's phone is a device of its own, never the student's who posts.
// Kept in the posting process, a thousand sockets receiving some 40 alerts per
// post delayed that process's own event loop, and so the answers it timed, in
// the alerts-on phases only.
//
// The parent forks this file and asks, over the IPC channel:
//   { type: 'connect', secret, tutors: [{ id, email, full_name, role }], ports }
//     → { type: 'connected' } once every socket is open (tutor i on ports[i % 2]);
//   { type: 'close' } → { type: 'heard', heard: [[tutor, enquiry, at], …] }, each
//     lead alert heard since the connect, `at` in milliseconds since the epoch (the
//     parent's `performance.timeOrigin + performance.now()` is on the same clock).
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { accessTokenSigner, openSocket } from './socket-client.mjs';

/** Starts the listeners' process; `connect` and `close` as above. */
export function startAlertListeners() {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: 'inherit' });
  const answer = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve(message);
      };
      const onExit = (code) => reject(new Error(`alert listeners exited (${String(code)})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return {
    /** The process's id, whose processor time the benchmark accounts for. */
    pid: child.pid,
    async connect(secret, tutors, ports) {
      const connected = answer('connected');
      child.send({ type: 'connect', secret, tutors, ports });
      await connected;
    },
    async close() {
      const heard = answer('heard');
      child.send({ type: 'close' });
      return (await heard).heard;
    },
    stop() {
      child.kill();
    },
  };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  let sockets = [];
  let heard = [];
  // the benchmark ended, however it ended
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    if (message.type === 'connect') {
      const tokenFor = accessTokenSigner(message.secret);
      const { tutors, ports } = message;
      heard = [];
      for (let i = 0; i < tutors.length; i += 100) {
        const opened = await Promise.all(
          tutors.slice(i, i + 100).map(async (tutor, j) => {
            const port = ports[(i + j) % 2];
            const socket = await openSocket(
              `ws://127.0.0.1:${String(port)}/ws/alerts/?token=${await tokenFor(tutor)}`,
            );
            socket.on('message', (data) => {
              const frame = JSON.parse(data.toString());
              if (frame.type !== 'lead_alert') return;
              heard.push([tutor.id, frame.enquiry.id, performance.timeOrigin + performance.now()]);
            });
            return socket;
          }),
        );
        sockets.push(...opened);
      }
      process.send({ type: 'connected' });
    } else if (message.type === 'close') {
      for (const socket of sockets) socket.close();
      sockets = [];
      process.send({ type: 'heard', heard });
      heard = [];
    }
  });
}
