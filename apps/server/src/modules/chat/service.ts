import { checkChatText, type ServerChatMessage, type TempId } from '@gurumatch/shared/chat-events';
import {
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_RATE_LIMIT_MESSAGES,
  CHAT_RATE_LIMIT_WINDOW_SECONDS,
} from '@gurumatch/shared/constants';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import type {
  ChatMessage,
  ChatMessageList,
  ChatMessagesQuery,
  ChatPageQuery,
  ChatUser,
  Conversation,
  ConversationDetail,
  ConversationList,
  UnreadCount,
} from '@gurumatch/shared/schemas/chat';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { pageSizeLinks, readPageRequest } from '../../lib/paging.ts';
import { perOwner } from '../../lib/per-owner.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { SerialByKey } from '../../lib/single-flight.ts';

import {
  countConversationsOf,
  countMessages,
  countUnreadOf,
  findActiveUser,
  findConversation,
  findParticipants,
  insertMessageWithinLimit,
  listConversationsOf,
  listMessagesAfter,
  listMessagesPage,
  markMessagesRead,
  type ChatUserRow,
  type ConversationRow,
  type MessageRow,
} from './queries.ts';

/** For the back office, which reads a reported enquiry's conversation with the reporter. */
export { listLatestMessagesOfPairs, type PairMessageRow } from './queries.ts';

/** A handle made from the id: never the e-mail or a part of it (API contract, Chat). */
function usernameOf(id: number): string {
  return `user${String(id)}`;
}

/** `base` is PUBLIC_URL: avatars are answered as absolute URLs. */
function chatUser(base: string, id: number, fullName: string, avatar: string | null): ChatUser {
  return {
    id,
    username: usernameOf(id),
    full_name: fullName,
    avatar: toPublicFileUrl(base, avatar),
  };
}

function tutorOf(base: string, row: ConversationRow): ChatUser {
  return chatUser(base, row.tutor_id, row.tutor_full_name, row.tutor_avatar);
}

function studentOf(base: string, row: ConversationRow): ChatUser {
  return chatUser(base, row.student_id, row.student_full_name, row.student_avatar);
}

function enquiryOf(row: ConversationRow): Conversation['enquiry'] {
  return {
    id: row.enquiry_id,
    name: row.enquiry_name,
    subject: row.enquiry_subject,
    class_level: row.enquiry_class_level,
    posted_at: new Date(row.enquiry_posted_at).toISOString(),
  };
}

