import {
  parseClientFrame,
  type ClientFrame,
  type ServerError,
  type TempId,
} from '@gurumatch/shared/chat-events';
import { CHAT_SOCKET_CLOSE_UNAUTHORIZED } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';

import type { AppContext } from '../../context.ts';
import {
  authenticateToken,
  FORBIDDEN_REFUSAL,
  SESSION_EXPIRED_REASON,
  SESSION_EXPIRED_REFUSAL,
  startSocketLifetime,
  type SocketRefusal,
} from '../../lib/socket-lifetime.ts';
import type { SocketRegistry } from '../../lib/socket-registry.ts';
import { findNulCharacter } from '../../plugins/input-guard.ts';

import type { ActivityLog } from './activity.ts';
import type { ChatHub } from './hub.ts';
import {
  joinConversation,
  markRead,
  renewSocketToken,
  sendMessage,
  type ChatParticipant,
} from './service.ts';

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

/** What the upgrade request established before the socket opened. */
type ChatJoin =
  | {
      ok: true;
      participant: ChatParticipant;
      /** The token the socket opened with: issued at, expires at (seconds). */
      token: { iat: number; exp: number };
      member: PendingMember;
      leave: () => Promise<void>;
    }
  | SocketRefusal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on chat socket requests before the upgrade. */
    chatJoin?: ChatJoin;
  }
}

/** A joined socket that never opened is let go after this long. */
const ATTACH_TIMEOUT_MS = 10_000;

const UNAUTHORIZED = SESSION_EXPIRED_REFUSAL;
const FORBIDDEN = FORBIDDEN_REFUSAL;

/**
 * Before the upgrade: checks the token and the participant, and joins the
 * conversation's channel, so that once the client sees the socket open it
 * receives every message stored from then on (its catch-up fetch covers the
 * time before). Refusals are answered after the upgrade, as close codes.
 */
export function chatJoinHook(app: FastifyInstance, ctx: AppContext, hub: ChatHub) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    request.chatJoin = UNAUTHORIZED;
    if (!(await authenticateToken(app, request, reply)) || !request.authUser) return;
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      request.chatJoin = FORBIDDEN;
      return;
    }
    const result = await joinConversation(ctx, request.authUser.user_id, id);
    if (!result.ok) {
      request.chatJoin = result.reason === 'unauthorized' ? UNAUTHORIZED : FORBIDDEN;
      return;
    }
    const member = pendingMember();
    const leave = await hub.join(id, member);
    const { iat, exp } = request.authUser;
    request.chatJoin = {
      ok: true,
      participant: result.participant,
      token: { iat, exp },
      member,
      leave,
    };
    // an upgrade that never completes must not keep the channel
    const abandoned = setTimeout(() => {
      if (!member.isAttached()) void leave();
    }, ATTACH_TIMEOUT_MS);
    abandoned.unref();
  };
}

function errorFrame(code: string, detail: string, tempId?: TempId | null): string {
  const frame: ServerError = { type: 'error', code, detail, temp_id: tempId ?? null };
  return JSON.stringify(frame);
}

/**
 * One chat socket: closed with 4001/4003 when the join was refused, otherwise
 * its frames are handled one at a time, in the order they arrive. It lives as
 * long as its token: closed with 4001 at the token's expiry unless an `auth`
 * frame renewed it, when the user's sessions end (the registry hears it from
 * every instance), and with 4008 when the user opens too many (decision 043).
 */
export function handleChatSocket(
  ctx: AppContext,
  hub: ChatHub,
  registry: SocketRegistry,
  activity: ActivityLog,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const log = request.log;
  const send = (data: string): void => {
    if (socket.readyState === socket.OPEN) socket.send(data);
  };
  const join = request.chatJoin ?? UNAUTHORIZED;
  if (!join.ok) {
    socket.close(join.code, join.reason);
    return;
  }
  const { participant } = join;
  join.member.attach(socket);
  // the token's lifetime: checked on every frame in memory, and by a timer; its
  // `end` stops handling frames at once and closes (the close event follows later)
  const lifetime = startSocketLifetime({
    socket,
    userId: participant.user.id,
    token: join.token,
    registry,
    now: () => ctx.now(),
  });

  const handle = async (participant: ChatParticipant, frame: ClientFrame): Promise<void> => {
    if (frame.type === 'auth') {
      const claims = await renewSocketToken(ctx, participant, frame.token);
      if (!claims || registry.isRevoked(participant.user.id, claims.iat)) {
        lifetime.end(CHAT_SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_REASON);
        return;
      }
      lifetime.renew(claims);
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

  // one frame at a time, in the order they arrive; the token and the session are
  // checked in memory: no read on the message path
  lifetime.onFrame(async (data: RawData, isBinary: boolean) => {
    const text = isBinary ? null : rawText(data);
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
      await handle(participant, frame);
    } catch (error) {
      log.error({ err: error }, 'chat frame failed');
      const tempId = frame.type === 'chat_message' ? (frame.temp_id ?? null) : null;
      send(errorFrame('internal_error', CHAT_MESSAGES.sendFailed, tempId));
    }
  });

  socket.on('close', () => {
    lifetime.stop();
    join
      .leave()
      .catch((error: unknown) => log.error({ err: error }, 'chat socket could not leave'));
  });
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
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
