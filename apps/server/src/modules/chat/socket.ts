import {
  parseClientFrame,
  type ClientFrame,
  type ServerError,
  type TempId,
} from '@gurumatch/shared/chat-events';
import {
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';

import type { AppContext } from '../../context.ts';

import type { ChatHub } from './hub.ts';
import { joinConversation, markRead, sendMessage, type ChatParticipant } from './service.ts';

/** A socket that has not answered a ping within this time is dropped. */
const HEARTBEAT_MS = 30_000;
/** Close code of a server that is shutting down (the client reconnects). */
const CLOSE_GOING_AWAY = 1001;
/** How long shutdown waits for sockets to finish their closing handshake. */
const CLOSE_WAIT_MS = 1_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The socket's token was valid (the chat socket reads it from `?token=`). */
    socketTokenValid?: boolean;
  }
}

/**
 * Runs the app's `authenticate` hook on the `?token=` of a socket request, so a
 * socket is held to exactly the rules of a bearer token; never throws.
 */
export function socketTokenHook(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { token } = request.query as { token?: unknown };
    request.socketTokenValid = false;
    if (typeof token !== 'string' || token === '') return;
    request.headers.authorization = `Bearer ${token}`;
    try {
      await new Promise<void>((resolve, reject) => {
        const hook = app.authenticate as unknown as (
          this: FastifyInstance,
          request: FastifyRequest,
          reply: FastifyReply,
          done: (error?: unknown) => void,
        ) => unknown;
        const result = hook.call(app, request, reply, (error?: unknown) => {
          if (error) reject(error instanceof Error ? error : new Error('authentication failed'));
          else resolve();
        });
        if (result instanceof Promise) result.then(() => resolve(), reject);
      });
      request.socketTokenValid = request.authUser !== null;
    } catch {
      request.socketTokenValid = false;
    }
  };
}

function errorFrame(code: string, detail: string, tempId?: TempId | null): string {
  const frame: ServerError = { type: 'error', code, detail, temp_id: tempId ?? null };
  return JSON.stringify(frame);
}

/**
 * One chat socket: checks the token (4001) and the participant (4003), then
 * handles its frames one at a time, in the order they arrive.
 */
export function handleChatSocket(
  ctx: AppContext,
  hub: ChatHub,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const log = request.log;
  const send = (data: string): void => {
    if (socket.readyState === socket.OPEN) socket.send(data);
  };
  const member = { send };
  let leave: (() => Promise<void>) | null = null;
  // an object, so the checks after each await read the current value
  const state = { closed: false };

  const joined = (async (): Promise<ChatParticipant | null> => {
    const id = Number((request.params as { id?: string }).id);
    if (!request.socketTokenValid || !request.authUser) {
      socket.close(CHAT_SOCKET_CLOSE_UNAUTHORIZED, 'Session expired');
      return null;
    }
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      socket.close(CHAT_SOCKET_CLOSE_FORBIDDEN, 'Forbidden');
      return null;
    }
    const result = await joinConversation(ctx, request.authUser.user_id, id);
    if (!result.ok) {
      socket.close(
        result.reason === 'unauthorized'
          ? CHAT_SOCKET_CLOSE_UNAUTHORIZED
          : CHAT_SOCKET_CLOSE_FORBIDDEN,
        result.reason === 'unauthorized' ? 'Session expired' : 'Forbidden',
      );
      return null;
    }
    const stop = await hub.join(id, member);
    if (state.closed) {
      await stop();
      return null;
    }
    leave = stop;
    return result.participant;
  })();

  const handle = async (participant: ChatParticipant, frame: ClientFrame): Promise<void> => {
    if (frame.type === 'chat_message') {
      const tempId = frame.temp_id ?? null;
      const sent = await sendMessage(ctx, participant, frame.message, tempId);
      if (!sent.ok) {
        send(errorFrame(sent.code, sent.detail, tempId));
        return;
      }
      await hub.publish(participant.conversationId, sent.frame);
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

  // frames are queued from the first moment, so nothing sent right after the
  // opening is lost while the participant is checked
  let queue: Promise<unknown> = joined;
  socket.on('message', (data: RawData, isBinary: boolean) => {
    queue = queue.then(async () => {
      const participant = await joined;
      if (!participant || state.closed) return;
      const text = isBinary ? null : rawText(data);
      const frame = text === null ? null : parseClientFrame(text);
      if (!frame) {
        send(errorFrame('invalid_frame', CHAT_MESSAGES.invalidFrame));
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
  });
  joined.catch((error: unknown) => {
    log.error({ err: error }, 'chat socket could not join');
    socket.close(1011, 'Server error');
  });

  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  socket.on('close', () => {
    state.closed = true;
    clearInterval(heartbeat);
    const stop = leave;
    leave = null;
    if (stop) {
      stop().catch((error: unknown) => log.error({ err: error }, 'chat socket could not leave'));
    }
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
