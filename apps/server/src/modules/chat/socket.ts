import {
  parseClientFrame,
  type ClientFrame,
  type ServerError,
  type TempId,
} from '@gurumatch/shared/chat-events';
import { MESSAGES } from '@gurumatch/shared/messages';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

import type { AppContext } from '../../context.ts';
import {
  FORBIDDEN_REFUSAL,
  SESSION_EXPIRED_REFUSAL,
  socketRoute,
  type SocketLifetime,
  type SocketRoute,
} from '../../lib/socket-lifetime.ts';
import type { SocketRegistry } from '../../lib/socket-registry.ts';
import { findNulCharacter } from '../../plugins/input-guard.ts';
import { verifyCurrentToken } from '../auth/service.ts';

import type { ActivityLog } from './activity.ts';
import type { ChatHub } from './hub.ts';
import { joinConversation, markRead, sendMessage, type ChatParticipant } from './service.ts';

/** Close code of a server that is shutting down (the client reconnects). */
const CLOSE_GOING_AWAY = 1001;
/** How long shutdown waits for sockets to finish their closing handshake. */
const CLOSE_WAIT_MS = 1_000;

/** A member of the hub that holds frames until its socket is there. */
interface PendingMember {
  send(data: string): void;
  attach(socket: WebSocket): void;
  isAttached(): boolean;
}

function pendingMember(): PendingMember {
  let target: WebSocket | null = null;
  const held: string[] = [];
  return {
    send(data) {
      if (!target) {
        held.push(data);
        return;
      }
      if (target.readyState === target.OPEN) target.send(data);
    },
    attach(socket) {
      target = socket;
      for (const data of held.splice(0)) if (socket.readyState === socket.OPEN) socket.send(data);
    },
    isAttached: () => target !== null,
  };
}

/** A joined socket that never opened is let go after this long. */
const ATTACH_TIMEOUT_MS = 10_000;

function errorFrame(code: string, detail: string, tempId?: TempId | null): string {
  const frame: ServerError = { type: 'error', code, detail, temp_id: tempId ?? null };
  return JSON.stringify(frame);
}

/**
 * `/ws/chat/:id/?token=ACCESS`: one participant's socket of a conversation.
 * Before the upgrade it checks the participant and joins the conversation's
 * channel, so that once the client sees the socket open it receives every
 * message stored from then on (its catch-up fetch covers the time before);
 * 4003 for anyone else. Its frames are handled one at a time, in the order
 * they arrive. It lives as long as its token: closed with 4001 at the token's
 * expiry unless an `auth` frame renewed it, when the user's sessions end (the
 * registry hears it from every instance), and with 4008 when the user opens
 * too many (decision 043).
 */
export function chatSocketRoute(
  app: FastifyInstance,
  ctx: AppContext,
  hub: ChatHub,
  registry: SocketRegistry,
  activity: ActivityLog,
): SocketRoute {
  return socketRoute({
    app,
    registry,
    now: () => ctx.now(),
    admit: async (request, user) => {
      const id = Number((request.params as { id?: string }).id);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return FORBIDDEN_REFUSAL;
      const result = await joinConversation(ctx, user.user_id, id);
      if (!result.ok) {
        return result.reason === 'unauthorized' ? SESSION_EXPIRED_REFUSAL : FORBIDDEN_REFUSAL;
      }
      const member = pendingMember();
      const leave = await hub.join(id, member);
      // an upgrade that never completes must not keep the channel
      const abandoned = setTimeout(() => {
        if (!member.isAttached()) void leave();
      }, ATTACH_TIMEOUT_MS);
      abandoned.unref();
      return { ok: true, participant: result.participant, member, leave };
    },
    opened: (socket, { admitted, lifetime }, request) => {
      const { participant, member, leave } = admitted;
      member.attach(socket);
      handleChatFrames(ctx, hub, activity, socket, request.log, participant, lifetime);
      socket.on('close', () => {
        leave().catch((error: unknown) => {
          request.log.error({ err: error }, 'chat socket could not leave');
        });
      });
    },
  });
}

/**
 * An open chat socket's frames: a message is stored, then published to the
 * conversation; a read receipt likewise; an `auth` frame renews the token the
 * socket lives on. The token and the session are checked in memory: no read
 * on the message path.
 */
function handleChatFrames(
  ctx: AppContext,
  hub: ChatHub,
  activity: ActivityLog,
  socket: WebSocket,
  log: FastifyBaseLogger,
  participant: ChatParticipant,
  lifetime: SocketLifetime,
): void {
  const send = (data: string): void => {
    if (socket.readyState === socket.OPEN) socket.send(data);
  };

  const handle = async (frame: ClientFrame): Promise<void> => {
    if (frame.type === 'auth') {
      lifetime.renew(await verifyCurrentToken(ctx, frame.token));
      return;
    }
    if (frame.type === 'chat_message') {
      const tempId = frame.temp_id ?? null;
      const sent = await sendMessage(ctx, participant, frame.message, tempId);
      if (!sent.ok) {
        send(errorFrame(sent.code, sent.detail, tempId));
        return;
      }
      await hub.publish(participant.conversationId, sent.frame);
      // after delivery: list order is not worth a wait in front of the message
      activity.record(participant.conversationId, sent.at);
      return;
    }
    const ids = await markRead(ctx, participant, frame.message_ids);
    if (ids.length > 0) {
      await hub.publish(participant.conversationId, {
        type: 'read_receipt',
        message_ids: ids,
        reader_id: participant.user.id,
      });
    }
  };

  lifetime.onFrame(async (text) => {
    const frame = text === null ? null : parseClientFrame(text);
    if (!frame) {
      send(errorFrame('invalid_frame', CHAT_MESSAGES.invalidFrame));
      return;
    }
    // the same input rule as HTTP bodies: PostgreSQL text cannot hold U+0000
    if (findNulCharacter(frame) !== null) {
      const tempId = frame.type === 'chat_message' ? (frame.temp_id ?? null) : null;
      send(errorFrame('validation_error', MESSAGES.nulCharacter, tempId));
      return;
    }
    try {
      await handle(frame);
    } catch (error) {
      log.error({ err: error }, 'chat frame failed');
      const tempId = frame.type === 'chat_message' ? (frame.temp_id ?? null) : null;
      send(errorFrame('internal_error', CHAT_MESSAGES.sendFailed, tempId));
    }
  });
}

/**
 * On shutdown: every chat socket is told the server is going away (its client
 * reconnects to another instance), given a moment to close, then dropped.
 */
export async function closeChatSockets(clients: Iterable<WebSocket>): Promise<void> {
  const open = [...clients];
  await Promise.all(
    open.map(
      (client) =>
        new Promise<void>((resolve) => {
          if (client.readyState === client.CLOSED) {
            resolve();
            return;
          }
          const timer = setTimeout(() => {
            client.terminate();
            resolve();
          }, CLOSE_WAIT_MS);
          client.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          client.close(CLOSE_GOING_AWAY, 'Server shutting down');
        }),
    ),
  );
}
