/**
 * What every authenticated socket route (chat, lead alerts) shares: the check
 * of its upgrade request (the bearer token, then what the route admits), and a
 * life bound to that token. A socket closes with
 * 4001 at its token's expiry unless a newer token renewed it, when the user's
 * sessions end on any instance (the registry hears it), and is dropped when it
 * stops answering pings (decision 043).
 */
import {
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import type { AccessClaims } from '@gurumatch/shared/schemas/auth';
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

const SESSION_EXPIRED_REASON = 'Session expired';

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
async function authenticateToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AccessClaims | null> {
  const { token } = request.query as { token?: unknown };
  if (typeof token !== 'string' || token === '') return null;
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
    return request.authUser;
  } catch {
    return null;
  }
}

/** The claims of a token a socket lives on: whose, issued at, expires at (seconds). */
interface SocketToken {
  user_id: number;
  iat: number;
  exp: number;
}

export interface SocketLifetime {
  /**
   * A newer token sent over the socket (an `auth` frame), as the rules of a
   * bearer token read it (null: not valid). The socket lives on it when it is
   * the same user's, their sessions did not end since, and it expires later;
   * otherwise the socket closes with 4001.
   */
  renew(claims: SocketToken | null): void;
  /**
   * Hands the text of each frame the client sends (null for a binary frame) to
   * `handle`, one at a time in the order they arrive, while the socket is open;
   * a frame that comes after its token or session ended closes it with 4001
   * instead (checked in memory).
   */
  onFrame(handle: (text: string | null) => Promise<void>): void;
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * Registers an open socket and watches its life until it closes: it is closed
 * with 4001 when the token expires or the sessions end (the registry closes it
 * too), and dropped when it stops answering pings.
 */
function startSocketLifetime(options: {
  socket: WebSocket;
  token: SocketToken;
  registry: SocketRegistry;
  now: () => Date;
}): SocketLifetime {
  const { socket, registry, now } = options;
  const userId = options.token.user_id;
  // read again after every await: the socket may have closed meanwhile
  let closed = false;
  const end = (code: number, reason: string): void => {
    if (closed) return;
    closed = true;
    socket.close(code, reason);
  };
  const expire = (reason: string = SESSION_EXPIRED_REASON): void => {
    end(CHAT_SOCKET_CLOSE_UNAUTHORIZED, reason);
  };
  const token = { iat: options.token.iat, exp: options.token.exp };
  let expiry: NodeJS.Timeout | undefined;
  const hasExpired = (): boolean => now().getTime() >= token.exp * 1000;
  const watchExpiry = (): void => {
    clearTimeout(expiry);
    const wait = Math.min(Math.max(0, token.exp * 1000 - now().getTime()), MAX_TIMER_MS);
    expiry = setTimeout(() => {
      expire();
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

  socket.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unregister();
  });

  /** Why the socket must close now (checked in memory, no read), or null while it may live. */
  const ended = (): string | null => {
    if (hasExpired()) return SESSION_EXPIRED_REASON;
    if (registry.isRevoked(userId, token.iat)) return SESSION_ENDED_REASON;
    return null;
  };
  return {
    renew(claims) {
      if (!claims || claims.user_id !== userId || registry.isRevoked(userId, claims.iat)) {
        expire();
        return;
      }
      if (claims.exp <= token.exp) return;
      token.iat = claims.iat;
      token.exp = claims.exp;
      entry.iat = claims.iat;
      if (!closed) watchExpiry();
    },
    onFrame(handle) {
      let queue: Promise<unknown> = Promise.resolve();
      socket.on('message', (data: RawData, isBinary: boolean) => {
        queue = queue.then(async () => {
          if (closed) return;
          const reason = ended();
          if (reason !== null) {
            expire(reason);
            return;
          }
          await handle(isBinary ? null : frameText(data));
        });
      });
    },
  };
}

/** What a socket's upgrade let in: `ok`, and whatever the socket needs once open. */
export interface SocketAdmission {
  ok: true;
}

/** An admitted socket once open: what its upgrade let in, its user, and its life. */
export interface OpenSocket<Admitted> {
  admitted: Admitted;
  userId: number;
  lifetime: SocketLifetime;
}

/** What a socket route hands Fastify: the upgrade's check and the socket's handler. */
export interface SocketRoute {
  preValidation: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  handler: (socket: WebSocket, request: FastifyRequest) => void;
}

/**
 * An authenticated socket route. Before the upgrade, the `?token=` is checked
 * by the rules of a bearer token (4001 without a valid one) and `admit` says
 * whether the signed-in user may open this socket; a refusal is answered after
 * the upgrade, as the close code its socket gets. An admitted socket is
 * registered, lives on its token (see {@link SocketLifetime}), and is handed
 * to `opened`.
 */
export function socketRoute<Admitted extends SocketAdmission>(options: {
  app: FastifyInstance;
  registry: SocketRegistry;
  now: () => Date;
  admit: (
    request: FastifyRequest,
    user: AccessClaims,
  ) => Admitted | SocketRefusal | Promise<Admitted | SocketRefusal>;
  opened: (socket: WebSocket, open: OpenSocket<Admitted>, request: FastifyRequest) => void;
}): SocketRoute {
  const { app, registry, now, admit, opened } = options;
  type Join = { ok: true; admitted: Admitted; user: AccessClaims } | SocketRefusal;
  const joins = new WeakMap<FastifyRequest, Join>();
  return {
    preValidation: async (request, reply) => {
      joins.set(request, SESSION_EXPIRED_REFUSAL);
      const user = await authenticateToken(app, request, reply);
      if (!user) return;
      const admitted = await admit(request, user);
      joins.set(request, admitted.ok ? { ok: true, admitted, user } : admitted);
    },
    handler: (socket, request) => {
      const join = joins.get(request) ?? SESSION_EXPIRED_REFUSAL;
      joins.delete(request);
      if (!join.ok) {
        socket.close(join.code, join.reason);
        return;
      }
      const lifetime = startSocketLifetime({ socket, token: join.user, registry, now });
      opened(socket, { admitted: join.admitted, userId: join.user.user_id, lifetime }, request);
    },
  };
}
