import { ErrorBodySchema } from '@gurumatch/shared/errors';
import {
  CodeTokenBodySchema,
  CoinsSchema,
  CurrentUserSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  SignInCodeRequestBodySchema,
  SignInCodeSentSchema,
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

export const signInCodeSchema = {
  tags: ['auth'],
  summary: 'Mail a one-time sign-in code for a new device (same answer for any e-mail)',
  body: SignInCodeRequestBodySchema,
  response: { 200: SignInCodeSentSchema, ...errors },
};

export const codeTokenSchema = {
  tags: ['auth'],
  summary: 'Sign in on a new device with the password and a mailed sign-in code',
  body: CodeTokenBodySchema,
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
