import { z } from 'zod';

import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_OTP_METHOD,
  OTP_METHODS,
  PASSWORD_MAX_LENGTH,
} from '../constants.ts';
import { ErrorBodySchema } from '../errors.ts';
import { ACCOUNT_MESSAGES } from '../messages/account.ts';
import { MESSAGES } from '../messages.ts';

export {
  findOtpProblem,
  findPhoneProblem,
  findResetPasswordProblem,
  normalizeCountryCode,
  normalizePhoneNumber,
} from '../checks/account.ts';

/**
 * A form field: missing or null reads as '', a number or boolean as its text.
 * The wire shapes below are lenient on purpose: the `find…Problem` checks then
 * answer with the specification's own messages, on the client and the server.
 */
const formText = (maxLength: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null
        ? ''
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : value,
    z.string().max(maxLength, MESSAGES.fieldTooLong),
  );

// ---------------------------------------------------------------------------
// Answers

/** `{success, message}`: what the verification, OTP, address and upload calls answer. */
export const SuccessMessageSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

/**
 * An error answer of the onboarding, profile and address calls, where the
 * existing client reads `success`, `message` and `error` (the error handler
 * adds them to every error answer).
 */
export const FailureBodySchema = ErrorBodySchema.extend({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
});
export type FailureBody = z.infer<typeof FailureBodySchema>;

// ---------------------------------------------------------------------------
// Phone verification (spec part 1 §3, §5)

export const OtpMethodSchema = z.enum(OTP_METHODS);

/** POST /api/auth/otp/send/ */
export const OtpSendBodySchema = z.object({
  otp_method: z.preprocess(
    (value) =>
      value === null || value === ''
        ? undefined
        : typeof value === 'string'
          ? value.trim().toLowerCase()
          : value,
    z.enum(OTP_METHODS, { error: ACCOUNT_MESSAGES.invalidOtpMethod }).default(DEFAULT_OTP_METHOD),
  ),
  phone_number: formText(32),
  country_code: formText(8).transform((value) => value.trim() || DEFAULT_COUNTRY_CODE),
});
export type OtpSendBody = z.infer<typeof OtpSendBodySchema>;

/**
 * GET /api/auth/otp/status/ (ours): whether a code sent to the signed-in user
 * can still be typed, where it went, and how long until another may be sent,
 * so a reloaded page shows the code box and the countdown again.
 */
export const OtpStatusSchema = z.object({
  code_sent: z.boolean(),
  otp_method: OtpMethodSchema.nullable(),
  country_code: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** Seconds until a new code may be sent to this number (0: now). */
  resend_in_seconds: z.number().int().min(0),
  /** Seconds the code stays valid (0 when none was sent). */
  expires_in_seconds: z.number().int().min(0),
});
export type OtpStatus = z.infer<typeof OtpStatusSchema>;

/** POST /api/auth/otp/verify/ */
export const OtpVerifyBodySchema = z.object({
  otp: formText(32),
});
export type OtpVerifyBody = z.infer<typeof OtpVerifyBodySchema>;

// ---------------------------------------------------------------------------
// Forgot and reset password (spec part 1 §5, part 2 §5)

/** POST /api/auth/forgot-password/ — answers the same 200 whether or not the e-mail is known. */
export const ForgotPasswordBodySchema = z.object({
  email: formText(512),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/reset-password/{uidb64}/{token}/ — `confirm_password` is optional. */
export const ResetPasswordBodySchema = z.object({
  password: formText(PASSWORD_MAX_LENGTH * 2),
  confirm_password: z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value) : value),
      z.string().max(PASSWORD_MAX_LENGTH * 2),
    )
    .nullish(),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;
