import type { ServerFrame } from '@gurumatch/shared/chat-events';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_RATE_LIMIT_MESSAGES,
  CHAT_RATE_LIMIT_WINDOW_SECONDS,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import type {
  ChatMessageList,
  ConversationDetail,
  ConversationList,
} from '@gurumatch/shared/schemas/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import {
  buildTestApp,
  startTwoInstances,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { createConversation, openChat, storeMessage } from '../../../test/chat-fixtures.ts';
import {
  bearer,
  registerTeacher,
  registerUser,
  rows,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { signToken } from '../../../test/tokens.ts';

let t: TestApp;
let baseUrl: string;
let tutor: RegisteredUser;
let student: RegisteredUser;
let outsider: RegisteredUser;
let conversationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [tutor, student, outsider] = await Promise.all([
    registerTeacher(t.app, { full_name: 'Ravi Kumar' }),
    registerUser(t.app, { full_name: 'Asha Verma' }),
    registerUser(t.app, { full_name: 'Someone Else' }),
  ]);
  ({ conversationId } = await createConversation(t.db, {
    tutorId: tutor.userId,
    studentId: student.userId,
  }));
});

afterAll(async () => {
  await t.close();
});

function isMessage(frame: ServerFrame): frame is Extract<ServerFrame, { type: 'chat_message' }> {
  return frame.type === 'chat_message';
}

async function storedMessages(
  id: number,
): Promise<{ id: number; content: string; sender_id: number; read_at: Date | null }[]> {
  return rows(
    t.db,
    'SELECT id::float8 AS id, content, sender_id, read_at FROM messages WHERE conversation_id = $1 ORDER BY id',
    [id],
  );
}

