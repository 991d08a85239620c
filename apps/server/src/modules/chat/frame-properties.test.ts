/**
 * Property: whatever frames a participant sends, the socket answers each with
 * a message, a receipt or a clear error frame, never an internal error, and
 * stays open. Frames of every client type (and none) are generated with wrong
 * types, NUL characters, over-long and odd strings and huge numbers; runs are
 * reproducible (fixed seed), FUZZ_RUNS sets how many (default 12).
 *
 * `auth` frames are left to socket-lifetime.test.ts: a well-formed renewal
 * with a token that is not valid closes the socket on purpose.
 */
import type { ServerFrame } from '@gurumatch/shared/chat-events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createConversation, openChat, type ChatClient } from '../../../test/chat-fixtures.ts';
import { registerTeacher, registerUser } from '../../../test/factories.ts';

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
let client: ChatClient;

beforeAll(async () => {
  t = await buildTestApp();
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const [tutor, student] = await Promise.all([registerTeacher(t.app), registerUser(t.app)]);
  const { conversationId } = await createConversation(t.db, {
    tutorId: tutor.userId,
    studentId: student.userId,
  });
  client = await openChat(baseUrl, conversationId, student.access);
});

afterAll(async () => {
  await client.close();
  await t.close();
});

const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '😀',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    'x'.repeat(9000),
  ),
  fc.string({ maxLength: 40 }),
);
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nasty },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e300),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), nasty, { maxKeys: 2 }),
);
const shortId = fc.oneof(fc.string({ maxLength: 64 }), fc.integer(), fc.constant(null));
const frame = fc.oneof(
  // well-formed frames with odd content: what reaches the handlers
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('chat_message'), message: nasty, temp_id: shortId }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('read_receipt'),
      message_ids: fc.array(
        fc.oneof(fc.integer({ min: 1 }), fc.constant(Number.MAX_SAFE_INTEGER)),
        { minLength: 1, maxLength: 100 },
      ),
    }),
  },
  // and anything else
  fc.record(
    {
      type: fc.constantFrom('chat_message', 'read_receipt', 'typing', '', 'CHAT_MESSAGE'),
      message: anything,
      temp_id: anything,
      message_ids: fc.oneof(anything, fc.array(anything, { maxLength: 120 })),
    },
    { requiredKeys: ['type'] },
  ),
  anything,
);

describe('chat frames, fed malformed input', () => {
  it('answers every frame without an internal error and keeps the socket open', async () => {
    let probe = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 5 }), async (batch) => {
        for (const item of batch) client.send(JSON.stringify(item));
        // frames are handled in order: once the probe is answered, the batch was
        probe += 1;
        const tempId = `probe-${String(probe)}`;
        client.send({ type: 'chat_message', message: 'probe', temp_id: tempId });
        await client.next(
          (answer: ServerFrame) => 'temp_id' in answer && answer.temp_id === tempId,
        );
        const internal = client.frames.filter(
          (answer) => answer.type === 'error' && answer.code === 'internal_error',
        );
        expect(internal, JSON.stringify(batch).slice(0, 300)).toEqual([]);
        expect(client.socket.readyState).toBe(WebSocket.OPEN);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000);
});
