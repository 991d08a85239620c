import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { sendEmailVerification } from '../account/service.ts';

import {
  coinsSchema,
  meSchema,
  refreshSchema,
  registerSchema,
  statusSchema,
  tokenSchema,
} from './schemas.ts';
import {
  getCoinBalance,
  getCurrentUser,
  getUserStatus,
  obtainTokenPair,
  registerUser,
  rotateRefreshToken,
} from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/register/', { schema: registerSchema }, async (request, reply) => {
    const { user, tokens } = await registerUser(ctx, request.body, request.ip);
    // The account exists either way; when mail fails, 'Resend Verification' sends the link again.
    await sendEmailVerification(ctx, user).catch((error: unknown) => {
      ctx.log.error({ err: error, user_id: user.id }, 'verification e-mail not sent');
    });
    return reply.status(201).send(tokens);
  });

  app.post('/token/', { schema: tokenSchema }, async (request) =>
    obtainTokenPair(ctx, request.body, request.ip),
  );

  app.post('/token/refresh/', { schema: refreshSchema }, async (request) =>
    rotateRefreshToken(ctx, request.body.refresh),
  );

  app.get('/user/status/', { schema: statusSchema, onRequest: app.authenticate }, async (request) =>
    getUserStatus(ctx, actorOf(request).user_id),
  );

  app.get('/user/me/', { schema: meSchema, onRequest: app.authenticate }, async (request) =>
    getCurrentUser(ctx, actorOf(request).user_id),
  );

  app.get(
    '/user/coins',
    { schema: coinsSchema, onRequest: app.authenticate, preHandler: app.requireRole('teacher') },
    async (request) => getCoinBalance(ctx, actorOf(request).user_id),
  );
};
