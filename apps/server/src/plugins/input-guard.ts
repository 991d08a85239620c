import { SLOW_BODY_MIN_BYTES } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { AppError, errorBody } from '../errors.ts';

/**
 * The one gate for input no handler should ever see, in one place for every
 * route (present and future), so bad input is a 4xx with the usual error body
 * instead of a 500 from deep inside:
 *
 * - the NUL character (U+0000), which PostgreSQL text cannot hold, anywhere in
 *   the path parameters, query, JSON body or multipart text fields;
 * - malformed multipart bodies (no boundary, truncated, mismatched parts);
 * - a declared `Content-Length` beyond what the route accepts, refused before
 *   a byte of the body is read (multipart routes set `bodyLimit` for this);
 * - path parameters over the router's limit and undecodable URLs (`frameworkErrors`);
 * - a body dripping in: less than `SLOW_BODY_MIN_BYTES` per window and the
 *   connection is closed (a slow but steady mobile upload passes).
 */

const MAX_DEPTH = 32;

/** The path (`a.b.0`) of the first string or key holding U+0000, or null. */
export function findNulCharacter(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? path || 'non_field_errors' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return where;
    const found = findNulCharacter(item, where, depth + 1);
    if (found) return found;
  }
  return null;
}

export function assertNoNulCharacter(...values: unknown[]): void {
  for (const value of values) {
    const field = findNulCharacter(value);
    if (field !== null) {
      throw new AppError(400, 'validation_error', MESSAGES.nulCharacter, {
        [field.split('\u0000').join('')]: [MESSAGES.nulCharacter],
      });
    }
  }
}

function malformedMultipart(cause: unknown): AppError {
  const error = new AppError(400, 'validation_error', MESSAGES.malformedMultipart);
  error.cause = cause;
  return error;
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

/**
 * `request.parts()` with the gate applied: a broken multipart body is a 400
 * (errors that carry a code of the multipart plugin, such as its limits, are
 * passed on for the caller to word), and text fields are checked for U+0000.
 */
export async function* guardedParts(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): ReturnType<FastifyRequest['parts']> {
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'field') assertNoNulCharacter({ [part.fieldname]: part.value });
      yield part;
    }
  } catch (error) {
    throw asMultipartError(error);
  }
}

/** A multipart parsing failure as the 400 to answer; our own and the plugin's coded errors pass. */
function asMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = codeOf(error);
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return malformedMultipart(error);
}

/** Reads a file part whole; a body cut short or broken inside the file is a 400. */
export async function readFilePart(part: { toBuffer(): Promise<Buffer> }): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw asMultipartError(error);
  }
}

/** Router-level errors (path parameter too long, undecodable URL) as the usual error body. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // no object has a key that long: the same answer as any unknown one
    void reply.status(404).send(errorBody(MESSAGES.notFound, 'not_found'));
    return;
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(MESSAGES.badUrl, 'validation_error'));
}

/**
 * Closes the connection of a request whose body arrives slower than
 * `SLOW_BODY_MIN_BYTES` per `windowMs`, measured on the socket (nothing is read
 * here, so the body parsers see every byte).
 */
function watchBodyRate(request: FastifyRequest, windowMs: number): void {
  const raw = request.raw;
  const hasBody =
    Number(raw.headers['content-length'] ?? 0) > 0 ||
    raw.headers['transfer-encoding'] !== undefined;
  const socket = raw.socket as { bytesRead?: unknown; destroyed: boolean; destroy(): void } | null;
  if (!hasBody || raw.complete || typeof socket?.bytesRead !== 'number') return;
  const bytesRead = (): number => (typeof socket.bytesRead === 'number' ? socket.bytesRead : 0);
  let last = bytesRead();
  const timer = setInterval(() => {
    if (raw.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const now = bytesRead();
    if (now - last < SLOW_BODY_MIN_BYTES) {
      clearInterval(timer);
      request.log.warn({ bytes: now - last, window_ms: windowMs }, 'slow request body cut off');
      socket.destroy();
      return;
    }
    last = now;
  }, windowMs);
  timer.unref();
  raw.once('close', () => clearInterval(timer));
}

/** How long a client gets to read an answer sent before its body was read, before the socket goes. */
const CLOSE_AFTER_ANSWER_MS = 1000;

/**
 * For an answer sent before the request's body was read (a refused declared
 * length): `Connection: close`, then the connection ends once the answer is
 * out, so the unread body is never waited for. Ending first (not destroying)
 * lets the client read the answer; the socket is destroyed a moment later
 * whatever the client does.
 */
function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('connection', 'close');
  const socket = request.raw.socket as {
    destroyed: boolean;
    end(): void;
    destroy(): void;
  } | null;
  if (!socket) return;
  reply.raw.once('finish', () => {
    if (socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), CLOSE_AFTER_ANSWER_MS).unref();
  });
}

export const inputGuardPlugin = fp<{ slowBodyWindowMs: number }>(
  (app, { slowBodyWindowMs }, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > request.routeOptions.bodyLimit) {
        closeAfterAnswer(request, reply);
        next(new AppError(413, 'body_too_large', MESSAGES.bodyTooLarge));
        return;
      }
      watchBodyRate(request, slowBodyWindowMs);
      next();
    });
    app.addHook('preValidation', (request, _reply, next) => {
      try {
        assertNoNulCharacter(request.params, request.query, request.body);
        next();
      } catch (error) {
        next(error as Error);
      }
    });
    done();
  },
  { name: 'input-guard' },
);
