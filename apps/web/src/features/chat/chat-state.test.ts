import type { ServerChatMessage } from '@gurumatch/shared/chat-events';
import type { ChatMessage } from '@gurumatch/shared/schemas/chat';
import { describe, expect, it } from 'vitest';

import {
  addPending,
  applyEcho,
  applyReadReceipt,
  catchUpAfter,
  lastStoredId,
  markInFlight,
  mergeStored,
  settleInFlight,
  type ChatItem,
} from './chat-state.ts';

const ME = 1;
const THEM = 2;

function stored(id: number, senderId: number, content = `m${String(id)}`): ChatMessage {
  return {
    id,
    sender: { id: senderId, username: 'u', full_name: `User ${String(senderId)}`, avatar: null },
    content,
    read: false,
    timestamp: '2026-01-01T10:00:00.000Z',
  };
}

function echo(
  id: number,
  senderId: number,
  tempId: string | null,
  message = 'hi',
): ServerChatMessage {
  return {
    type: 'chat_message',
    id,
    message,
    sender: `User ${String(senderId)}`,
    sender_id: senderId,
    sender_avatar: null,
    timestamp: '2026-01-01T10:00:00.000Z',
    temp_id: tempId,
  };
}

function pending(items: ChatItem[], tempId: string, content = 'hi'): ChatItem[] {
  return addPending(items, { tempId, senderId: ME, senderName: 'Me', content, at: new Date() });
}

describe('chat state', () => {
  it('replaces the optimistic message by its echo, keeping its place and key', () => {
    let items = mergeStored([], [stored(1, THEM)]);
    items = pending(items, 't1');
    const key = items[1]?.key;
    items = applyEcho(items, echo(5, ME, 't1'));
    expect(items.map((item) => [item.id, item.pending, item.key])).toEqual([
      [1, false, 'm1'],
      [5, false, key],
    ]);
  });

  it('never shows a message twice, whichever of echo and fetch comes first', () => {
    let items = mergeStored([], [stored(1, THEM), stored(2, THEM)]);
    items = applyEcho(items, echo(2, THEM, null));
    items = applyEcho(items, echo(3, THEM, null));
    items = mergeStored(items, [stored(2, THEM), stored(3, THEM), stored(4, THEM)]);
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(lastStoredId(items)).toBe(4);
  });

  it('catches up from before the oldest own unread message, so a missed receipt still lands', () => {
    const read = { ...stored(3, ME), read: true };
    const items = mergeStored(
      [],
      [stored(2, THEM), read, stored(5, ME), stored(6, ME), stored(9, THEM)],
    );
    expect(catchUpAfter(items, ME)).toBe(4);
    const allRead = mergeStored([], [read, stored(9, THEM)]);
    expect(catchUpAfter(allRead, ME)).toBe(9);
  });

  it('keeps stored messages in id order and pending ones last', () => {
    let items = pending([], 't1');
    items = mergeStored(items, [stored(7, THEM), stored(3, THEM)]);
    expect(items.map((item) => item.id)).toEqual([3, 7, null]);
  });

  it('marks read what a receipt names', () => {
    let items = mergeStored([], [stored(1, ME), stored(2, ME)]);
    items = applyReadReceipt(items, [2]);
    expect(items.map((item) => item.read)).toEqual([false, true]);
  });

  it('after a reconnect, drops in-flight messages that were stored and resends the others', () => {
    let items = pending(pending([], 'a', 'first'), 'b', 'second');
    items = markInFlight(markInFlight(items, 'a'), 'b');
    const missed = [stored(10, ME, 'first')];
    items = mergeStored(settleInFlight(items, missed, ME), missed);
    expect(items.map((item) => [item.id, item.content, item.pending, item.inFlight])).toEqual([
      [10, 'first', false, false],
      [null, 'second', true, false],
    ]);
  });
});
