/**
 * The frames of the chat socket `/ws/chat/{id}/?token=ACCESS` (API-CONTRACT.md,
 * Chat), as one discriminated union per direction. The server checks every
 * frame it receives against `ClientFrameSchema`; the client reads what it
 * receives through `ServerFrameSchema`.
 *
 * Close codes (`constants.ts`): 4001 the token is missing, bad or expired, or
 * the user's sessions ended (password reset, suspension; the client refreshes
 * its token once and reconnects, and signs out if that fails); 4003 not a
 * participant; 4008 (ours) the user opened more than
 * `CHAT_SOCKETS_PER_USER_MAX` sockets on one server, the oldest is closed (no
 * automatic reconnection); 1001 the server is shutting down (reconnect).
 */
import { z } from 'zod';

import { CHAT_MESSAGE_MAX_LENGTH, CHAT_READ_RECEIPT_MAX_IDS } from './constants.ts';
import { parseJsonAs } from './json.ts';
import { CHAT_MESSAGES } from './messages/chat.ts';

/** The client's own id of an optimistic message, handed back in the echo. */
export const TempIdSchema = z.union([z.string().max(64), z.number()]);
export type TempId = z.infer<typeof TempIdSchema>;

const MessageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// a raw text is checked loosely here and precisely by `checkChatText`, so that
// blank and too-long messages get their own answers
const RAW_TEXT_MAX_LENGTH = CHAT_MESSAGE_MAX_LENGTH * 4;

export const ClientChatMessageSchema = z.object({
  type: z.literal('chat_message'),
  message: z.string().max(RAW_TEXT_MAX_LENGTH),
  temp_id: TempIdSchema.nullish(),
});

export const ClientReadReceiptSchema = z.object({
  type: z.literal('read_receipt'),
  message_ids: z.array(MessageIdSchema).min(1).max(CHAT_READ_RECEIPT_MAX_IDS),
});

/**
 * Ours: a renewed access token for the open socket, sent before the one it was
 * opened with (or last renewed with) expires. The socket then lives until the
 * new token's expiry instead of being closed with 4001 at the old one's.
 */
export const ClientAuthSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4_096),
});

export const ClientFrameSchema = z.discriminatedUnion('type', [
  ClientChatMessageSchema,
  ClientReadReceiptSchema,
  ClientAuthSchema,
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const ServerChatMessageSchema = z.object({
  type: z.literal('chat_message'),
  id: MessageIdSchema,
  message: z.string(),
  /** The sender's full name. */
  sender: z.string(),
  sender_id: z.number().int(),
  sender_avatar: z.string().nullable(),
  /** ISO time the message was stored. */
  timestamp: z.string(),
  /** The sender's `temp_id`, or null (and on every copy but the sender's, it is of no use). */
  temp_id: TempIdSchema.nullable(),
});
export type ServerChatMessage = z.infer<typeof ServerChatMessageSchema>;

export const ServerReadReceiptSchema = z.object({
  type: z.literal('read_receipt'),
  message_ids: z.array(MessageIdSchema),
  /** Ours: who read them. */
  reader_id: z.number().int().optional(),
});
export type ServerReadReceipt = z.infer<typeof ServerReadReceiptSchema>;

/** Ours: a frame the server refused, and why; the socket stays open. */
export const ServerErrorSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  detail: z.string(),
  temp_id: TempIdSchema.nullable().optional(),
});
export type ServerError = z.infer<typeof ServerErrorSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [
  ServerChatMessageSchema,
  ServerReadReceiptSchema,
  ServerErrorSchema,
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

export type ChatTextCheck =
  | { ok: true; text: string }
  | { ok: false; code: 'message_blank' | 'message_too_long'; detail: string };

/** Trims a message; blank and over CHAT_MESSAGE_MAX_LENGTH characters are refused. */
export function checkChatText(raw: string): ChatTextCheck {
  const text = raw.trim();
  if (text.length === 0)
    return { ok: false, code: 'message_blank', detail: CHAT_MESSAGES.messageBlank };
  // code points, as PostgreSQL's char_length counts them
  if (Array.from(text).length > CHAT_MESSAGE_MAX_LENGTH) {
    return { ok: false, code: 'message_too_long', detail: CHAT_MESSAGES.messageTooLong };
  }
  return { ok: true, text };
}

/** Parses a received text frame: the frame, or null when it is not JSON or not a known frame. */
export function parseClientFrame(data: string): ClientFrame | null {
  return parseJsonAs(ClientFrameSchema, data);
}

export function parseServerFrame(data: string): ServerFrame | null {
  return parseJsonAs(ServerFrameSchema, data);
}
