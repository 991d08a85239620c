import { ErrorBodySchema } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { HealthSchema } from '@gurumatch/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { SingleFlight } from '../../lib/single-flight.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // probes arriving together share one round trip to the database
  const probes = new SingleFlight<'database', void>();
  const probe = async (): Promise<void> => {
    await ctx.db.query('SELECT 1');
  };
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers once the database answers',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
      logLevel: 'warn',
    },
    async () => {
      try {
        await probes.run('database', probe);
      } catch {
        throw new AppError(503, 'service_unavailable', MESSAGES.databaseUnavailable);
      }
      return { status: 'ok' as const };
    },
  );
};
