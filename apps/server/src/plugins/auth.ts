import type { Role } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import type { AccessClaims } from '@gurumatch/shared/schemas/auth';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';

import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { verifyAccessToken } from '../lib/jwt.ts';
import { keptSessionState } from '../lib/kept-sessions.ts';
import { isSessionCurrent, sessionAdmits } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer access token of an active user's current session. */
    authenticate: onRequestHookHandler;
    /** preHandler hook: the signed-in user must have one of these roles. */
    requireRole: (...roles: Role[]) => preHandlerHookHandler;
  }
  interface FastifyRequest {
    authUser: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * A read whose session may be checked against the state this instance
     * keeps in memory, when it keeps the user's (decision 058).
     */
    sessionFromMemory?: boolean;
  }
}

/** The signed-in user of a request behind `authenticate`. */
export function actorOf(request: FastifyRequest): AccessClaims {
  if (!request.authUser) throw new AppError(401, 'token_not_valid', MESSAGES.tokenMissing);
  return request.authUser;
}

export const authPlugin = fp<{ ctx: AppContext }>(
  (app, { ctx }, done) => {
    app.decorateRequest('authUser', null);
    app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError(401, 'token_not_valid', MESSAGES.tokenMissing);
      const claims = await verifyAccessToken(ctx.config.jwtSecret, match[1], ctx.now());
      if (!claims) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
      const kept =
        request.routeOptions.config.sessionFromMemory === true
          ? keptSessionState(ctx, claims.user_id)
          : null;
      const current = kept ? sessionAdmits(kept, claims) : await isSessionCurrent(ctx.db, claims);
      if (!current) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
      request.authUser = claims;
    });
    app.decorate(
      'requireRole',
      (...roles: Role[]) =>
        async (request: FastifyRequest, _reply: FastifyReply) => {
          const actor = actorOf(request);
          if (!roles.includes(actor.role)) {
            throw new AppError(403, 'permission_denied', MESSAGES.permissionDenied);
          }
        },
    );
    done();
  },
  { name: 'auth' },
);
