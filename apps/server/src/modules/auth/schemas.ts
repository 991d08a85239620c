import { ErrorBodySchema } from '@gurumatch/shared/errors';
import {
  CoinsSchema,
  CurrentUserSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenBodySchema,
  TokenPairSchema,
  UserStatusSchema,
} from '@gurumatch/shared/schemas/auth';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  429: ErrorBodySchema,
};

export const registerSchema = {
  tags: ['auth'],
  summary: 'Create an account and sign in',
  body: RegisterBodySchema,
  response: { 201: TokenPairSchema, ...errors },
};

export const tokenSchema = {
  tags: ['auth'],
  summary: 'Sign in with e-mail (as username) and password',
  body: TokenBodySchema,
  response: { 200: TokenPairSchema, ...errors },
};

export const refreshSchema = {
  tags: ['auth'],
  summary: 'Rotate a refresh token for a new pair',
  body: RefreshBodySchema,
  response: { 200: TokenPairSchema, ...errors },
};

const bearer = [{ bearerAuth: [] }];

export const statusSchema = {
  tags: ['auth'],
  summary: 'Which onboarding step the user must be on',
  security: bearer,
  response: { 200: UserStatusSchema, ...errors },
};

export const meSchema = {
  tags: ['auth'],
  summary: 'The signed-in user',
  security: bearer,
  response: { 200: CurrentUserSchema, ...errors },
};

export const coinsSchema = {
  tags: ['auth'],
  summary: "A teacher's coin balance",
  security: bearer,
  response: { 200: CoinsSchema, ...errors },
};
