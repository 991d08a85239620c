/**
 * Recent answers to anonymous requests for public content: server-rendered
 * pages and the public content lists (decision 040). What every visitor sees
 * alike is built once (queried, rendered, serialised, compressed) and then
 * sent as stored bytes.
 *
 * - Only anonymous GETs (no Authorization header) of routes that opt in with
 *   `config: { publicCache: true }`, and pages (see web-static.ts), are
 *   answered from here, and only 200 answers are kept.
 * - Any successful write through this instance (a POST, PUT, PATCH or DELETE
 *   answered below 400), and any invalidation of a paged list (lib/paging.ts,
 *   which content writes announce), drops every stored answer; a write
 *   through another instance shows here after PUBLIC_CACHE_TTL_MS at most.
 * - Compressed forms are made on first demand, at a quick setting, and kept
 *   with the answer.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Queryable } from '../db/connection.ts';
import { listCacheOf } from '../lib/paging.ts';

export const PUBLIC_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_KEY_LENGTH = 2_048;
/** Smaller answers go out as they are (as the compression plugin does). */
const COMPRESS_THRESHOLD_BYTES = 1_024;

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers: PublicAnswerCache;
  }
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the public answer cache. */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    /** This answer came from the public answer cache (so it is not stored again). */
    fromPublicCache: boolean;
    /** The cache's generation when this request was looked up (-1: not cacheable). */
    publicCacheGeneration: number;
  }
}

type Encoding = 'br' | 'gzip';

export interface StoredAnswer {
  status: number;
  /** Headers sent with every copy (content type, cache and security policy…). */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  encoded: Map<Encoding, Buffer>;
  storedAt: number;
}

export class PublicAnswerCache {
  private readonly entries = new Map<string, StoredAnswer>();
  private bytes = 0;
  /** Counts drops: an answer built before a drop is not stored after it. */
  private dropped = 0;

  get generation(): number {
    return this.dropped;
  }

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMs: number = PUBLIC_CACHE_TTL_MS,
  ) {}

  get(key: string): StoredAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.clock() - entry.storedAt >= this.ttlMs) {
      this.delete(key, entry);
      return null;
    }
    return entry;
  }

  /** Stores an answer built since `generation` was read; null when it was not kept. */
  set(
    key: string,
    generation: number,
    answer: Omit<StoredAnswer, 'encoded' | 'storedAt'>,
  ): StoredAnswer | null {
    if (generation !== this.dropped) return null;
    if (key.length > MAX_KEY_LENGTH || answer.body.length > MAX_BYTES / 16) return null;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const entry: StoredAnswer = { ...answer, encoded: new Map(), storedAt: this.clock() };
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [oldestKey, oldest] = this.entries.entries().next().value ?? [];
      if (oldestKey === undefined || !oldest) break;
      this.delete(oldestKey, oldest);
    }
    return entry;
  }

  /** Compressed form of a stored answer, made once. */
  encode(entry: StoredAnswer, encoding: Encoding): Buffer {
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                // On an 85 KB page, quality 5 took 1.7 ms for 14.3 KB and 9 took
                // 21 ms for 14.0 KB: most pages are asked once before they are
                // dropped, so the 2 % is not worth ten times the wait.
                [zlib.BROTLI_PARAM_QUALITY]: 5,
                [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      entry.encoded.set(encoding, encoded);
      this.bytes += encoded.length;
    }
    return encoded;
  }

  dropAll(): void {
    this.dropped += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, entry: StoredAnswer): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    for (const encoded of entry.encoded.values()) this.bytes -= encoded.length;
  }
}

/** An answer sent like a stored one but not kept (a 404 page, a refused store). */
export function unstoredAnswer(answer: Omit<StoredAnswer, 'encoded' | 'storedAt'>): StoredAnswer {
  return { ...answer, encoded: new Map(), storedAt: 0 };
}

/** br, else gzip, else none, as the client accepts (a q=0 refuses). */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends a stored answer, compressed when the client accepts it. */
export function sendStoredAnswer(
  cache: PublicAnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: StoredAnswer,
): FastifyReply {
  request.fromPublicCache = true;
  void reply.status(entry.status).headers(entry.headers).header('vary', 'accept-encoding');
  const encoding =
    entry.body.length >= COMPRESS_THRESHOLD_BYTES
      ? acceptedEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(entry.body);
  return reply.header('content-encoding', encoding).send(cache.encode(entry, encoding));
}

/** The cache key of a request: its path and query, as sent. */
export function publicCacheKey(request: Pick<FastifyRequest, 'url'>): string {
  return request.url;
}

function isAnonymousGet(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers.authorization === undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Register before the compression plugin, so answers are stored before they are compressed. */
export const publicCachePlugin = fp<{ db: Queryable; clock?: () => number }>(
  (app: FastifyInstance, { db, clock }, done) => {
    const cache = new PublicAnswerCache(clock);
    // content written by a service (the seed, the back office) drops them too
    const stopListening = listCacheOf(db).onInvalidate(() => cache.dropAll());
    app.addHook('onClose', (_instance, next) => {
      stopListening();
      next();
    });
    app.decorate('publicAnswers', cache);
    app.decorateRequest('fromPublicCache', false);
    app.decorateRequest('publicCacheGeneration', -1);

    app.addHook('preValidation', (request, reply, next) => {
      if (request.routeOptions.config.publicCache !== true || !isAnonymousGet(request)) {
        next();
        return;
      }
      const entry = cache.get(publicCacheKey(request));
      if (!entry) {
        request.publicCacheGeneration = cache.generation;
        next();
        return;
      }
      sendStoredAnswer(cache, request, reply, entry);
    });

    app.addHook('onSend', (request, reply, payload, next) => {
      if (
        request.publicCacheGeneration >= 0 &&
        !request.fromPublicCache &&
        reply.statusCode === 200 &&
        typeof payload === 'string'
      ) {
        const contentType = reply.getHeader('content-type');
        cache.set(publicCacheKey(request), request.publicCacheGeneration, {
          status: 200,
          headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
          body: Buffer.from(payload),
        });
      }
      next(null, payload);
    });

    app.addHook('onResponse', (request, reply, next) => {
      if (WRITES.has(request.method) && reply.statusCode < 400) cache.dropAll();
      next();
    });
    done();
  },
  { name: 'public-cache' },
);
