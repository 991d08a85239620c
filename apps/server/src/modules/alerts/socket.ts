import type { LeadAlertEnquiry, LeadAlertFrame } from '@gurumatch/shared/alerts';
import { CHAT_SOCKET_CLOSE_UNAUTHORIZED } from '@gurumatch/shared/constants';
import { parseJsonAs } from '@gurumatch/shared/json';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';

import type { AppContext } from '../../context.ts';
import { verifyAccessToken } from '../../lib/jwt.ts';
import { addToKeyedSet } from '../../lib/keyed-sets.ts';
import {
  authenticateToken,
  FORBIDDEN_REFUSAL,
  SESSION_EXPIRED_REASON,
  SESSION_EXPIRED_REFUSAL,
  startSocketLifetime,
  type SocketRefusal,
  type SocketToken,
} from '../../lib/socket-lifetime.ts';
import type { SocketRegistry } from '../../lib/socket-registry.ts';
import { isSessionCurrent } from '../auth/service.ts';

/** What the upgrade request established before the socket opened. */
type AlertJoin = { ok: true; userId: number; token: SocketToken } | SocketRefusal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on alert socket requests before the upgrade. */
    alertJoin?: AlertJoin;
  }
}

const UNAUTHORIZED = SESSION_EXPIRED_REFUSAL;
const FORBIDDEN = FORBIDDEN_REFUSAL;

/** The one frame a client sends: a renewed access token (as on the chat socket). */
const AuthFrameSchema = z.object({ type: z.literal('auth'), token: z.string().max(4096) });

/** This instance's alert sockets by tutor: where an alert event is delivered. */
export interface AlertSockets {
  add(userId: number, socket: WebSocket): () => void;
  /** Writes the alert to the tutor's open tabs here; answers whether there was one. */
  deliver(tutorId: number, enquiry: LeadAlertEnquiry): boolean;
}

export function createAlertSockets(): AlertSockets {
  const byUser = new Map<number, Set<WebSocket>>();
  return {
    add(userId, socket) {
      return addToKeyedSet(byUser, userId, socket).remove;
    },
    deliver(tutorId, enquiry) {
      const sockets = byUser.get(tutorId);
      if (!sockets) return false;
      const frame: LeadAlertFrame = { type: 'lead_alert', enquiry };
      const data = JSON.stringify(frame);
      let written = false;
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(data);
        written = true;
      }
      return written;
    },
  };
}

/** Before the upgrade: a signed-in tutor only; refusals are answered after it, as close codes. */
export function alertJoinHook(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    request.alertJoin = UNAUTHORIZED;
    if (!(await authenticateToken(app, request, reply)) || !request.authUser) return;
    const { user_id: userId, role, iat, exp } = request.authUser;
    request.alertJoin = role === 'teacher' ? { ok: true, userId, token: { iat, exp } } : FORBIDDEN;
  };
}

/**
 * One tutor's alert socket: it receives `lead_alert` frames and lives by the
 * chat socket's rules (token expiry unless an `auth` frame renews it, the end
 * of the user's sessions, too many sockets, heartbeat).
 */
export function handleAlertSocket(
  ctx: AppContext,
  sockets: AlertSockets,
  registry: SocketRegistry,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  const join = request.alertJoin ?? UNAUTHORIZED;
  if (!join.ok) {
    socket.close(join.code, join.reason);
    return;
  }
  const { userId } = join;
  const lifetime = startSocketLifetime({
    socket,
    userId,
    token: join.token,
    registry,
    now: () => ctx.now(),
  });
  const remove = sockets.add(userId, socket);

  lifetime.onFrame(async (data: RawData, isBinary: boolean) => {
    const frame = isBinary ? null : authFrame(data);
    if (!frame) return;
    const claims = await verifyAccessToken(ctx.config.jwtSecret, frame.token, ctx.now());
    const current =
      claims !== null &&
      claims.user_id === userId &&
      !registry.isRevoked(userId, claims.iat) &&
      (await isSessionCurrent(ctx.db, claims));
    if (!claims || !current) {
      lifetime.end(CHAT_SOCKET_CLOSE_UNAUTHORIZED, SESSION_EXPIRED_REASON);
      return;
    }
    lifetime.renew(claims);
  });

  socket.on('close', () => {
    lifetime.stop();
    remove();
  });
}

function authFrame(data: RawData): z.infer<typeof AuthFrameSchema> | null {
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : data instanceof ArrayBuffer
      ? Buffer.from(data).toString('utf8')
      : data.toString('utf8');
  return parseJsonAs(AuthFrameSchema, text);
}
