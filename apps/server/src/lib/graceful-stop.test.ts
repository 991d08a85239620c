import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

import { stopServing } from './graceful-stop.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});

afterAll(async () => {
  await t.close();
});

/** A raw connection to the server; `request` writes a GET and reads its whole answer. */
async function pooledConnection() {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
    socket.on('close', () => resolve('closed'));
  });
  return {
    closed,
    async request(): Promise<string> {
      received = '';
      socket.write('GET /api/health HTTP/1.1\r\nHost: gurumatch.test\r\n\r\n');
      await expect.poll(() => received, { interval: 10 }).toContain('"status":"ok"');
      return received;
    },
  };
}

function refused(): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(String(error.code)));
  });
}

describe('stopping an instance', () => {
  it('keeps answering on a pooled connection after it stopped listening, ending it with the answer, and refuses new ones', async () => {
    const pooled = await pooledConnection();
    const before = await pooled.request();
    expect(before.toLowerCase()).toContain('\r\nconnection: keep-alive\r\n');
    // idle now, as a proxy's pooled connection waits for its next request
    const stopped = stopServing(t.app, 50);

    await expect.poll(() => t.app.server.listening, { interval: 10 }).toBe(false);
    expect(await refused()).toBe('ECONNREFUSED');
    // the proxy writes a request on it a moment after the instance stopped listening
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = await pooled.request();
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await pooled.closed).toBe('closed');
    await stopped;
  });
});
