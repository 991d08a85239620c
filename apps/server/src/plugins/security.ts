import { createHash, randomBytes } from 'node:crypto';

import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.ts';

/** The nonces of one HTML answer: its inline scripts and style blocks carry them. */
export interface DocumentNonces {
  script: string;
  style: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The headers of a finished HTML document that carries no nonces: its
     * policy allows exactly its own inline scripts and style blocks, by hash.
     * A document built this way can be stored and sent again as it is.
     */
    documentHeaders(html: string): Record<string, string>;
  }
  interface FastifyReply {
    /**
     * Marks this answer as an HTML document: sets the document's content
     * security policy with fresh nonces and the headers only a document needs,
     * and returns the nonces to put on its inline scripts and styles.
     */
    documentPolicy(): DocumentNonces;
  }
}

/** The policy of an HTML document, without its nonces. */
function documentDirectives(config: Config): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    // Razorpay Checkout (its script and its frame) only when Razorpay is the provider
    ['script-src', ["'self'", ...(config.razorpay ? ['https://checkout.razorpay.com'] : [])]],
    ['style-src', ["'self'"]],
    ['style-src-attr', ["'unsafe-inline'"]],
    // PUBLIC_URL's origin too: answers carry absolute image URLs built from it.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', new URL(config.publicUrl).origin]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'ws:', 'wss:']],
    [
      'frame-src',
      [
        'https://www.youtube-nocookie.com',
        'https://www.google.com',
        // the offline sandbox checkout is a page of ours
        ...(config.razorpay ? ['https://api.razorpay.com'] : ["'self'"]),
      ],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(config.isProduction ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
}

/** Sources allowed for inline scripts and style blocks: nonces, or hashes of their text. */
interface InlineSources {
  script: string[];
  style: string[];
}

function policyWith(config: Config, inline: InlineSources): string {
  return documentDirectives(config)
    .map(([name, values]) => {
      const all =
        name === 'script-src'
          ? [...values, ...inline.script]
          : name === 'style-src'
            ? [...values, ...inline.style]
            : values;
      return [name, ...all].join(' ');
    })
    .join(';');
}

export function documentPolicyHeader(config: Config, nonces: DocumentNonces): string {
  return policyWith(config, {
    script: [`'nonce-${nonces.script}'`],
    style: [`'nonce-${nonces.style}'`],
  });
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

function hashSources(html: string, pattern: RegExp): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(pattern)) {
    const text = match[1] ?? '';
    sources.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/** The policy of a document whose inline scripts and styles are allowed by their hashes. */
export function hashedDocumentPolicyHeader(config: Config, html: string): string {
  return policyWith(config, {
    script: hashSources(html, INLINE_SCRIPT),
    style: hashSources(html, STYLE_BLOCK),
  });
}

/** What an HTML document carries besides its policy. */
const DOCUMENT_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/**
 * What every answer carries, and all that one which is not an HTML document
 * (JSON, assets, media) carries: nothing may run or be framed from it, its type
 * is not guessed, and other sites may not embed it unless it says otherwise.
 */
const RESOURCE_POLICY = "default-src 'none';frame-ancestors 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers and CORS for the listed origins. JSON, static assets and
 * media carry three short headers (four in production); HTML documents (server-rendered pages, the
 * dev outbox) call `reply.documentPolicy()` for the full policy with a nonce.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    app.addHook('onRequest', (_request, reply, done) => {
      // Public images say `cross-origin` themselves (media, /content/).
      void reply
        .header('content-security-policy', RESOURCE_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin');
      if (config.isProduction) void reply.header('strict-transport-security', HSTS);
      done();
    });
    app.decorateReply('documentPolicy', function documentPolicy(this: FastifyReply) {
      const nonces: DocumentNonces = {
        script: randomBytes(16).toString('base64'),
        style: randomBytes(16).toString('base64'),
      };
      void this.header('content-security-policy', documentPolicyHeader(config, nonces)).headers(
        DOCUMENT_HEADERS,
      );
      return nonces;
    });
    app.decorate('documentHeaders', (html: string) => ({
      'content-security-policy': hashedDocumentPolicyHeader(config, html),
      ...DOCUMENT_HEADERS,
    }));
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
