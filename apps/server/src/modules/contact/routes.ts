import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';

import {
  CONTACT_BODY_LIMIT_BYTES,
  CONTACT_MULTIPART_OPTIONS,
  readMultipartContactForm,
} from './read-form.ts';
import { contactRequestSchema } from './schemas.ts';
import { submitContactRequest } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, CONTACT_MULTIPART_OPTIONS);

  app.post(
    '/contact-requests/',
    { schema: contactRequestSchema, bodyLimit: CONTACT_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const form = request.isMultipart()
        ? await readMultipartContactForm(request)
        : { fields: request.body, image: null };
      const created = await submitContactRequest(ctx, form, request.ip);
      return reply.status(201).send(created);
    },
  );
};
