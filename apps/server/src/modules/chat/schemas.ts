import {
  ChatMessageListSchema,
  ChatMessagesQuerySchema,
  ChatPageQuerySchema,
  ConversationDetailSchema,
  ConversationListSchema,
  ConversationParamsSchema,
  UnreadCountSchema,
} from '@gurumatch/shared/schemas/chat';

const tags = ['chat'];
const security = [{ bearerAuth: [] }];

export const listConversationsSchema = {
  tags,
  security,
  summary: "The caller's conversations, latest activity first, 10 a page",
  querystring: ChatPageQuerySchema,
  response: { 200: ConversationListSchema },
};

export const conversationDetailSchema = {
  tags,
  security,
  summary: 'One conversation: the other participant and the enquiry',
  params: ConversationParamsSchema,
  response: { 200: ConversationDetailSchema },
};

export const listMessagesSchema = {
  tags,
  security,
  summary: "A conversation's messages, newest last; `after` answers only newer ones",
  params: ConversationParamsSchema,
  querystring: ChatMessagesQuerySchema,
  response: { 200: ChatMessageListSchema },
};

export const unreadCountSchema = {
  tags,
  security,
  summary: 'Messages from others the caller has not read yet',
  response: { 200: UnreadCountSchema },
};
