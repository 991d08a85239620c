import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';

import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { MESSAGES } from '@gurumatch/shared/messages';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { AppContext } from './context.ts';
import { errorBody } from './errors.ts';
import { checkedAnswers } from './lib/answers.ts';
import { runInLogScope } from './lib/log-scope.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { alertRoutes, alertSocketRoutes } from './modules/alerts/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { chatRoutes, chatSocketRoutes } from './modules/chat/routes.ts';
import { closeChatSockets } from './modules/chat/socket.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { enquiriesRoutes } from './modules/enquiries/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { healthRoutes, type Readiness } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { metricsPlugin } from './modules/metrics/metrics.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { answerFrameworkError, inputGuardPlugin } from './plugins/input-guard.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { securityPlugin } from './plugins/security.ts';
import { webStaticPlugin, type loadWebBuild } from './plugins/web-static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set `draining` when the instance is asked to stop: readiness then fails at once. */
    readiness: Readiness;
  }
}

export interface BuildAppOptions {
  ctx: AppContext;
  /** The built web app, or null to serve the API alone (API tests). */
  web?: Awaited<ReturnType<typeof loadWebBuild>>;
  /** The process's logger (requests log through it); none in tests. */
  logger?: FastifyBaseLogger;
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/** Builds the whole server without listening; tests use `inject` on it. */
export async function buildApp({
  ctx,
  web = null,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: ctx.config.bodyLimitBytes,
    // However steadily it comes, a request must be in within this (Node checks
    // every second); a body dripping in is cut off sooner by the input gate.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(10_000, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    frameworkErrors: answerFrameworkError,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
    },
    // A request that reaches a stopping instance (the proxy sent it just before the instance
    // stopped listening) is answered, not refused: the proxy does not send a refused POST to
    // another instance. Its connection closes after the answer (`Connection: close` below).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const readiness: Readiness = { draining: false, stoppedListening: false };
  app.decorate('readiness', readiness);
  if (ctx.config.drainRefuseReads) {
    // Stopping behind nginx, which cannot check readiness: a read answered 503 is sent to
    // another instance, and nginx then stops choosing this one (max_fails), so no request is
    // on its way here when it stops listening. Writes are answered: nginx never sends a POST
    // twice. Health checks keep their own answers.
    app.addHook('onRequest', async (request, reply) => {
      if (
        readiness.draining &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        request.routeOptions.config.answersWhileDraining !== true
      ) {
        return reply.status(503).send(errorBody(MESSAGES.instanceStopping, 'service_unavailable'));
      }
      return undefined;
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkedAnswers);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // stopped listening: each connection ends with its answer, so the proxy's pooled
    // connections go while the instance still answers on them (lib/graceful-stop.ts)
    if (readiness.stoppedListening) void reply.header('connection', 'close');
  });
  // from here to the answer, `ctx.log` writes with the request id and jobs stored carry it
  // (after the body is read: a body's stream events do not keep the scope)
  app.addHook('preValidation', (request, _reply, done) => {
    runInLogScope({ requestId: request.id, log: request.log }, done);
  });

  await app.register(metricsPlugin, { ctx });
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin, { slowBodyWindowMs: ctx.config.slowBodyWindowMs });
  // before compression: answers are stored as built, compressed once on demand
  await app.register(publicCachePlugin, { db: ctx.db, clock: () => ctx.now().getTime() });
  // Pages and API answers are compressed on the fly (built assets are precompressed).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityPlugin, { config: ctx.config });
  await app.register(authPlugin, { ctx });
  // before every route, so an upgrade to a path that is not a socket is refused, never hangs
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    preClose(done) {
      void closeChatSockets(app.websocketServer.clients).then(() => {
        app.websocketServer.close(() => done());
      });
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'GuruMatch API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api', ctx, readiness: app.readiness });
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(accountRoutes, { prefix: '/api/auth', ctx });
  await app.register(addressesRoutes, { prefix: '/api/auth', ctx });
  await app.register(profileRoutes, { prefix: '/api/auth', ctx });
  await app.register(mediaRoutes, { prefix: '/media', ctx });
  await app.register(geoRoutes, { prefix: '/api/geo', ctx });
  await app.register(contentRoutes, { prefix: '/api/blog', ctx });
  await app.register(contactRoutes, { prefix: '/api/base', ctx });
  await app.register(enquiriesRoutes, { prefix: '/api/enquiry', ctx });
  await app.register(paymentsRoutes, { prefix: '/api/payments', ctx });
  await app.register(adminRoutes, { prefix: '/api/admin', ctx });
  await app.register(seoRoutes, { ctx });
  await app.register(devOutboxRoutes, { ctx });
  await app.register(chatRoutes, { prefix: '/api/chat', ctx });
  await app.register(chatSocketRoutes, { ctx });
  await app.register(alertSocketRoutes, { ctx });
  await app.register(alertRoutes, { prefix: '/api/alerts', ctx });
  await app.register(reviewsRoutes, { prefix: '/api/reviews', ctx });

  await app.register(webStaticPlugin, { build: web, publicUrl: ctx.config.publicUrl });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(pathname);
    if (isPage && app.renderPage) {
      return app.renderPage({ url: request.url, headers: request.headers }, reply);
    }
    return reply.status(404).send(errorBody(MESSAGES.notFound, 'not_found'));
  });

  return app;
}
