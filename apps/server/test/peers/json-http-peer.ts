/** A small HTTP server on 127.0.0.1 for provider peers: records requests, answers with handlers. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The raw request target as sent (path and query, still encoded). */
  rawUrl: string;
  body: Buffer;
}

export interface PeerAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type PeerHandler = (request: PeerRequest) => PeerAnswer | Promise<PeerAnswer>;

export interface HttpPeer {
  readonly port: number;
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly requests: PeerRequest[];
  /** Delays every answer by this many ms (for timeout tests); 0 by default. */
  delayMs: number;
  close(): Promise<void>;
}

export function jsonAnswer(status: number, body: unknown): PeerAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export async function startHttpPeer(handle: PeerHandler): Promise<HttpPeer> {
  const requests: PeerRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = { delayMs: 0 };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawUrl = incoming.url ?? '/';
      const parsed = new URL(rawUrl, 'http://peer.local');
      const request: PeerRequest = {
        method: incoming.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: incoming.headers,
        rawUrl,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const reply = async (): Promise<void> => {
        let answer: PeerAnswer;
        try {
          answer = await handle(request);
        } catch (error) {
          answer = jsonAnswer(500, { error: String(error) });
        }
        if (outgoing.destroyed) return;
        outgoing.writeHead(answer.status, answer.headers ?? {});
        outgoing.end(answer.body ?? '');
      };
      if (state.delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          void reply();
        }, state.delayMs);
        timers.add(timer);
      } else {
        void reply();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
