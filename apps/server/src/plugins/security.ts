import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/** Security headers (with a per-response script nonce) and CORS for the listed origins. */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'style-src-attr': ["'unsafe-inline'"],
          // PUBLIC_URL's origin too: answers carry absolute image URLs built from it.
          'img-src': ["'self'", 'data:', 'blob:', 'https:', new URL(config.publicUrl).origin],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'frame-src': ['https://www.youtube-nocookie.com', 'https://www.google.com'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': config.isProduction ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.isProduction,
    });
    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: false,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-ID'],
      exposedHeaders: ['X-Request-ID', 'Retry-After'],
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
