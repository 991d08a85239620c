import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';

import {
  addAddressSchema,
  listAddressesSchema,
  removeAddressSchema,
  setPrimaryAddressSchema,
} from './schemas.ts';
import { addAddress, listAddresses, removeAddress, setPrimaryAddress } from './service.ts';

export const addressesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/address/',
    { schema: addAddressSchema, onRequest: app.authenticate },
    async (request, reply) => {
      const result = await addAddress(ctx, actorOf(request).user_id, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/user/addresses/',
    { schema: listAddressesSchema, onRequest: app.authenticate },
    async (request) => listAddresses(ctx, actorOf(request).user_id),
  );

  app.delete(
    '/user/addresses/:id/',
    { schema: removeAddressSchema, onRequest: app.authenticate },
    async (request) => removeAddress(ctx, actorOf(request).user_id, request.params.id),
  );

  for (const method of ['PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/user/addresses/:id/set_primary/',
      schema: setPrimaryAddressSchema,
      onRequest: app.authenticate,
      handler: async (request) =>
        setPrimaryAddress(ctx, actorOf(request).user_id, request.params.id),
    });
  }
};
