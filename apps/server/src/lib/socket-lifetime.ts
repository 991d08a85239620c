/**
 * What every authenticated socket (chat, lead alerts) shares: the bearer token
 * of its upgrade request, and a life bound to that token. A socket closes with
 * 4001 at its token's expiry unless a newer token renewed it, when the user's
 * sessions end on any instance (the registry hears it), and is dropped when it
 * stops answering pings (decision 043).
 */
import {
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';

import {
  SESSION_ENDED_REASON,
  type RegisteredSocket,
  type SocketRegistry,
} from './socket-registry.ts';

/** A socket that has not answered a ping within this time is dropped. */
const HEARTBEAT_MS = 30_000;
/** The longest a timer can wait in Node (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

export const SESSION_EXPIRED_REASON = 'Session expired';

/** Why an upgrade request was refused: the close code and reason its socket gets. */
export interface SocketRefusal {
  ok: false;
  code: number;
  reason: string;
}

/** No valid token, or the user's sessions ended: 4001, so the client renews and comes back. */
export const SESSION_EXPIRED_REFUSAL: SocketRefusal = {
  ok: false,
  code: CHAT_SOCKET_CLOSE_UNAUTHORIZED,
  reason: SESSION_EXPIRED_REASON,
};

/** Signed in, but not allowed here: 4003, and the client stops trying. */
export const FORBIDDEN_REFUSAL: SocketRefusal = {
  ok: false,
  code: CHAT_SOCKET_CLOSE_FORBIDDEN,
  reason: 'Forbidden',
};

/** Runs the app's `authenticate` hook (the rules of a bearer token) on the `?token=`; never throws. */
export async function authenticateToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const { token } = request.query as { token?: unknown };
  if (typeof token !== 'string' || token === '') return false;
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
    return request.authUser !== null;
  } catch {
    return false;
  }
}

/** The token a socket lives on: issued at, expires at (seconds). */
export interface SocketToken {
  iat: number;
  exp: number;
}

export interface SocketLifetime {
  /** Why the socket must close now (checked in memory, no read), or null while it may live. */
  ended(): string | null;
  /** A newer token of the same user: the socket lives on it when it expires later. */
  renew(claims: SocketToken): void;
  /** Closes the socket once (later calls do nothing) and stops handing on its frames. */
  end(code: number, reason: string): void;
  /** Whether `end` was called or the socket closed. */
  isClosed(): boolean;
  /** The socket closed: stops the timers and leaves the registry. */
  stop(): void;
  /**
   * Hands each frame the client sends to `handle`, one at a time in the order
   * they arrive, while the socket is open; a frame that comes after its token
   * or session ended closes it with 4001 instead (checked in memory).
   */
  onFrame(handle: (data: RawData, isBinary: boolean) => Promise<void>): void;
}

/**
 * Registers an open socket and watches its life: `end` closes it with 4001
 * when the token expires or the sessions end (the registry calls it too).
 */
export function startSocketLifetime(options: {
  socket: WebSocket;
  userId: number;
  token: SocketToken;
  registry: SocketRegistry;
  now: () => Date;
}): SocketLifetime {
  const { socket, userId, registry, now } = options;
  // read again after every await: the socket may have closed meanwhile
  let closed = false;
  const end = (code: number, reason: string): void => {
    if (closed) return;
    closed = true;
    socket.close(code, reason);
  };
  const token = { ...options.token };
  let expiry: NodeJS.Timeout | undefined;
  const hasExpired = (): boolean => now().getTime() >= token.exp * 1000;
  const watchExpiry = (): void => {
    clearTimeout(expiry);
    const wait = Math.min(Math.max(0, token.exp * 1000 - now().getTime()), MAX_TIMER_MS);
    expiry = setTimeout(() => {
      end(CHAT_SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_REASON);
    }, wait);
    expiry.unref();
  };
  const entry: RegisteredSocket = { userId, iat: token.iat, close: end };
  const unregister = registry.add(entry);
  watchExpiry();

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

  const ended = (): string | null => {
    if (hasExpired()) return SESSION_EXPIRED_REASON;
    if (registry.isRevoked(userId, token.iat)) return SESSION_ENDED_REASON;
    return null;
  };
  return {
    ended,
    renew(claims) {
      if (claims.exp <= token.exp) return;
      token.iat = claims.iat;
      token.exp = claims.exp;
      entry.iat = claims.iat;
      if (!closed) watchExpiry();
    },
    end,
    isClosed: () => closed,
    stop() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unregister();
    },
    onFrame(handle) {
      let queue: Promise<unknown> = Promise.resolve();
      options.socket.on('message', (data: RawData, isBinary: boolean) => {
        queue = queue.then(async () => {
          if (closed) return;
          const reason = ended();
          if (reason !== null) {
            end(CHAT_SOCKET_CLOSE_UNAUTHORIZED, reason);
            return;
          }
          await handle(data, isBinary);
        });
      });
    },
  };
}
