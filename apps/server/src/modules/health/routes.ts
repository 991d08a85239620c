import { ErrorBodySchema } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { HealthSchema } from '@gurumatch/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { SingleFlight } from '../../lib/single-flight.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered as usual while the instance drains (DRAIN_REFUSE_READS refuses other reads). */
    answersWhileDraining?: boolean;
  }
}

/** Whether this instance should take traffic; set to draining the moment it is asked to stop. */
export interface Readiness {
  draining: boolean;
  /** Set once it stopped listening: each answer then ends its connection. */
  stoppedListening: boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  readiness: Readiness;
}> = async (app, { ctx, readiness }) => {
  // probes arriving together share one round trip to the database
  const probes = new SingleFlight<'database', void>();
  const probe = async (): Promise<void> => {
    await ctx.db.query('SELECT 1');
  };
  app.get(
    '/health',
    {
      config: { answersWhileDraining: true },
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

  // once every migration is recorded it stays so (files do not appear while the process runs)
  let migrated = false;
  const ready = async (): Promise<string | null> => {
    if (readiness.draining) return MESSAGES.instanceStopping;
    try {
      await probes.run('database', probe);
    } catch {
      return MESSAGES.databaseUnavailable;
    }
    try {
      // the shared counters: Redis when configured (a throttle that cannot count refuses)
      await ctx.kv.get('health:ready');
    } catch {
      return MESSAGES.redisUnavailable;
    }
    if (!migrated) {
      const pending = await pendingMigrations(ctx.db).catch(() => ['unknown']);
      if (pending.length > 0) return MESSAGES.migrationsPending;
      migrated = true;
    }
    return null;
  };
  app.get(
    '/health/ready',
    {
      config: { answersWhileDraining: true },
      schema: {
        tags: ['health'],
        summary:
          'Answers once the database and Redis answer and every migration is applied; 503 from the moment the instance is asked to stop',
        response: { 200: HealthSchema, 503: ErrorBodySchema },
      },
      logLevel: 'warn',
    },
    async () => {
      const problem = await ready();
      if (problem) throw new AppError(503, 'service_unavailable', problem);
      return { status: 'ok' as const };
    },
  );
};
