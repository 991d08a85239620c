import type { ServerChatMessage } from '@gurumatch/shared/chat-events';
import type { ChatMessage } from '@gurumatch/shared/schemas/chat';

/** A message on screen: stored (it has an id) or still on its way (pending, own). */
export interface ChatItem {
  /** Stable React key: `m<id>` once stored, `t<tempId>` before. */
  key: string;
  id: number | null;
  tempId: string | null;
  senderId: number;
  senderName: string;
  senderAvatar: string | null;
  content: string;
  timestamp: string;
  read: boolean;
  /** Own message not yet echoed by the server. */
  pending: boolean;
  /** Pending and already handed to an open socket (it may have been stored). */
  inFlight: boolean;
}

function fromStored(message: ChatMessage): ChatItem {
  return {
    key: `m${String(message.id)}`,
    id: message.id,
    tempId: null,
    senderId: message.sender.id,
    senderName: message.sender.full_name,
    senderAvatar: message.sender.avatar,
    content: message.content,
    timestamp: message.timestamp,
    read: message.read,
    pending: false,
    inFlight: false,
  };
}

function fromEcho(frame: ServerChatMessage, key: string): ChatItem {
  return {
    key,
    id: frame.id,
    tempId: null,
    senderId: frame.sender_id,
    senderName: frame.sender,
    senderAvatar: frame.sender_avatar,
    content: frame.message,
    timestamp: frame.timestamp,
    read: false,
    pending: false,
    inFlight: false,
  };
}

/** Stored messages in id order, then pending ones in the order they were written. */
function ordered(items: ChatItem[]): ChatItem[] {
  const stored = items.filter((item) => item.id !== null);
  stored.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  return [...stored, ...items.filter((item) => item.id === null)];
}

/** Adds stored messages (a page, or what was missed); a message already shown is kept once. */
export function mergeStored(items: ChatItem[], messages: readonly ChatMessage[]): ChatItem[] {
  const byId = new Map(items.filter((item) => item.id !== null).map((item) => [item.id, item]));
  const next = [...items];
  for (const message of messages) {
    const existing = byId.get(message.id);
    if (existing) {
      if (message.read && !existing.read) {
        next[next.indexOf(existing)] = { ...existing, read: true };
      }
      continue;
    }
    const item = fromStored(message);
    byId.set(message.id, item);
    next.push(item);
  }
  return ordered(next);
}

/** The server's copy of a message: replaces the optimistic one it echoes, never shown twice. */
export function applyEcho(items: ChatItem[], frame: ServerChatMessage): ChatItem[] {
  if (items.some((item) => item.id === frame.id)) {
    return items.filter((item) => !(item.pending && item.tempId === String(frame.temp_id)));
  }
  const tempId = frame.temp_id === null ? null : String(frame.temp_id);
  const pendingIndex = items.findIndex(
    (item) => item.pending && tempId !== null && item.tempId === tempId,
  );
  if (pendingIndex >= 0) {
    const pending = items[pendingIndex];
    const next = [...items];
    next[pendingIndex] = fromEcho(frame, pending?.key ?? `m${String(frame.id)}`);
    return ordered(next);
  }
  return ordered([...items, fromEcho(frame, `m${String(frame.id)}`)]);
}

export function applyReadReceipt(items: ChatItem[], ids: readonly number[]): ChatItem[] {
  const read = new Set(ids);
  return items.map((item) =>
    item.id !== null && read.has(item.id) && !item.read ? { ...item, read: true } : item,
  );
}

export function addPending(
  items: ChatItem[],
  input: { tempId: string; senderId: number; senderName: string; content: string; at: Date },
): ChatItem[] {
  return [
    ...items,
    {
      key: `t${input.tempId}`,
      id: null,
      tempId: input.tempId,
      senderId: input.senderId,
      senderName: input.senderName,
      senderAvatar: null,
      content: input.content,
      timestamp: input.at.toISOString(),
      read: false,
      pending: true,
      inFlight: false,
    },
  ];
}

export function removePending(items: ChatItem[], tempId: string): ChatItem[] {
  return items.filter((item) => !(item.pending && item.tempId === tempId));
}

export function markInFlight(items: ChatItem[], tempId: string): ChatItem[] {
  return items.map((item) => (item.tempId === tempId ? { ...item, inFlight: true } : item));
}

/** After a reconnect: a message that was on its way and is now stored (same sender and text) is not sent again. */
export function settleInFlight(
  items: ChatItem[],
  missed: readonly ChatMessage[],
  ownId: number,
): ChatItem[] {
  const candidates = missed.filter((message) => message.sender.id === ownId);
  const used = new Set<number>();
  let next = items;
  for (const item of items) {
    if (!item.pending || !item.inFlight) continue;
    const match = candidates.find(
      (message) => !used.has(message.id) && message.content === item.content,
    );
    if (match) {
      used.add(match.id);
      next = next.filter((other) => other !== item);
    } else {
      next = next.map((other) => (other === item ? { ...other, inFlight: false } : other));
    }
  }
  return next;
}

export function lastStoredId(items: readonly ChatItem[]): number {
  let last = 0;
  for (const item of items) if (item.id !== null && item.id > last) last = item.id;
  return last;
}

/**
 * Where the catch-up after a (re)connect starts: just before the oldest of
 * one's own stored messages not yet read, so a read receipt sent while the
 * socket was away still turns its tick; else after the last stored message.
 */
export function catchUpAfter(items: readonly ChatItem[], ownId: number): number {
  let after = lastStoredId(items);
  for (const item of items) {
    if (item.id === null || item.senderId !== ownId || item.read) continue;
    if (item.id - 1 < after) after = item.id - 1;
  }
  return after;
}
