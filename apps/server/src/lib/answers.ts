import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are checked against their route's schema, which drops every field
 * the schema does not name, then written as JSON. Our answer schemas hold no
 * codecs or transforms, so a parse gives what an encode would, in well under
 * half the time (decision 040).
 */
export const checkedAnswers: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** JSON with every object's keys in order: two values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return Object.fromEntries(entries);
  });
}

/**
 * For the busiest lists (the tutor feed, a student's enquiries), whose answers
 * are built field by field by typed code: written as they are, without the
 * parse, which costs about a tenth of such a request. The test suite runs with
 * `check` on: there an answer must already be exactly what its schema allows
 * (a field the schema does not name fails the request instead of being
 * dropped), so every test proves what production sends (decision 040).
 */
export function builtAnswers(check: boolean): FastifySerializerCompiler<z.ZodType> {
  if (!check) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url }) =>
    (data) => {
      const result = schema.safeParse(data);
      const sent = JSON.stringify(data);
      if (!result.success || canonical(result.data) !== canonical(JSON.parse(sent))) {
        const cause = result.success
          ? new z.ZodError([
              {
                code: 'custom',
                path: [],
                message: 'the answer holds fields its schema does not name',
                input: data,
              },
            ])
          : result.error;
        throw new ResponseSerializationError(method, url, { cause });
      }
      return sent;
    };
}
