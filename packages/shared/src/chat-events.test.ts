import { describe, expect, it } from 'vitest';

import { checkChatText, parseClientFrame, parseServerFrame } from './chat-events.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants.ts';

describe('client frames', () => {
  it.each([
    ['a message with a string temp id', { type: 'chat_message', message: 'Hi', temp_id: 't-1' }],
    ['a message with a numeric temp id', { type: 'chat_message', message: 'Hi', temp_id: 17 }],
    ['a message without a temp id', { type: 'chat_message', message: 'Hi' }],
    ['a read receipt', { type: 'read_receipt', message_ids: [1, 2, 3] }],
    ['a renewed token', { type: 'auth', token: 'header.payload.signature' }],
  ])('accepts %s', (_name, frame) => {
    expect(parseClientFrame(JSON.stringify(frame))).toMatchObject(frame);
  });

  it.each([
    ['text that is not JSON', 'hello'],
    ['JSON that is not an object', '42'],
    ['null', 'null'],
    ['an unknown type', JSON.stringify({ type: 'typing' })],
    ['a missing type', JSON.stringify({ message: 'Hi' })],
    ['a message that is not text', JSON.stringify({ type: 'chat_message', message: 5 })],
    ['a message without text', JSON.stringify({ type: 'chat_message' })],
    [
      'an object as temp id',
      JSON.stringify({ type: 'chat_message', message: 'Hi', temp_id: { a: 1 } }),
    ],
    ['a receipt without ids', JSON.stringify({ type: 'read_receipt', message_ids: [] })],
    ['a receipt with text ids', JSON.stringify({ type: 'read_receipt', message_ids: ['1'] })],
    ['a receipt with negative ids', JSON.stringify({ type: 'read_receipt', message_ids: [-1] })],
    [
      'a receipt with too many ids',
      JSON.stringify({
        type: 'read_receipt',
        message_ids: Array.from({ length: 201 }, (_, i) => i + 1),
      }),
    ],
    ['a renewal without a token', JSON.stringify({ type: 'auth', token: '' })],
    ['a renewal with a numeric token', JSON.stringify({ type: 'auth', token: 5 })],
    ['a renewal with a huge token', JSON.stringify({ type: 'auth', token: 'x'.repeat(4_097) })],
    [
      'a huge message',
      JSON.stringify({
        type: 'chat_message',
        message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH * 4 + 1),
      }),
    ],
  ])('refuses %s', (_name, data) => {
    expect(parseClientFrame(data)).toBeNull();
  });
});

describe('chat text', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['line one\nline two', 'line one\nline two'],
    ['x'.repeat(CHAT_MESSAGE_MAX_LENGTH), 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)],
    [` ${'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)} `, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH)],
    ['😀'.repeat(CHAT_MESSAGE_MAX_LENGTH), '😀'.repeat(CHAT_MESSAGE_MAX_LENGTH)],
  ])('keeps %j trimmed', (raw, text) => {
    expect(checkChatText(raw)).toEqual({ ok: true, text });
  });

  it.each([
    ['', 'message_blank'],
    ['   \n\t ', 'message_blank'],
    ['x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), 'message_too_long'],
  ])('refuses %j', (raw, code) => {
    expect(checkChatText(raw)).toMatchObject({ ok: false, code });
  });
});

describe('server frames', () => {
  it('reads an echo, a receipt and an error, and nothing else', () => {
    const echo = {
      type: 'chat_message',
      id: 9,
      message: 'Hi',
      sender: 'Asha Verma',
      sender_id: 3,
      sender_avatar: null,
      timestamp: '2026-01-01T00:00:00.000Z',
      temp_id: 't-1',
    };
    expect(parseServerFrame(JSON.stringify(echo))).toEqual(echo);
    expect(parseServerFrame(JSON.stringify({ type: 'read_receipt', message_ids: [9] }))).toEqual({
      type: 'read_receipt',
      message_ids: [9],
    });
    expect(
      parseServerFrame(JSON.stringify({ type: 'error', code: 'rate_limited', detail: 'Slow' })),
    ).toMatchObject({ type: 'error' });
    expect(parseServerFrame(JSON.stringify({ ...echo, id: undefined }))).toBeNull();
    expect(parseServerFrame('{')).toBeNull();
  });
});
