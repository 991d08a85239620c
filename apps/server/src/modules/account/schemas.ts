import {
  FailureBodySchema,
  ForgotPasswordBodySchema,
  OtpSendBodySchema,
  OtpStatusSchema,
  OtpVerifyBodySchema,
  ResetPasswordBodySchema,
  SuccessMessageSchema,
} from '@gurumatch/shared/schemas/account';
import { z } from 'zod';

/** Error answers of these calls carry `success: false` and `message` as well as `detail`. */
const failures = {
  400: FailureBodySchema,
  401: FailureBodySchema,
  429: FailureBodySchema,
  503: FailureBodySchema,
};

const bearer = [{ bearerAuth: [] }];

const LinkParamsSchema = z.object({
  uid: z.string().max(64),
  token: z.string().max(256),
});

const ResetLinkParamsSchema = z.object({
  uidb64: z.string().max(64),
  token: z.string().max(256),
});

export const resendVerificationSchema = {
  tags: ['account'],
  summary: 'Mail a new e-mail verification link to the signed-in user',
  security: bearer,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const verifyEmailSchema = {
  tags: ['account'],
  summary: 'Open an e-mail verification link',
  params: LinkParamsSchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const forgotPasswordSchema = {
  tags: ['account'],
  summary: 'Mail a password reset link (same answer whether or not the e-mail is registered)',
  body: ForgotPasswordBodySchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const resetPasswordSchema = {
  tags: ['account'],
  summary: 'Set a new password through a reset link',
  params: ResetLinkParamsSchema,
  body: ResetPasswordBodySchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const otpSendSchema = {
  tags: ['account'],
  summary: 'Send a 6-digit code to a phone by WhatsApp or SMS',
  security: bearer,
  body: OtpSendBodySchema,
  response: { 200: SuccessMessageSchema, ...failures },
};

export const otpStatusSchema = {
  tags: ['account'],
  summary: 'Whether a phone code was sent and can still be typed, and when another may be sent',
  security: bearer,
  response: { 200: OtpStatusSchema, ...failures },
};

export const otpVerifySchema = {
  tags: ['account'],
  summary: 'Verify the phone with the code sent',
  security: bearer,
  body: OtpVerifyBodySchema,
  response: { 200: SuccessMessageSchema, ...failures },
};
