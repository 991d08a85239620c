import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { isAppError } from '../../errors.ts';

import { autocompleteSchema, placeSchema, reverseSchema } from './schemas.ts';
import { findNearestPlace, findPlace, suggestPlaces } from './service.ts';

/** Maps behind the server (no key reaches the browser). Public, rate limited per client address. */
export const geoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A maps provider failure answers 503; its cause goes to the log.
  app.addHook('onError', async (request, _reply, error) => {
    if (isAppError(error) && error.cause !== undefined) {
      request.log.warn({ err: error.cause }, 'maps provider failed');
    }
  });

  app.get('/autocomplete/', { schema: autocompleteSchema }, async (request) =>
    suggestPlaces(ctx, request.query.q, request.ip),
  );

  app.get('/place/:place_id/', { schema: placeSchema }, async (request) =>
    findPlace(ctx, request.params.place_id, request.ip),
  );

  app.get('/reverse/', { schema: reverseSchema }, async (request) =>
    findNearestPlace(ctx, request.query.lat, request.query.lng, request.ip),
  );
};
