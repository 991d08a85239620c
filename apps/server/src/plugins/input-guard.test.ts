/**
 * Input no handler should see is answered 4xx with the usual error body, on every
 * route: NUL characters, broken multipart bodies, over-long path parameters,
 * oversized declared bodies, and clients too slow to send their request.
 */
import net from 'node:net';

import { MESSAGES } from '@gurumatch/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  registerUser,
  uniqueIp,
  type RegisteredUser,
} from '../../test/factories.ts';

let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { SLOW_BODY_WINDOW_MS: '1000' } });
  user = await registerUser(t.app);
});

afterAll(async () => {
  await t.close();
});

function expectErrorBody(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode).toBe(status);
  const body = response.json<{ detail: unknown; success: unknown }>();
  expect(typeof body.detail).toBe('string');
  expect(body.success).toBe(false);
}

describe('the NUL character', () => {
  it.each([
    ['POST', '/api/auth/token/', { username: 'a\u0000b@example.in', password: 'x' }],
    [
      'POST',
      '/api/auth/register/',
      {
        full_name: 'A\u0000',
        email: 'nul@example.in',
        password: 'Str0ng!Passw0rd',
        confirm_password: 'Str0ng!Passw0rd',
        role: 'student',
      },
    ],
    ['GET', '/api/blog/blogs/?search=%00', undefined],
    ['GET', '/api/blog/blogs/a%00b/', undefined],
    ['GET', '/api/dev/outbox?to=%00', undefined],
    ['POST', '/api/base/contact-requests/', { full_name: 'x', ['e\u0000']: 1 }],
  ] as const)('%s %s answers 400 and stores nothing', async (method, url, payload) => {
    const users = await countRows(t.db, 'users');
    const response = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: bearer(user.access),
      remoteAddress: uniqueIp(),
    });
    expectErrorBody(response, 400);
    expect(response.json<{ detail: string }>().detail).toBe(MESSAGES.nulCharacter);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('in a multipart text field answers 400', async () => {
    const boundary = 'XX';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="full_name"\r\n\r\nA\u0000B\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/base/contact-requests/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
      remoteAddress: uniqueIp(),
    });
    expectErrorBody(response, 400);
    expect(await countRows(t.db, 'contact_requests')).toBe(0);
  });
});

describe('malformed multipart bodies', () => {
  const bodies = {
    'no boundary': { type: 'multipart/form-data', body: 'abc' },
    truncated: {
      type: 'multipart/form-data; boundary=XX',
      body: '--XX\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc',
    },
    'mismatched boundary': {
      type: 'multipart/form-data; boundary=XX',
      body: '--YY\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc\r\n--YY--',
    },
  };
  const urls = [
    '/api/auth/profile-upload-avatar/',
    '/api/auth/profile-upload-proof/',
    '/api/base/contact-requests/',
  ];
  for (const url of urls) {
    for (const [name, { type, body }] of Object.entries(bodies)) {
      it(`${url} with ${name} answers 400`, async () => {
        const teacher = await registerUser(t.app, { role: 'teacher' });
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(teacher.access), 'content-type': type },
          payload: body,
          remoteAddress: uniqueIp(),
        });
        expectErrorBody(response, 400);
      });
    }
  }
});

describe('path parameters and URLs', () => {
  it('a path parameter over 100 characters answers 404 with the error body', async () => {
    for (const url of [
      `/api/blog/blogs/${'a'.repeat(150)}/`,
      `/api/blog/articles/${'a'.repeat(150)}/`,
      `/api/auth/profile/${'1'.repeat(150)}/`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(user.access) });
      expectErrorBody(response, 404);
    }
  });

  it('an undecodable URL answers 400 with the error body', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/blog/blogs/%zz/' }), 400);
  });
});

describe('declared body sizes', () => {
  it('refuses a contact form declaring 100 MB before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/base/contact-requests/',
      headers: {
        'content-type': 'multipart/form-data; boundary=XX',
        'content-length': String(100 * 1024 * 1024),
      },
      payload: '--XX--\r\n',
      remoteAddress: uniqueIp(),
    });
    expectErrorBody(response, 413);
  });

  it('refuses an avatar upload declaring more than an avatar can be', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile-upload-avatar/',
      headers: {
        ...bearer(user.access),
        'content-type': 'multipart/form-data; boundary=XX',
        'content-length': String(50 * 1024 * 1024),
      },
      payload: '--XX--\r\n',
    });
    expectErrorBody(response, 413);
  });
});

/** The port the app listens on, listening first if it does not yet. */
async function listeningPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('slow clients', () => {
  it('closes a connection whose body drips in slower than the minimum rate', async () => {
    const port = await listeningPort();
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        );
      });
      const drip = setInterval(() => socket.write(' '), 500);
      const giveUp = setTimeout(() => {
        clearInterval(drip);
        socket.destroy();
        reject(new Error('the slow connection was still open after 8 s'));
      }, 8000);
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(giveUp);
        resolve(Date.now() - started);
      });
    });
    // SLOW_BODY_WINDOW_MS is 1 s here (10 s by default)
    expect(closedAfter).toBeLessThan(3000);
  });

  it('answers 413 to a body declared too large and closes the connection instead of reading the trickle', async () => {
    const port = await listeningPort();
    const started = Date.now();
    const { answer, closedAfter } = await new Promise<{ answer: string; closedAfter: number }>(
      (resolve, reject) => {
        let received = '';
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{',
          );
        });
        // fast enough for the slow-body gate: only the refusal may end this connection
        const drip = setInterval(() => socket.write(' '.repeat(8192)), 200);
        const giveUp = setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          reject(new Error('the refused connection was still open after 8 s'));
        }, 8000);
        socket.on('data', (data: Buffer) => {
          received += data.toString();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(drip);
          clearTimeout(giveUp);
          resolve({ answer: received, closedAfter: Date.now() - started });
        });
      },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closedAfter).toBeLessThan(3000);
  });

  it('lets a slow but steady upload through', async () => {
    const port = await listeningPort();
    const body = JSON.stringify({ username: 'u'.repeat(24_000), password: 'x' });
    const slices = [0, 1, 2, 3].map((i) => body.slice(i * 6010, (i + 1) * 6010));
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n`,
        );
        let sent = 0;
        const step = setInterval(() => {
          socket.write(slices[sent] ?? '');
          sent += 1;
          if (sent === slices.length) clearInterval(step);
        }, 600);
      });
      socket.on('data', (data: Buffer) => {
        received += data.toString();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    // the body was read whole and checked (the username is too long), not cut off
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('username');
  });
});
