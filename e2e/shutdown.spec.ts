/**
 * `kill -TERM` of the `npm start` process: the server drains and every process
 * that `npm start` started is gone within the server's grace period, with a
 * request that was in flight answered and an open chat socket closed with 1001
 * ("going away"), so the client reconnects elsewhere.
 *
 * Starts its own `npm start` (on the build the journeys use) on a free port
 * and a fresh data folder; one project runs it.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect, test } from '@playwright/test';
import WebSocket from 'ws';

import { DEMO } from './fixtures';

/** The server's grace period (apps/server/src/main.ts). */
const GRACE_MS = 10_000;
const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // no children: ps exits 1
  }
  return [pid, ...children.flatMap(processTree)];
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function json<T>(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${url} → ${String(response.status)}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A sign-in whose body arrives over about two seconds (steady enough for the
 * slow-body gate), answered whatever happens meanwhile: resolves with the raw
 * answer, or '' when the connection is cut without one.
 */
function slowRequest(port: number): Promise<string> {
  const chunk = ' '.repeat(8192);
  const body = `{"username":"nobody@example.in","password":"x"${chunk.repeat(20)}}`;
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/auth/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n`,
      );
      let sent = 0;
      const drip = setInterval(() => {
        const piece = body.slice(sent, sent + chunk.length);
        sent += piece.length;
        if (piece) socket.write(piece);
        if (sent >= body.length) clearInterval(drip);
      }, 100);
      socket.on('close', () => clearInterval(drip));
    });
    socket.on('data', (data: Buffer) => {
      answer += data.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
  });
}

test('kill -TERM of npm start drains the server and ends every process it started', async ({
  browserName,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'desktop',
    'starts a server of its own: one project is enough',
  );
  expect(browserName).toBe('chromium');
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://localhost:${String(port)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-shutdown-'));
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
    stdio: 'ignore',
  });
  const npmPid = npm.pid ?? 0;
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    const started = processTree(npmPid);
    // npm, the start script and the server
    expect(started.length).toBeGreaterThanOrEqual(3);

    // the demo tutor contacts a demo enquiry and opens its conversation
    const { access } = await json<{ access: string }>(base, 'POST', '/api/auth/token/', undefined, {
      username: DEMO.teacher.email,
      password: DEMO.teacher.password,
    });
    const feed = await json<{ results: { enquiries: { id: number }[] } }>(
      base,
      'GET',
      '/api/enquiry/teacher/enquiry-filters/',
      access,
    );
    const enquiry = feed.results.enquiries[0];
    expect(enquiry).toBeDefined();
    const contact = await json<{ conversation_id: number }>(
      base,
      'POST',
      `/api/enquiry/${String(enquiry?.id)}/send-message/`,
      access,
      { price_quote: 500, price_type: 'Hourly', message: 'Hello, I teach this subject.' },
    );
    const socket = new WebSocket(
      `ws://localhost:${String(port)}/ws/chat/${String(contact.conversation_id)}/?token=${access}`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const inFlight = slowRequest(port);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = Date.now();
    process.kill(npmPid, 'SIGTERM');

    expect(await closed).toBe(1001);
    // the request that was in flight got its answer (its body is refused: 400), not a cut
    expect(await inFlight).toMatch(/^HTTP\/1\.1 4\d\d /);
    await expect
      .poll(() => started.filter(isRunning), { timeout: GRACE_MS, intervals: [100] })
      .toEqual([]);
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS);
  } finally {
    for (const pid of processTree(npmPid)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
