import type { LeadAlertFrame } from '@gurumatch/shared/alerts';
import { parseJsonAs } from '@gurumatch/shared/json';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';

import type { AppContext } from '../../context.ts';
import { addToKeyedSet } from '../../lib/keyed-sets.ts';
import { FORBIDDEN_REFUSAL, socketRoute, type SocketRoute } from '../../lib/socket-lifetime.ts';
import type { SocketRegistry } from '../../lib/socket-registry.ts';
import { verifyCurrentToken } from '../auth/service.ts';

import type { AlertEventEnquiry } from './service.ts';

const ADMITTED = { ok: true } as const;

/** The one frame a client sends: a renewed access token (as on the chat socket). */
const AuthFrameSchema = z.object({ type: z.literal('auth'), token: z.string().max(4096) });

/** This instance's alert sockets by tutor: where an alert event is delivered. */
export interface AlertSockets {
  add(userId: number, socket: WebSocket): () => void;
  /**
   * Writes the alert to the tutor's open tabs here, with the tutor's distance;
   * answers whether there was one. Called for every tutor of an event, most of
   * them connected elsewhere: nothing is built for those.
   */
  deliver(tutorId: number, enquiry: AlertEventEnquiry, distanceKm: number | null): boolean;
}

export function createAlertSockets(): AlertSockets {
  const byUser = new Map<number, Set<WebSocket>>();
  return {
    add(userId, socket) {
      return addToKeyedSet(byUser, userId, socket).remove;
    },
    deliver(tutorId, enquiry, distanceKm) {
      const sockets = byUser.get(tutorId);
      if (!sockets) return false;
      const frame: LeadAlertFrame = {
        type: 'lead_alert',
        enquiry: { ...enquiry, distance_km: distanceKm },
      };
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

/**
 * `/ws/alerts/?token=ACCESS`: one signed-in tutor's tab (4003 for anyone else).
 * It receives `lead_alert` frames and lives by the chat socket's rules (token
 * expiry unless an `auth` frame renews it, the end of the user's sessions, too
 * many sockets, heartbeat).
 */
export function alertSocketRoute(
  app: FastifyInstance,
  ctx: AppContext,
  sockets: AlertSockets,
  registry: SocketRegistry,
): SocketRoute {
  return socketRoute({
    app,
    registry,
    now: () => ctx.now(),
    admit: (_request, user) => (user.role === 'teacher' ? ADMITTED : FORBIDDEN_REFUSAL),
    opened: (socket, { userId, lifetime }) => {
      const remove = sockets.add(userId, socket);
      socket.on('close', remove);
      lifetime.onFrame(async (text) => {
        const frame = text === null ? null : parseJsonAs(AuthFrameSchema, text);
        if (frame) lifetime.renew(await verifyCurrentToken(ctx, frame.token));
      });
    },
  });
}
