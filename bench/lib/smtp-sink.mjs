// A mail relay for the benchmarks, run as its own process: the tests' SMTP
// peer (apps/server/test/peers/smtp-peer.ts) on SMTP_SINK_PORT, counting the
// messages it accepts by subject, with the counts served as JSON on
// SMTP_SINK_PORT + 1 (`GET /`: { "<subject prefix>": n, "all": n }).
// It signs in the user SMTP_SINK_USER with SMTP_SINK_PASSWORD. Prints "SMTP
// sink ready" once both listen.
//
//   node bench/lib/smtp-sink.mjs
//   (SMTP_SINK_PORT, SMTP_SINK_USER, SMTP_SINK_PASSWORD, SMTP_SINK_SUBJECT)
import http from 'node:http';

import { tsImport } from 'tsx/esm/api';

const { startSmtpPeer } = await tsImport(
  '../../apps/server/test/peers/smtp-peer.ts',
  import.meta.url,
);

const port = Number(process.env.SMTP_SINK_PORT ?? 2525);
const subject = process.env.SMTP_SINK_SUBJECT ?? '';
const peer = await startSmtpPeer({
  port,
  user: process.env.SMTP_SINK_USER,
  password: process.env.SMTP_SINK_PASSWORD,
});
const counts = { [subject]: 0, all: 0 };

/** Counts what arrived and lets the messages go, so a long run keeps no mail in memory. */
function tally() {
  for (const mail of peer.messages.splice(0)) {
    counts.all += 1;
    if (mail.subject.startsWith(subject)) counts[subject] += 1;
  }
}
setInterval(tally, 1000).unref();

const server = http.createServer((_request, response) => {
  tally();
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(counts));
});
server.listen(port + 1, '127.0.0.1', () => {
  process.stdout.write('SMTP sink ready\n');
});
process.on('SIGTERM', () => {
  server.close();
  void peer.close().then(() => process.exit(0));
});
