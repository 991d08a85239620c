/**
 * How an instance asked to stop leaves without failing a request a proxy sent
 * it (docs/operations.md, "What an instance does on SIGTERM").
 *
 * 1. Readiness fails at once. For `drainDelayMs` the instance still takes
 *    requests: a balancer that checks readiness stops sending here meanwhile.
 *    Behind nginx, which cannot check, reads are answered 503 meanwhile
 *    (`DRAIN_REFUSE_READS`, app.ts), so that nginx stops choosing it.
 * 2. It stops listening: a proxy's new connection is refused, and the proxy
 *    sends that request to another instance (nginx also stops choosing this
 *    one). Only the listening socket closes: Node's own close would also
 *    drop every idle connection at once, and the proxy may be writing a
 *    request on one of its pooled connections at that instant. A POST that
 *    meets a closed connection fails: a proxy does not send it again.
 * 3. For `POOLED_CONNECTION_GRACE_MS` it still answers on the connections it
 *    holds, each answer ending its connection; the proxy closes those it
 *    leaves idle itself (nginx after its upstream `keepalive_timeout`, 1 s).
 * 4. The app closes: what is left idle goes, WebSockets close with 1001, and
 *    requests in flight are answered.
 */
import net from 'node:net';

import type { FastifyInstance } from 'fastify';

/** Longer than the proxy keeps an idle upstream connection (nginx: `keepalive_timeout 1s`). */
export const POOLED_CONNECTION_GRACE_MS = 1500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops taking connections and leaves open those already taken (unlike `http.Server#close`). */
function stopListening(server: net.Server): void {
  if (server.listening) net.Server.prototype.close.call(server);
}

/** Steps 1–4 above; resolves once the app is closed (its jobs and connections are the caller's). */
export async function stopServing(app: FastifyInstance, drainDelayMs: number): Promise<void> {
  app.readiness.draining = true;
  await sleep(drainDelayMs);
  stopListening(app.server);
  app.readiness.stoppedListening = true;
  await sleep(POOLED_CONNECTION_GRACE_MS);
  await app.close();
}
