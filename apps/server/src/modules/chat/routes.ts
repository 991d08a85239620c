import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { onSessionsEnded } from '../../lib/session-events.ts';
import { createSocketRegistry } from '../../lib/socket-registry.ts';
import { actorOf } from '../../plugins/auth.ts';

import { createActivityLog } from './activity.ts';
import { createChatHub } from './hub.ts';
import {
  conversationDetailSchema,
  listConversationsSchema,
  listMessagesSchema,
  unreadCountSchema,
} from './schemas.ts';
import { getConversationDetail, listConversations, listMessages, unreadCount } from './service.ts';
import { chatSocketRoute } from './socket.ts';

export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/conversations/',
    { schema: listConversationsSchema, onRequest: app.authenticate },
    async (request) => listConversations(ctx, actorOf(request).user_id, request.query),
  );

  app.get(
    '/conversations/:id/detail/',
    { schema: conversationDetailSchema, onRequest: app.authenticate },
    async (request) => getConversationDetail(ctx, actorOf(request).user_id, request.params.id),
  );

  app.get(
    '/conversations/:id/messages/',
    { schema: listMessagesSchema, onRequest: app.authenticate },
    async (request) =>
      listMessages(ctx, actorOf(request).user_id, request.params.id, request.query),
  );

  app.get(
    '/messages-list/unread_count/',
    { schema: unreadCountSchema, onRequest: app.authenticate },
    async (request) => unreadCount(ctx, actorOf(request).user_id),
  );
};

/** `/ws/chat/{id}/?token=ACCESS`: the realtime side of a conversation. */
export const chatSocketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const hub = createChatHub(ctx.pubsub);
  const registry = createSocketRegistry(() => ctx.now());
  // a user's sessions ending on any instance closes their sockets here
  const stopHearing = await onSessionsEnded(ctx.pubsub, (event) => {
    registry.endSessions(event);
  }).catch((error: unknown) => {
    // sockets still end when their tokens expire
    app.log.error({ err: error }, 'the end of sessions cannot be heard');
    return null;
  });
  app.addHook('onClose', async () => {
    await stopHearing?.();
  });
  const activity = createActivityLog(ctx.db, (error) => {
    app.log.error({ err: error }, 'chat activity could not be written');
  });
  app.addHook('onClose', () => activity.flush());
  const chatSocket = chatSocketRoute(app, ctx, hub, registry, activity);
  app.get(
    '/ws/chat/:id/',
    { websocket: true, preValidation: chatSocket.preValidation },
    chatSocket.handler,
  );
};
