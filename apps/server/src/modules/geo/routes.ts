import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import { autocompleteSchema, placeSchema, reverseSchema } from './schemas.ts';
import { findNearestPlace, findPlace, suggestPlaces } from './service.ts';

/** Maps behind the server (no key reaches the browser). Public, rate limited per client address. */
export const geoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
