import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { sendEmailVerification } from '../account/service.ts';

import {
  codeTokenSchema,
  coinsSchema,
  meSchema,
  refreshSchema,
  registerSchema,
  signInCodeSchema,
  statusSchema,
  tokenSchema,
} from './schemas.ts';
import {
  getCoinBalance,
  getCurrentUser,
  getUserStatus,
  obtainTokenPair,
  registerUser,
  requestSignInCode,
  rotateRefreshToken,
  signInWithCode,
} from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/register/', { schema: registerSchema }, async (request, reply) => {
    const { user, tokens, deviceCookie } = await registerUser(ctx, request.body, {
      ip: request.ip,
      cookie: request.headers.cookie,
    });
    // The account exists either way; when mail fails, 'Resend Verification' sends the link again.
    await sendEmailVerification(ctx, user).catch((error: unknown) => {
      ctx.log.error({ err: error, user_id: user.id }, 'verification e-mail not sent');
    });
    return reply.status(201).header('set-cookie', deviceCookie).send(tokens);
  });

  app.post('/token/', { schema: tokenSchema }, async (request, reply) => {
    const { tokens, deviceCookie } = await obtainTokenPair(ctx, request.body, {
      ip: request.ip,
      cookie: request.headers.cookie,
    });
    return reply.header('set-cookie', deviceCookie).send(tokens);
  });

  app.post('/sign-in-code/', { schema: signInCodeSchema }, async (request) =>
    requestSignInCode(ctx, request.body, request.ip),
  );

  app.post('/token/code/', { schema: codeTokenSchema }, async (request, reply) => {
    const { tokens, deviceCookie } = await signInWithCode(ctx, request.body, {
      ip: request.ip,
      cookie: request.headers.cookie,
    });
    return reply.header('set-cookie', deviceCookie).send(tokens);
  });

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