describe('chat REST', () => {
  const paths = (id: number): string[] => [
    '/api/chat/conversations/',
    `/api/chat/conversations/${String(id)}/detail/`,
    `/api/chat/conversations/${String(id)}/messages/`,
    '/api/chat/messages-list/unread_count/',
  ];

  it('refuses every call without a token', async () => {
    for (const url of paths(conversationId)) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json<{ detail: string }>().detail).toBeTruthy();
    }
  });

  it('keeps a conversation from anyone but its two participants', async () => {
    for (const url of paths(conversationId).slice(1, 3)) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(outsider.access) });
      expect(response.statusCode, url).toBe(403);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations/',
      headers: bearer(outsider.access),
    });
    expect(list.json<ConversationList>()).toMatchObject({ count: 0, results: [] });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations/999999/detail/',
      headers: bearer(tutor.access),
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations/abc/messages/?page=x',
      headers: bearer(tutor.access),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lists conversations 10 a page, latest activity first, with the other person and unread count', async () => {
    const teacher = await registerTeacher(t.app, { full_name: 'Busy Tutor' });
    const students = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        registerUser(t.app, { full_name: `Student ${String(i)}` }),
      ),
    );
    const started = new Date('2026-01-01T10:00:00Z');
    const ids: number[] = [];
    for (const [i, s] of students.entries()) {
      const { conversationId: id } = await createConversation(t.db, {
        tutorId: teacher.userId,
        studentId: s.userId,
        at: new Date(started.getTime() + i * 60_000),
      });
      ids.push(id);
    }
    // the first conversation gets two unread messages: it moves to the top
    await storeMessage(t.db, {
      conversationId: ids[0] ?? 0,
      senderId: students[0]?.userId ?? 0,
      content: 'Hello',
      at: new Date('2026-02-01T10:00:00Z'),
    });
    await storeMessage(t.db, {
      conversationId: ids[0] ?? 0,
      senderId: students[0]?.userId ?? 0,
      content: 'Are you there?',
      at: new Date('2026-02-01T10:01:00Z'),
    });

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations/',
      headers: bearer(teacher.access),
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<ConversationList>();
    expect(page1.count).toBe(11);
    expect(page1.results).toHaveLength(10);
    expect(page1.next).toMatch(/\/api\/chat\/conversations\/\?page=2$/);
    expect(page1.previous).toBeNull();
    expect(page1.results[0]).toMatchObject({
      id: ids[0],
      unread_count: 2,
      last_active: '2026-02-01T10:01:00.000Z',
      other_user: { id: students[0]?.userId, full_name: 'Student 0' },
      enquiry: { subject: 'Mathematics', class_level: 'Class 10' },
    });
    expect(page1.results[1]).toMatchObject({ id: ids[10], unread_count: 0, last_active: null });

    const second = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations/?page=2',
      headers: bearer(teacher.access),
    });
    const page2 = second.json<ConversationList>();
    expect(page2.results.map((c) => c.id)).toEqual([ids[1]]);
    expect(page2.next).toBeNull();

    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/chat/messages-list/unread_count/',
      headers: bearer(teacher.access),
    });
    expect(unread.json()).toEqual({ unread_count: 2 });
    const ownUnread = await t.app.inject({
      method: 'GET',
      url: '/api/chat/messages-list/unread_count/',
      headers: bearer(students[0]?.access ?? ''),
    });
    expect(ownUnread.json()).toEqual({ unread_count: 0 });
  });

  it('answers the detail and the messages, newest last, paged back from the newest', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await storeMessage(t.db, {
          conversationId: id,
          senderId: i % 2 === 0 ? tutor.userId : student.userId,
          content: `m${String(i)}`,
          at: new Date(Date.UTC(2026, 0, 1, 10, i)),
          read: i === 0,
        }),
      );
    }
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${String(id)}/detail/`,
      headers: bearer(student.access),
    });
    expect(detail.json<ConversationDetail>()).toMatchObject({
      id,
      my_role: 'student',
      other_user: { id: tutor.userId, full_name: 'Ravi Kumar' },
      enquiry: { subject: 'Mathematics', class_level: 'Class 10' },
    });

    const latest = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${String(id)}/messages/?page_size=2`,
      headers: bearer(student.access),
    });
    const page = latest.json<ChatMessageList>();
    expect(page.count).toBe(5);
    expect(page.results.map((m) => m.content)).toEqual(['m3', 'm4']);
    expect(page.results[1]).toMatchObject({
      sender: { id: tutor.userId, full_name: 'Ravi Kumar' },
      read: false,
      timestamp: '2026-01-01T10:04:00.000Z',
    });
    expect(page.next).toMatch(/page_size=2&page=2$/);

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${String(id)}/messages/?after=${String(ids[1])}`,
      headers: bearer(tutor.access),
    });
    expect(after.json<ChatMessageList>().results.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
  });
});

describe('chat socket', () => {
  it('closes with 4001 without a token, with a bad one and with an expired one', async () => {
    const expired = await signToken(
      { ...tutor.claims, exp: undefined, iat: undefined, jti: undefined },
      TEST_JWT_SECRET,
      new Date(Date.now() - 10 * 60_000),
    );
    const forged = await signToken(
      { ...tutor.claims, exp: undefined, iat: undefined, jti: undefined },
      'another-secret-of-16-chars',
    );
    for (const token of [undefined, '', 'not-a-token', expired, forged]) {
      const client = await openChat(baseUrl, conversationId, token);
      expect(await client.closed, String(token)).toBe(4001);
    }
  });

  it('closes with 4003 for someone who is not a participant, or no conversation', async () => {
    const client = await openChat(baseUrl, conversationId, outsider.access);
    expect(await client.closed).toBe(4003);
    const missing = await openChat(baseUrl, 987654, tutor.access);
    expect(await missing.closed).toBe(4003);
    const nonsense = await openChat(baseUrl, -1, tutor.access);
    expect(await nonsense.closed).toBe(4003);
  });

  it('stores a message before echoing it to both sides with its id and the temp id', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, tutor.access);
    const b = await openChat(baseUrl, id, student.access);
    a.send({ type: 'chat_message', message: '  Hello, when can we start?  ', temp_id: 'tmp-1' });
    const echo = await a.next(isMessage);
    const received = await b.next(isMessage);
    expect(echo).toEqual(received);
    expect(echo).toMatchObject({
      type: 'chat_message',
      message: 'Hello, when can we start?',
      sender: 'Ravi Kumar',
      sender_id: tutor.userId,
      temp_id: 'tmp-1',
    });
    const stored = await storedMessages(id);
    expect(stored).toEqual([
      expect.objectContaining({
        id: (echo as { id: number }).id,
        content: 'Hello, when can we start?',
        read_at: null,
      }),
    ]);
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses blank and 2,001-character messages, and takes 2,000 characters', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, tutor.access);
    a.send({ type: 'chat_message', message: '   \n ', temp_id: 'blank' });
    a.send({
      type: 'chat_message',
      message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
      temp_id: 'long',
    });
    a.send({ type: 'chat_message', message: 'y'.repeat(CHAT_MESSAGE_MAX_LENGTH), temp_id: 'max' });
    expect(await a.next((f) => f.type === 'error' && f.temp_id === 'blank')).toMatchObject({
      code: 'message_blank',
    });
    expect(await a.next((f) => f.type === 'error' && f.temp_id === 'long')).toMatchObject({
      code: 'message_too_long',
    });
    await a.next((f) => isMessage(f) && f.temp_id === 'max');
    const stored = await storedMessages(id);
    expect(stored.map((m) => m.content.length)).toEqual([CHAT_MESSAGE_MAX_LENGTH]);
    await a.close();
  });

  it('answers malformed frames with an error frame and keeps working', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, student.access);
    for (const bad of [
      'not json',
      '{"type":"typing"}',
      '[]',
      'null',
      '{"type":"read_receipt","message_ids":"1"}',
    ]) {
      a.send(bad);
    }
    a.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await expect
      .poll(() => a.frames.filter((f) => f.type === 'error' && f.code === 'invalid_frame').length)
      .toBe(6);
    a.send({ type: 'chat_message', message: 'still here', temp_id: 7 });
    expect(await a.next(isMessage)).toMatchObject({ message: 'still here', temp_id: 7 });
    expect(a.socket.readyState).toBe(WebSocket.OPEN);
    await a.close();
  });

  it('refuses a message holding a NUL character with a validation error frame, storing nothing', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, student.access);
    a.send({ type: 'chat_message', message: 'a\u0000b', temp_id: 'nul' });
    expect(await a.next((f) => f.type === 'error' && f.temp_id === 'nul')).toMatchObject({
      code: 'validation_error',
      detail: MESSAGES.nulCharacter,
    });
    a.send({ type: 'chat_message', message: 'still here', temp_id: 'after' });
    await a.next((f) => isMessage(f) && f.temp_id === 'after');
    expect((await storedMessages(id)).map((m) => m.content)).toEqual(['still here']);
    await a.close();
  });

  it('limits a sender to 20 messages in 10 seconds', async () => {
    const sender = await registerTeacher(t.app, { full_name: 'Fast Typist' });
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: sender.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, sender.access);
    for (let i = 0; i < CHAT_RATE_LIMIT_MESSAGES + 5; i += 1) {
      a.send({ type: 'chat_message', message: `m${String(i)}`, temp_id: i });
    }
    await expect.poll(() => a.frames.length).toBe(CHAT_RATE_LIMIT_MESSAGES + 5);
    expect(a.frames.filter(isMessage)).toHaveLength(CHAT_RATE_LIMIT_MESSAGES);
    expect(a.frames.filter((f) => f.type === 'error' && f.code === 'rate_limited')).toHaveLength(5);
    expect(await storedMessages(id)).toHaveLength(CHAT_RATE_LIMIT_MESSAGES);
    await a.close();
  });

  it('counts one sender across conversations and sockets, and lets them write again after 10 seconds', async () => {
    const sender = await registerTeacher(t.app, { full_name: 'Two Windows' });
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        createConversation(t.db, { tutorId: sender.userId, studentId: student.userId }),
      ),
    );
    if (!first || !second) throw new Error('unreachable');
    const a = await openChat(baseUrl, first.conversationId, sender.access);
    const b = await openChat(baseUrl, second.conversationId, sender.access);
    for (let i = 0; i < 13; i += 1) {
      a.send({ type: 'chat_message', message: `a${String(i)}`, temp_id: i });
      b.send({ type: 'chat_message', message: `b${String(i)}`, temp_id: i });
    }
    await expect.poll(() => a.frames.length + b.frames.length).toBe(26);
    const frames = [...a.frames, ...b.frames];
    expect(frames.filter(isMessage)).toHaveLength(CHAT_RATE_LIMIT_MESSAGES);
    expect(frames.filter((f) => f.type === 'error' && f.code === 'rate_limited')).toHaveLength(6);
    const stored =
      (await storedMessages(first.conversationId)).length +
      (await storedMessages(second.conversationId)).length;
    expect(stored).toBe(CHAT_RATE_LIMIT_MESSAGES);

    t.clock.advance(CHAT_RATE_LIMIT_WINDOW_SECONDS * 1000 + 1);
    a.send({ type: 'chat_message', message: 'later', temp_id: 'later' });
    expect(await a.next((f) => isMessage(f) && f.message === 'later')).toMatchObject({
      temp_id: 'later',
    });
    await Promise.all([a.close(), b.close()]);
  });

  it('moves the conversation to the top of both lists once a message is delivered', async () => {
    // a pair of their own, with conversations dated on the app's clock (which the
    // message is stamped with), whatever the real time spent until now
    const [teacher, learner] = await Promise.all([registerTeacher(t.app), registerUser(t.app)]);
    const started = t.clock.now().getTime();
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: teacher.userId,
      studentId: learner.userId,
      at: new Date(started - 60_000),
    });
    await createConversation(t.db, {
      tutorId: teacher.userId,
      studentId: learner.userId,
      at: new Date(started - 30_000),
    });
    const a = await openChat(baseUrl, id, teacher.access);
    a.send({ type: 'chat_message', message: 'Top of the list', temp_id: 'top' });
    const echo = await a.next(isMessage);
    if (!isMessage(echo)) throw new Error('unreachable');
    for (const user of [teacher, learner]) {
      await expect
        .poll(async () => {
          const response = await t.app.inject({
            method: 'GET',
            url: '/api/chat/conversations/',
            headers: bearer(user.access),
          });
          const first = response.json<ConversationList>().results[0];
          return first && { id: first.id, last_active: first.last_active };
        })
        .toEqual({ id, last_active: echo.timestamp });
    }
    await a.close();
  });

  it('marks messages read on a receipt and tells the sender; own messages stay unread', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    const a = await openChat(baseUrl, id, tutor.access);
    const b = await openChat(baseUrl, id, student.access);
    a.send({ type: 'chat_message', message: 'Please read this', temp_id: 'r1' });
    const echo = await b.next(isMessage);
    if (!isMessage(echo)) throw new Error('unreachable');
    a.send({ type: 'read_receipt', message_ids: [echo.id] });
    b.send({ type: 'read_receipt', message_ids: [echo.id, 999_999] });
    const receipt = await a.next((f) => f.type === 'read_receipt');
    expect(receipt).toMatchObject({ message_ids: [echo.id], reader_id: student.userId });
    const [stored] = await storedMessages(id);
    expect(stored?.read_at).not.toBeNull();
    // a second receipt changes nothing and sends nothing
    b.send({ type: 'read_receipt', message_ids: [echo.id] });
    b.send({ type: 'chat_message', message: 'ok', temp_id: 'after' });
    await a.next((f) => isMessage(f) && f.message === 'ok');
    expect(a.frames.filter((f) => f.type === 'read_receipt')).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps the order of one sender even when frames arrive together', async () => {
    const { conversationId: id } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: outsider.userId,
    });
    const a = await openChat(baseUrl, id, outsider.access);
    const b = await openChat(baseUrl, id, tutor.access);
    for (let i = 0; i < 10; i += 1) a.send({ type: 'chat_message', message: `n${String(i)}` });
    await expect.poll(() => b.frames.filter(isMessage).length).toBe(10);
    const received = b.frames.filter(isMessage);
    expect(received.map((f) => f.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `n${String(i)}`),
    );
    expect(received.map((f) => f.id)).toEqual([...received.map((f) => f.id)].sort((x, y) => x - y));
    await Promise.all([a.close(), b.close()]);
  });

  it('closes an upgrade on a path that is not a socket instead of hanging', async () => {
    for (const path of ['/api/health', '/no-such-page', '/ws/chat/']) {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${path}`);
      socket.on('error', () => undefined);
      const code = await new Promise<number>((resolve) => {
        socket.on('close', (closeCode) => resolve(closeCode));
      });
      expect(code, path).not.toBe(4001);
    }
    // the server still answers afterwards
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two instances through Redis', () => {
  it('deliver messages and read receipts from a socket on one to a socket on the other', async () => {
    const { urlOne, urlTwo, close } = await startTwoInstances(t.db, 'chat');
    try {
      const { conversationId: id } = await createConversation(t.db, {
        tutorId: tutor.userId,
        studentId: student.userId,
      });
      const a = await openChat(urlOne, id, tutor.access);
      const b = await openChat(urlTwo, id, student.access);
      a.send({ type: 'chat_message', message: 'Across instances', temp_id: 'x1' });
      const received = await b.next(isMessage);
      expect(received).toMatchObject({ message: 'Across instances', sender_id: tutor.userId });
      expect(await a.next(isMessage)).toEqual(received);
      if (!isMessage(received)) throw new Error('unreachable');
      b.send({ type: 'read_receipt', message_ids: [received.id] });
      expect(await a.next((f) => f.type === 'read_receipt')).toMatchObject({
        message_ids: [received.id],
      });
      b.send({ type: 'chat_message', message: 'And back', temp_id: 'x2' });
      expect(await a.next((f) => isMessage(f) && f.message === 'And back')).toMatchObject({
        sender_id: student.userId,
      });
      await Promise.all([a.close(), b.close()]);
    } finally {
      await close();
    }
  });
});

describe('shutdown', () => {
  it('closes open chat sockets with 1001 so clients reconnect elsewhere', async () => {
    const other = await buildTestApp({ db: t.db });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const a = await openChat(url, conversationId, tutor.access);
    a.send({ type: 'chat_message', message: 'before shutdown', temp_id: 's' });
    await a.next(isMessage);
    await other.close();
    expect(await a.closed).toBe(1001);
  });
});