function toConversation(base: string, row: ConversationRow, userId: number): Conversation {
  const tutor = tutorOf(base, row);
  const student = studentOf(base, row);
  return {
    id: row.id,
    participants: [tutor, student],
    other_user: userId === row.tutor_id ? student : tutor,
    last_active: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
    unread_count: row.unread_count,
    enquiry: enquiryOf(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function toMessage(base: string, row: MessageRow): ChatMessage {
  return {
    id: row.id,
    sender: chatUser(base, row.sender_id, row.sender_full_name, row.sender_avatar),
    content: row.content,
    read: row.read_at !== null,
    timestamp: new Date(row.created_at).toISOString(),
  };
}

function conversationNotFound(): AppError {
  return new AppError(404, 'not_found', CHAT_MESSAGES.notFound);
}

/** The conversation if the user takes part in it; 404 when it does not exist, 403 for anyone else. */
async function conversationOfParticipant(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<ConversationRow> {
  const row = await findConversation(ctx.db, userId, conversationId);
  if (!row) throw conversationNotFound();
  if (row.tutor_id !== userId && row.student_id !== userId) {
    throw new AppError(403, 'permission_denied', CHAT_MESSAGES.notParticipant);
  }
  return row;
}

export async function listConversations(
  ctx: AppContext,
  userId: number,
  query: ChatPageQuery,
): Promise<ConversationList> {
  const request = readPageRequest(query);
  const [count, rows] = await Promise.all([
    countConversationsOf(ctx.db, userId),
    listConversationsOf(ctx.db, userId, request.pageSize, request.offset),
  ]);
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, '/api/chat/conversations/', request, count),
    results: rows.map((row) => toConversation(ctx.config.publicUrl, row, userId)),
  };
}

export async function getConversationDetail(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<ConversationDetail> {
  const row = await conversationOfParticipant(ctx, userId, conversationId);
  return {
    id: row.id,
    other_user:
      userId === row.tutor_id
        ? studentOf(ctx.config.publicUrl, row)
        : tutorOf(ctx.config.publicUrl, row),
    enquiry: enquiryOf(row),
    my_role: userId === row.tutor_id ? 'teacher' : 'student',
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Messages, oldest first within the answer. Page 1 holds the newest
 * messages; `after` answers those stored after that id instead (catching up).
 */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  conversationId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessageList> {
  await conversationOfParticipant(ctx, userId, conversationId);
  const request = readPageRequest(query, CHAT_MESSAGES_PAGE_SIZE);
  const path = `/api/chat/conversations/${String(conversationId)}/messages/`;
  if (query.after !== undefined) {
    const rows = await listMessagesAfter(ctx.db, conversationId, query.after, request.pageSize);
    return {
      count: rows.length,
      next: null,
      previous: null,
      results: rows.map((row) => toMessage(ctx.config.publicUrl, row)),
    };
  }
  const [count, rows] = await Promise.all([
    countMessages(ctx.db, conversationId),
    listMessagesPage(ctx.db, conversationId, request.pageSize, request.offset),
  ]);
  return {
    count,
    ...pageSizeLinks(ctx.config.publicUrl, path, request, count, CHAT_MESSAGES_PAGE_SIZE),
    results: rows.map((row) => toMessage(ctx.config.publicUrl, row)),
  };
}

export async function unreadCount(ctx: AppContext, userId: number): Promise<UnreadCount> {
  return { unread_count: await countUnreadOf(ctx.db, userId) };
}

/** Someone connected to a conversation's socket. */
export interface ChatParticipant {
  conversationId: number;
  user: ChatUserRow;
}

export type JoinResult =
  { ok: true; participant: ChatParticipant } | { ok: false; reason: 'unauthorized' | 'forbidden' };

/** Whether the user may join the conversation's socket: an active participant. */
export async function joinConversation(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<JoinResult> {
  const [user, participants] = await Promise.all([
    findActiveUser(ctx.db, userId),
    findParticipants(ctx.db, conversationId),
  ]);
  if (!user) return { ok: false, reason: 'unauthorized' };
  if (!participants || (participants.tutor_id !== userId && participants.student_id !== userId)) {
    return { ok: false, reason: 'forbidden' };
  }
  return { ok: true, participant: { conversationId, user } };
}

/**
 * One sender's messages are stored one at a time on this instance, so the
 * limit the insert checks is exact for all of their sockets here (decision 041).
 */
const sendersInOrderOf = perOwner<SerialByKey<number>>(() => new SerialByKey());

export type SendResult =
  | { ok: true; frame: ServerChatMessage; at: Date }
  | { ok: false; code: 'message_blank' | 'message_too_long' | 'rate_limited'; detail: string };

/**
 * Stores a message (trimmed, not blank, at most 2,000 characters, at most 20
 * per sender in 10 s) and answers the frame every participant receives.
 */
export async function sendMessage(
  ctx: AppContext,
  participant: ChatParticipant,
  raw: string,
  tempId: TempId | null,
): Promise<SendResult> {
  const checked = checkChatText(raw);
  if (!checked.ok) return checked;
  const at = ctx.now();
  const stored = await sendersInOrderOf(ctx.db).run(participant.user.id, () =>
    insertMessageWithinLimit(
      ctx.db,
      {
        conversationId: participant.conversationId,
        senderId: participant.user.id,
        content: checked.text,
        at,
      },
      { messages: CHAT_RATE_LIMIT_MESSAGES, windowSeconds: CHAT_RATE_LIMIT_WINDOW_SECONDS },
    ),
  );
  if (!stored) return { ok: false, code: 'rate_limited', detail: CHAT_MESSAGES.rateLimited };
  return {
    ok: true,
    at,
    frame: {
      type: 'chat_message',
      id: stored.id,
      message: checked.text,
      sender: participant.user.full_name,
      sender_id: participant.user.id,
      sender_avatar: toPublicFileUrl(ctx.config.publicUrl, participant.user.avatar_url),
      timestamp: new Date(stored.created_at).toISOString(),
      temp_id: tempId,
    },
  };
}

/** Marks the listed messages of the other side read; answers the ids newly read. */
export function markRead(
  ctx: AppContext,
  participant: ChatParticipant,
  messageIds: readonly number[],
): Promise<number[]> {
  return markMessagesRead(ctx.db, {
    conversationId: participant.conversationId,
    readerId: participant.user.id,
    messageIds,
    at: ctx.now(),
  });
}
