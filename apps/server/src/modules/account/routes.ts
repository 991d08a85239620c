import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';

import {
  forgotPasswordSchema,
  otpSendSchema,
  otpStatusSchema,
  otpVerifySchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './schemas.ts';
import {
  getPhoneOtpStatus,
  requestPasswordReset,
  resendEmailVerification,
  resetPassword,
  sendPhoneOtp,
  verifyEmail,
  verifyPhoneOtp,
} from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/resend-verification/',
    { schema: resendVerificationSchema, onRequest: app.authenticate },
    async (request) => resendEmailVerification(ctx, actorOf(request).user_id),
  );

  app.get('/verify-email/:uid/:token/', { schema: verifyEmailSchema }, async (request) =>
    verifyEmail(ctx, request.params.uid, request.params.token),
  );

  app.post('/forgot-password/', { schema: forgotPasswordSchema }, async (request) =>
    requestPasswordReset(ctx, request.body, request.ip),
  );

  app.post('/reset-password/:uidb64/:token/', { schema: resetPasswordSchema }, async (request) =>
    resetPassword(ctx, request.params.uidb64, request.params.token, request.body),
  );

  app.post('/otp/send/', { schema: otpSendSchema, onRequest: app.authenticate }, async (request) =>
    sendPhoneOtp(ctx, actorOf(request).user_id, request.body),
  );

  app.get(
    '/otp/status/',
    { schema: otpStatusSchema, onRequest: app.authenticate },
    async (request) => getPhoneOtpStatus(ctx, actorOf(request).user_id),
  );

  app.post(
    '/otp/verify/',
    { schema: otpVerifySchema, onRequest: app.authenticate },
    async (request) => verifyPhoneOtp(ctx, actorOf(request).user_id, request.body),
  );
};
