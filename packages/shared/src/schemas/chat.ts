import { z } from 'zod';

import { CHAT_MESSAGES } from '../messages/chat.ts';

import { pageParam, pageSizeParam } from './paging.ts';

/** A person in a conversation (`username` is `user` and the id: never derived from the e-mail). */
export const ChatUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
});
export type ChatUser = z.infer<typeof ChatUserSchema>;

export const ChatEnquirySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  class_level: z.string(),
  /** ISO time the enquiry was posted. */
  posted_at: z.string(),
});
export type ChatEnquiry = z.infer<typeof ChatEnquirySchema>;

/** An item of `GET /api/chat/conversations/` (part 2 §3, Conversation). */
export const ConversationSchema = z.object({
  id: z.number().int(),
  participants: z.array(ChatUserSchema),
  /** Ours: the participant who is not the caller. */
  other_user: ChatUserSchema,
  /** ISO time of the last message, or null when there is none yet. */
  last_active: z.string().nullable(),
  unread_count: z.number().int(),
  enquiry: ChatEnquirySchema,
  created_at: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ConversationSchema),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** `GET /api/chat/conversations/{id}/detail/`. */
export const ConversationDetailSchema = z.object({
  id: z.number().int(),
  other_user: ChatUserSchema,
  enquiry: ChatEnquirySchema,
  /** Ours: the caller's role in this conversation. */
  my_role: z.enum(['teacher', 'student']),
  created_at: z.string(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

/** A stored message (part 2 §3, Message). */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  sender: ChatUserSchema,
  content: z.string(),
  read: z.boolean(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Messages of a conversation, oldest first within a page; page 1 holds the newest. */
export const ChatMessageListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ChatMessageSchema),
});
export type ChatMessageList = z.infer<typeof ChatMessageListSchema>;

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const ChatPageQuerySchema = z.object({
  page: pageParam(CHAT_MESSAGES.invalidPage).optional(),
  page_size: pageSizeParam(CHAT_MESSAGES.invalidPage).optional(),
});
export type ChatPageQuery = z.infer<typeof ChatPageQuerySchema>;

/**
 * Messages query: `page`/`page_size` count back from the newest; ours, `after`
 * (a message id) answers only the newer messages, oldest first, all of them up
 * to `page_size` (a client catching up after a reconnect).
 */
export const ChatMessagesQuerySchema = ChatPageQuerySchema.extend({
  after: z
    .string()
    .regex(/^\d{1,15}$/, CHAT_MESSAGES.invalidPage)
    .transform(Number)
    .optional(),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>;

export const ConversationParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
