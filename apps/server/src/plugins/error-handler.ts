import { MESSAGES } from '@gurumatch/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { errorBody, isAppError } from '../errors.ts';

function fieldOf(instancePath: string, params: unknown): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const missing = (params as { missingProperty?: unknown } | undefined)?.missingProperty;
  return typeof missing === 'string' ? missing : 'non_field_errors';
}

/**
 * One error shape for the whole API (`errorBody`). Unknown errors
 * become a 500 with a generic sentence and are logged with the request id.
 */
export const errorHandlerPlugin = fp(
  (app: FastifyInstance, _opts, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isAppError(error)) {
        if (error.statusCode >= 500) {
          request.log.error({ err: error.cause ?? error }, error.detail);
        }
        if (error.headers) void reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send(errorBody(error.detail, error.code, error.fieldErrors));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const field = fieldOf(issue.instancePath, issue.params);
          (errors[field] ??= []).push(issue.message ?? 'Invalid value');
        }
        const [firstField, firstMessages] = Object.entries(errors)[0] ?? [];
        const detail = firstField
          ? `${firstField}: ${firstMessages?.[0] ?? ''}`
          : MESSAGES.malformedBody;
        return reply.status(400).send(errorBody(detail, 'validation_error', errors));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.status(413).send(errorBody(MESSAGES.bodyTooLarge, 'body_too_large'));
      }
      if (status === 429) {
        return reply.status(429).send(errorBody(MESSAGES.rateLimited, 'rate_limited'));
      }
      if (status >= 400 && status < 500) {
        const detail =
          error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status !== 400
            ? error.message
            : MESSAGES.malformedBody;
        return reply.status(status).send(errorBody(detail, 'validation_error'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(MESSAGES.internalError, 'internal_error'));
    });
    done();
  },
  { name: 'error-handler' },
);
