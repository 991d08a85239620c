/**
 * How long a chat socket lives (its token, its user's sessions), how many one
 * user may hold, and the rate limit across instances (decision 043).
 */
import os from 'node:os';

import type { ServerFrame } from '@gurumatch/shared/chat-events';
import {
  CHAT_RATE_LIMIT_MESSAGES,
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
  CHAT_SOCKETS_PER_USER_MAX,
} from '@gurumatch/shared/constants';
import type { TokenPair } from '@gurumatch/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import {
  buildTestApp,
  startTwoInstances,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { createConversation, openChat, type ChatClient } from '../../../test/chat-fixtures.ts';
import {
  bearer,
  registerTeacher,
  registerUser,
  resetPasswordByMail,
  rows,
  signIn,
  signInNewAdministrator,
  type RegisteredUser,
  type SignedInAdministrator,
} from '../../../test/factories.ts';
import { signToken } from '../../../test/tokens.ts';
import { openDb, type Db } from '../../db/connection.ts';

let t: TestApp;
let baseUrl: string;
let admin: SignedInAdministrator;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signInNewAdministrator(t.app, t.db);
});

afterAll(async () => {
  await t.close();
});

function isMessage(frame: ServerFrame): frame is Extract<ServerFrame, { type: 'chat_message' }> {
  return frame.type === 'chat_message';
}

/** A pair in a new conversation of their own. */
async function pair(): Promise<{ tutor: RegisteredUser; student: RegisteredUser; id: number }> {
  const [tutor, student] = await Promise.all([registerTeacher(t.app), registerUser(t.app)]);
  const { conversationId } = await createConversation(t.db, {
    tutorId: tutor.userId,
    studentId: student.userId,
  });
  return { tutor, student, id: conversationId };
}

/** A token of `user` signed now on `clock`, living `lifetimeSeconds`. */
function tokenOf(user: RegisteredUser, now: Date, lifetimeSeconds: number): Promise<string> {
  return signToken(
    { ...user.claims, exp: undefined, iat: undefined, jti: undefined },
    TEST_JWT_SECRET,
    now,
    lifetimeSeconds,
  );
}

async function contentsOf(conversationId: number): Promise<string[]> {
  const stored = await rows<{ content: string }>(
    t.db,
    'SELECT content FROM messages WHERE conversation_id = $1 ORDER BY id',
    [conversationId],
  );
  return stored.map((row) => row.content);
}

/** Resolves with the close code, or rejects when the socket is still open after `ms`. */
function closedWithin(client: ChatClient, ms: number): Promise<number> {
  return Promise.race([
    client.closed,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error(`still open after ${String(ms)} ms`)), ms),
    ),
  ]);
}

function suspend(app: FastifyInstance, userId: number): Promise<number> {
  return app
    .inject({
      method: 'POST',
      url: `/api/admin/users/${String(userId)}/suspend/`,
      headers: bearer(admin.access),
      payload: { reason: 'Abusive messages' },
    })
    .then((response) => response.statusCode);
}

/** Resets `user`'s password through `app`, with the link mailed to them. */
function resetPassword(app: FastifyInstance, user: RegisteredUser): Promise<number> {
  return resetPasswordByMail(app, t.ctx.outbox, user.email);
}

