import { z } from 'zod';

/** Stable error codes carried in `code` of every error answer. */
export const ERROR_CODES = [
  'token_not_valid',
  'not_authenticated',
  'permission_denied',
  'not_found',
  'validation_error',
  'invalid_credentials',
  'email_taken',
  'too_many_attempts',
  // sign-in from a new device (decision 044)
  'sign_in_code_available',
  'sign_in_code_invalid',
  'rate_limited',
  'body_too_large',
  'internal_error',
  'service_unavailable',
  // onboarding, account recovery, profiles and addresses
  'invalid_link',
  'already_verified',
  'otp_not_requested',
  'otp_invalid',
  'otp_expired',
  'phone_taken',
  'invalid_place',
  'address_exists',
  'address_limit',
  'last_address',
  'unsupported_file',
  'file_too_large',
  // enquiries, contacts and reports
  'enquiry_limit',
  'already_archived',
  'already_contacted',
  'responses_full',
  'already_reported',
  'contact_not_allowed',
  // chat and reviews
  'invalid_frame',
  'message_blank',
  'message_too_long',
  'no_conversation',
  // coins, plans, coupons and payments
  'insufficient_coins',
  'already_refunded',
  'plan_not_found',
  'invalid_coupon',
  'coupon_limit',
  'order_not_found',
  'invalid_signature',
  'payment_not_captured',
  'payment_failed',
  'order_already_paid',
  'coupon_unavailable',
  // the back office
  'invalid_state',
  'slug_taken',
  'name_taken',
  'code_taken',
  'refund_window_closed',
  'coins_spent',
  'provider_mismatch',
  'refund_not_retryable',
  'provider_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every error answer: `detail` (a sentence for people), `code`, field `errors`,
 * and `success: false` with `message` and `error` repeating `detail`, because
 * the existing client reads those on some calls.
 */
export const ErrorBodySchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  success: z.literal(false).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
