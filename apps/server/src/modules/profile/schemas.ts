import { PROOF_KINDS } from '@gurumatch/shared/constants';
import { FailureBodySchema } from '@gurumatch/shared/schemas/account';
import {
  AvatarUploadResultSchema,
  ProfileListSchema,
  ProfileSchema,
  ProfileUpdateResultSchema,
  ProofUploadResultSchema,
  PublicProfileSchema,
  UpdateProfileBodySchema,
} from '@gurumatch/shared/schemas/profile';
import { z } from 'zod';

const failures = {
  400: FailureBodySchema,
  401: FailureBodySchema,
  403: FailureBodySchema,
  404: FailureBodySchema,
};

const bearer = [{ bearerAuth: [] }];

const userId = z.coerce.number().int().positive().max(2_147_483_647);

const UserIdParamsSchema = z.object({ userId });

const ProofParamsSchema = z.object({ userId, kind: z.enum(PROOF_KINDS) });

export const listProfileSchema = {
  tags: ['profile'],
  summary: "A list holding the signed-in user's profile",
  security: bearer,
  response: { 200: ProfileListSchema, ...failures },
};

export const getProfileSchema = {
  tags: ['profile'],
  summary: "One's own profile, or a teacher's public profile",
  security: bearer,
  params: UserIdParamsSchema,
  response: { 200: z.union([ProfileSchema, PublicProfileSchema]), ...failures },
};

export const updateProfileSchema = {
  tags: ['profile'],
  summary: "Change one's own profile (only the fields sent)",
  security: bearer,
  params: UserIdParamsSchema,
  body: UpdateProfileBodySchema,
  response: { 200: ProfileUpdateResultSchema, ...failures },
};

export const uploadAvatarSchema = {
  tags: ['profile'],
  summary: 'Upload an avatar (multipart field avatar: JPEG, PNG or WebP up to 2 MB)',
  security: bearer,
  consumes: ['multipart/form-data'],
  response: { 200: AvatarUploadResultSchema, ...failures },
};

export const uploadProofSchema = {
  tags: ['profile'],
  summary:
    "Upload a teacher's documents (multipart id_proof and/or qualification_proof: PDF, JPEG, PNG or WebP up to 5 MB)",
  security: bearer,
  consumes: ['multipart/form-data'],
  response: { 200: ProofUploadResultSchema, ...failures },
};

export const getProofSchema = {
  tags: ['profile'],
  summary: "Fetch one of one's own documents",
  security: bearer,
  params: ProofParamsSchema,
  // the file itself on success; errors are the usual JSON
};
