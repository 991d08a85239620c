import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { onSessionsEnded } from '../../lib/session-events.ts';
import { createSocketRegistry } from '../../lib/socket-registry.ts';
import { actorOf } from '../../plugins/auth.ts';

import { getAlertSettings, saveAlertSettings, unsubscribe } from './channels.ts';
import {
  getAlertSettingsSchema,
  saveAlertSettingsSchema,
  toldTutorsSchema,
  unsubscribeSchema,
} from './schemas.ts';
import { onLeadAlerts, toldTutors } from './service.ts';
import { alertSocketRoute, createAlertSockets } from './socket.ts';

/**
 * `/api/alerts/…`: what a student may know of the alerts of their enquiries,
 * a tutor's alert settings, and a message's unsubscribe link.
 */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // the role is checked before the body, so a wrong role is a 403 whatever it sends
  const student = { onRequest: app.authenticate, preValidation: app.requireRole('student') };
  const teacher = { onRequest: app.authenticate, preValidation: app.requireRole('teacher') };

  app.get('/told/', { schema: toldTutorsSchema, ...student }, async (request) =>
    toldTutors(ctx, actorOf(request).user_id),
  );

  app.get('/settings/', { schema: getAlertSettingsSchema, ...teacher }, async (request) =>
    getAlertSettings(ctx, actorOf(request).user_id),
  );

  app.put('/settings/', { schema: saveAlertSettingsSchema, ...teacher }, async (request) =>
    saveAlertSettings(ctx, actorOf(request).user_id, request.body),
  );

  app.post('/unsubscribe/', { schema: unsubscribeSchema }, async (request) =>
    unsubscribe(ctx, request.body.token),
  );
};

const TOO_MANY_REASON = 'Too many open alert tabs';

/** `/ws/alerts/?token=ACCESS`: a signed-in tutor's tab hears of new matching enquiries. */
export const alertSocketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const sockets = createAlertSockets();
  const registry = createSocketRegistry(() => ctx.now(), TOO_MANY_REASON);
  const stops = await Promise.all([
    onSessionsEnded(ctx.pubsub, (event) => {
      registry.endSessions(event);
    }),
    onLeadAlerts(ctx, (tutorId, enquiry, distanceKm) =>
      sockets.deliver(tutorId, enquiry, distanceKm),
    ),
  ]).catch((error: unknown) => {
    // without pub/sub the feed still shows new enquiries on reload
    app.log.error({ err: error }, 'lead alerts cannot be heard');
    return [];
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
  const alertSocket = alertSocketRoute(app, ctx, sockets, registry);
  app.get(
    '/ws/alerts/',
    { websocket: true, preValidation: alertSocket.preValidation },
    alertSocket.handler,
  );
};
