import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  PROOF_KINDS,
  PROOF_MAX_BYTES,
  type ProofKind,
} from '@gurumatch/shared/constants';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';

import {
  getProfileSchema,
  getProofSchema,
  listProfileSchema,
  updateProfileSchema,
  uploadAvatarSchema,
  uploadProofSchema,
} from './schemas.ts';
import {
  countUploadAttempt,
  getProfile,
  getProof,
  listOwnProfile,
  updateProfile,
  uploadAvatar,
  uploadProofs,
} from './service.ts';
import { readUploadedFiles } from './uploads.ts';

/** Room for part headers and text fields beside the files in a declared `Content-Length`. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/profile/',
    { schema: listProfileSchema, onRequest: app.authenticate },
    async (request) => listOwnProfile(ctx, actorOf(request)),
  );

  app.get(
    '/profile/:userId/',
    { schema: getProfileSchema, onRequest: app.authenticate },
    async (request) => getProfile(ctx, actorOf(request), request.params.userId),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/profile/:userId/',
      schema: updateProfileSchema,
      onRequest: app.authenticate,
      handler: async (request) =>
        updateProfile(ctx, actorOf(request), request.params.userId, request.body),
    });
  }

  app.get(
    '/profile/:userId/proofs/:kind',
    { schema: getProofSchema, onRequest: app.authenticate },
    async (request, reply) => {
      const file = await getProof(
        ctx,
        actorOf(request),
        request.params.userId,
        request.params.kind,
      );
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  // Multipart is understood only by the two upload calls.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: PROOF_MAX_BYTES,
        files: PROOF_KINDS.length,
        fields: 10,
        parts: 12,
        fieldNameSize: 100,
        fieldSize: 1024,
        headerPairs: 100,
      },
    });

    uploads.post(
      '/profile-upload-avatar/',
      {
        schema: uploadAvatarSchema,
        onRequest: app.authenticate,
        preHandler: async (request) => countUploadAttempt(ctx, actorOf(request).user_id),
        bodyLimit: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      },
      async (request) => {
        const files = await readUploadedFiles(request, {
          fields: ['avatar'],
          maxBytes: AVATAR_MAX_BYTES,
          tooLargeMessage: PROFILE_MESSAGES.avatarTooLarge,
        });
        return uploadAvatar(ctx, actorOf(request), files.get('avatar'));
      },
    );

    uploads.post(
      '/profile-upload-proof/',
      {
        schema: uploadProofSchema,
        onRequest: app.authenticate,
        bodyLimit: PROOF_KINDS.length * PROOF_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        preHandler: [
          app.requireRole('teacher'),
          async (request) => countUploadAttempt(ctx, actorOf(request).user_id),
        ],
      },
      async (request) => {
        const files = await readUploadedFiles(request, {
          fields: PROOF_KINDS,
          maxBytes: PROOF_MAX_BYTES,
          tooLargeMessage: PROFILE_MESSAGES.proofTooLarge,
        });
        const proofs: Partial<Record<ProofKind, Buffer>> = {};
        for (const [field, data] of files) proofs[field as ProofKind] = data;
        return uploadProofs(ctx, actorOf(request), proofs);
      },
    );
  });
};