describe('a chat socket lives as long as its token', () => {
  it('is closed with 4001 when its token expires, without a frame from the client', async () => {
    const { tutor, id } = await pair();
    const shortLived = await tokenOf(tutor, t.clock.now(), 2);
    const client = await openChat(baseUrl, id, shortLived);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(await closedWithin(client, 5_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
  });

  it('refuses a message sent after its token expired: closed with 4001, nothing stored', async () => {
    const other = await buildTestApp({ db: t.db });
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { tutor, id } = await pair();
      const token = await tokenOf(tutor, other.clock.now(), 300);
      const client = await openChat(url, id, token);
      client.send({ type: 'chat_message', message: 'while valid', temp_id: 1 });
      await client.next(isMessage);
      other.clock.advance(345_000);
      client.send({ type: 'chat_message', message: 'after expiry', temp_id: 2 });
      expect(await closedWithin(client, 5_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
      expect(await contentsOf(id)).toEqual(['while valid']);
      expect(client.frames.filter(isMessage)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('lives on a renewed token sent in an auth frame past the first one expiry', async () => {
    const { tutor, id } = await pair();
    const client = await openChat(baseUrl, id, await tokenOf(tutor, t.clock.now(), 2));
    client.send({ type: 'auth', token: tutor.access });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.send({ type: 'chat_message', message: 'still here', temp_id: 'r' });
    expect(await client.next(isMessage)).toMatchObject({ message: 'still here', temp_id: 'r' });
    await client.close();
  });

  it("closes with 4001 on a renewal that is not a valid token of the socket's own user", async () => {
    const { tutor, student, id } = await pair();
    for (const token of ['not-a-token', student.access, await tokenOf(tutor, t.clock.now(), -5)]) {
      const client = await openChat(baseUrl, id, tutor.access);
      client.send({ type: 'auth', token });
      client.send({ type: 'chat_message', message: 'after a bad renewal' });
      expect(await closedWithin(client, 5_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    }
    const malformed = await openChat(baseUrl, id, tutor.access);
    malformed.send({ type: 'auth', token: 42 });
    expect(await malformed.next((f) => f.type === 'error')).toMatchObject({
      code: 'invalid_frame',
    });
    expect(malformed.socket.readyState).toBe(WebSocket.OPEN);
    await malformed.close();
    expect(await contentsOf(id)).toEqual([]);
  });
});

describe("a chat socket ends with its user's sessions", () => {
  it('closes at once when the user is suspended; what they send then is not stored', async () => {
    const { tutor, student, id } = await pair();
    const studentSocket = await openChat(baseUrl, id, student.access);
    const tutorSocket = await openChat(baseUrl, id, tutor.access);
    expect(await suspend(t.app, student.userId)).toBe(200);
    studentSocket.send({ type: 'chat_message', message: 'after suspension', temp_id: 's' });
    expect(await closedWithin(studentSocket, 2_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    // the other side stays
    tutorSocket.send({ type: 'chat_message', message: 'tutor still here', temp_id: 't' });
    await tutorSocket.next(isMessage);
    expect(await contentsOf(id)).toEqual(['tutor still here']);
    expect(tutorSocket.frames.filter(isMessage).map((f) => f.message)).toEqual([
      'tutor still here',
    ]);
    // and the suspended user cannot open another
    const again = await openChat(baseUrl, id, student.access);
    expect(await again.closed).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    await tutorSocket.close();
  });

  it('closes at once after a password reset; a socket signed in after it stays open', async () => {
    const { student, id } = await pair();
    const before = await openChat(baseUrl, id, student.access);
    t.clock.advance(2_000);
    expect(await resetPassword(t.app, student)).toBe(200);
    expect(await closedWithin(before, 2_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);

    t.clock.advance(1_000);
    const signedIn = await signIn(t.app, student.email, 'N3w!Password');
    expect(signedIn.statusCode).toBe(200);
    const after = await openChat(baseUrl, id, signedIn.json<TokenPair>().access);
    after.send({ type: 'chat_message', message: 'with the new password', temp_id: 'n' });
    expect(await after.next(isMessage)).toMatchObject({ message: 'with the new password' });
    expect(await contentsOf(id)).toEqual(['with the new password']);
    await after.close();
  });
});

describe('chat sockets per user', () => {
  it(`keeps at most ${String(CHAT_SOCKETS_PER_USER_MAX)} of one user open, closing the oldest with 4008`, async () => {
    const { tutor, student, id } = await pair();
    const sockets: ChatClient[] = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_USER_MAX; i += 1) {
      sockets.push(await openChat(baseUrl, id, tutor.access));
    }
    const studentSocket = await openChat(baseUrl, id, student.access);
    expect(sockets.every((s) => s.socket.readyState === WebSocket.OPEN)).toBe(true);

    sockets.push(await openChat(baseUrl, id, tutor.access));
    expect(await closedWithin(sockets[0] as ChatClient, 2_000)).toBe(CHAT_SOCKET_CLOSE_TOO_MANY);
    sockets.push(await openChat(baseUrl, id, tutor.access));
    expect(await closedWithin(sockets[1] as ChatClient, 2_000)).toBe(CHAT_SOCKET_CLOSE_TOO_MANY);

    const open = sockets.slice(2);
    expect(open).toHaveLength(CHAT_SOCKETS_PER_USER_MAX);
    expect(open.every((s) => s.socket.readyState === WebSocket.OPEN)).toBe(true);
    expect(studentSocket.socket.readyState).toBe(WebSocket.OPEN);
    // the newest works
    open.at(-1)?.send({ type: 'chat_message', message: 'newest', temp_id: 'n' });
    expect(await studentSocket.next(isMessage)).toMatchObject({ message: 'newest' });

    // one closed by its user makes room: nothing else is closed
    await open[0]?.close();
    sockets.push(await openChat(baseUrl, id, tutor.access));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(open.slice(1).every((s) => s.socket.readyState === WebSocket.OPEN)).toBe(true);
    await Promise.all([...sockets, studentSocket].map((s) => s.close()));
  });
});

/**
 * On PostgreSQL, connections of its own to the same schema, as a second
 * instance has (the embedded database has one connection: then null).
 */
async function ownConnection(db: Db): Promise<Db | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return null;
  const [row] = await rows<{ schema: string }>(db, 'SELECT current_schema() AS schema');
  return openDb({ databaseUrl, dataDir: os.tmpdir(), schema: row?.schema ?? '' });
}

describe.skipIf(!process.env.REDIS_URL)('two instances through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let urlOne: string;
  let urlTwo: string;
  let dbTwo: Db | null;

  beforeAll(async () => {
    dbTwo = await ownConnection(t.db);
    ({ one, two, urlOne, urlTwo } = await startTwoInstances(t.db, 'lifetime', dbTwo ?? t.db));
  });

  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
    await dbTwo?.close();
  });

  it('a suspension on one closes the user’s socket on the other at once', async () => {
    const { tutor, student, id } = await pair();
    const studentSocket = await openChat(urlTwo, id, student.access);
    const tutorSocket = await openChat(urlOne, id, tutor.access);
    expect(await suspend(one.app, student.userId)).toBe(200);
    studentSocket.send({ type: 'chat_message', message: 'after suspension', temp_id: 's' });
    expect(await closedWithin(studentSocket, 2_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    tutorSocket.send({ type: 'chat_message', message: 'tutor still here', temp_id: 't' });
    await tutorSocket.next(isMessage);
    expect(await contentsOf(id)).toEqual(['tutor still here']);
    await tutorSocket.close();
  });

  it('a password reset on one closes the user’s sockets on both at once', async () => {
    const { student, id } = await pair();
    const onOne = await openChat(urlOne, id, student.access);
    const onTwo = await openChat(urlTwo, id, student.access);
    one.clock.advance(2_000);
    expect(await resetPassword(one.app, student)).toBe(200);
    expect(await closedWithin(onOne, 2_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    expect(await closedWithin(onTwo, 2_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);

    // a token issued after the reset opens a socket on the other instance
    one.clock.advance(1_000);
    const signedIn = await signIn(one.app, student.email, 'N3w!Password');
    const after = await openChat(urlTwo, id, signedIn.json<TokenPair>().access);
    after.send({ type: 'chat_message', message: 'new session', temp_id: 'n' });
    expect(await after.next(isMessage)).toMatchObject({ message: 'new session' });
    await after.close();
  });

  it('an expired token closes its socket on either instance, and a renewal keeps it open', async () => {
    const { tutor, student, id } = await pair();
    const expiring = await openChat(urlTwo, id, await tokenOf(student, two.clock.now(), 2));
    const renewed = await openChat(urlOne, id, await tokenOf(tutor, one.clock.now(), 2));
    renewed.send({ type: 'auth', token: tutor.access });
    expect(await closedWithin(expiring, 5_000)).toBe(CHAT_SOCKET_CLOSE_UNAUTHORIZED);
    expect(renewed.socket.readyState).toBe(WebSocket.OPEN);
    renewed.send({ type: 'chat_message', message: 'renewed', temp_id: 'r' });
    expect(await renewed.next(isMessage)).toMatchObject({ message: 'renewed' });
    await renewed.close();
  });

  it('holds one sender to 20 messages in 10 s when they send on both at once', async () => {
    const sender = await registerTeacher(t.app);
    const student = await registerUser(t.app);
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        createConversation(t.db, { tutorId: sender.userId, studentId: student.userId }),
      ),
    );
    if (!first || !second) throw new Error('unreachable');
    const a = await openChat(urlOne, first.conversationId, sender.access);
    const b = await openChat(urlTwo, second.conversationId, sender.access);
    const replies = (): number => a.frames.length + b.frames.length;
    // each round: one short of the limit on one instance, then a burst on both at once
    for (let round = 0; round < 3; round += 1) {
      two.clock.set(one.clock.now());
      const before = replies();
      for (let i = 0; i < CHAT_RATE_LIMIT_MESSAGES - 1; i += 1) {
        a.send({ type: 'chat_message', message: `r${String(round)} a${String(i)}` });
      }
      await expect.poll(replies).toBe(before + CHAT_RATE_LIMIT_MESSAGES - 1);
      for (let i = 0; i < 3; i += 1) {
        a.send({ type: 'chat_message', message: `r${String(round)} burst a${String(i)}` });
        b.send({ type: 'chat_message', message: `r${String(round)} burst b${String(i)}` });
      }
      await expect.poll(replies).toBe(before + CHAT_RATE_LIMIT_MESSAGES + 5);
      const stored = [
        ...(await contentsOf(first.conversationId)),
        ...(await contentsOf(second.conversationId)),
      ].filter((content) => content.startsWith(`r${String(round)} `));
      expect(stored, `round ${String(round)}`).toHaveLength(CHAT_RATE_LIMIT_MESSAGES);
      one.clock.advance(11_000);
    }
    const frames = [...a.frames, ...b.frames];
    expect(frames.filter(isMessage)).toHaveLength(3 * CHAT_RATE_LIMIT_MESSAGES);
    expect(frames.filter((f) => f.type === 'error' && f.code === 'rate_limited')).toHaveLength(
      3 * 5,
    );
    await Promise.all([a.close(), b.close()]);
  });
});
