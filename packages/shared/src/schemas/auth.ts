import { z } from 'zod';

import {
  EMAIL_MAX_LENGTH,
  ONBOARDING_STEPS,
  PASSWORD_MAX_LENGTH,
  ROLES,
  SIGN_IN_CODE_LENGTH,
} from '../constants.ts';
import { AUTH_MESSAGES } from '../messages/auth.ts';

export {
  findRegistrationProblem,
  isRole,
  isStrongPassword,
  isValidEmail,
  type RegistrationField,
  type RegistrationInput,
  type RegistrationProblem,
} from '../checks/auth.ts';

/** A form field: missing or null reads as '', a number or boolean as its text. */
const formText = z.preprocess(
  (value) =>
    value === undefined || value === null
      ? ''
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value,
  z.string(),
);

/**
 * Wire shape of POST /api/auth/register/. Lenient on purpose: the checks of
 * `findRegistrationProblem` then answer with the spec's own messages.
 */
export const RegisterBodySchema = z.object({
  full_name: formText,
  email: formText,
  password: formText,
  confirm_password: formText,
  role: formText,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const TokenBodySchema = z.object({
  username: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const RefreshBodySchema = z.object({
  refresh: z.string().min(1).max(4096),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const TokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const AccessClaimsSchema = z.object({
  token_type: z.literal('access'),
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  coins: z.number().int(),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

export const UserStatusSchema = z.object({
  is_authenticated: z.literal(true),
  redirect_to: z.enum(ONBOARDING_STEPS),
});
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const CurrentUserSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_email_verified: z.boolean(),
  full_phone: z.string().nullable(),
  phone_number: z.string().nullable(),
  is_phone_verified: z.boolean(),
  role: z.enum(ROLES),
  full_name: z.string(),
  avatar: z.string().nullable(),
  last_login: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const CoinsSchema = z.object({ coins: z.number().int() });
export type Coins = z.infer<typeof CoinsSchema>;

/** POST /api/auth/sign-in-code/ — answers the same 200 whether or not the e-mail is known. */
export const SignInCodeRequestBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
});
export type SignInCodeRequestBody = z.infer<typeof SignInCodeRequestBodySchema>;

/** The code's request: `challenge` goes with the code the e-mail carries (random when none was sent). */
export const SignInCodeSentSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  challenge: z.uuid(),
});
export type SignInCodeSent = z.infer<typeof SignInCodeSentSchema>;

/** POST /api/auth/token/code/ — a new device signs in with its password and the mailed code. */
export const CodeTokenBodySchema = TokenBodySchema.extend({
  challenge: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${String(SIGN_IN_CODE_LENGTH)}}$`), AUTH_MESSAGES.signInCodeFormat),
});
export type CodeTokenBody = z.infer<typeof CodeTokenBodySchema>;
