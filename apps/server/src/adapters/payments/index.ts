import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Queryable } from '../../db/connection.ts';

/** An order as the provider keeps it (Razorpay's Orders API shape, trimmed to what we read). */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

/** A payment attempt against an order. Only `captured` payments credit coins. */
export interface ProviderPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string | null;
}

export const PROVIDER_REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/** A refund as the provider keeps it (Razorpay's refund entity, trimmed to what we read). */
export interface ProviderRefund {
  /** `rfnd_…` */
  id: string;
  payment_id: string;
  /** Paise. */
  amount: number;
  currency: string;
  status: ProviderRefundStatus;
  /** 'normal' or 'instant' once the provider has chosen; null while it has not. */
  speed_processed: string | null;
  /** Unix seconds. */
  created_at: number;
}

export interface NewProviderRefund {
  /** The provider's payment id (`pay_…`), captured. */
  paymentId: string;
  /** Paise; at most what was captured less what was refunded already. */
  amount: number;
  /** Our reference for the refund (at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface NewProviderOrder {
  /** Paise, GST included. */
  amount: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

/**
 * The card/UPI checkout provider: Razorpay, or the offline sandbox whose
 * checkout page our own server serves. Both sign exactly as Razorpay does.
 */
export interface PaymentsProvider {
  readonly kind: 'razorpay' | 'sandbox';
  /** The public key id the checkout is opened with. */
  readonly keyId: string;
  createOrder(order: NewProviderOrder): Promise<ProviderOrder>;
  /** Every payment attempt of an order (reconciliation reads the captured one). */
  paymentsOfOrder(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds `amount` paise of a captured payment (normal speed). A refusal or an
   * unreachable provider throws a ProviderError. `db` is the caller's open
   * transaction: the offline sandbox keeps its refund there, so it commits or
   * rolls back with the caller's own rows; Razorpay ignores it.
   */
  refund(refund: NewProviderRefund, db?: Queryable): Promise<ProviderRefund>;
  /**
   * Every refund of a payment, as the provider has them now: how a refund
   * whose answer was lost is found again, and how one left pending is settled.
   */
  refundsOfPayment(paymentId: string): Promise<ProviderRefund[]>;
  /** Checks the checkout's `razorpay_signature`: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Checks `X-Razorpay-Signature`: HMAC-SHA256 of the raw webhook body with the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares a hex signature with the expected one in constant time; anything malformed is false. */
export function signatureMatches(expectedHex: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(given.toLowerCase(), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The signature Razorpay Checkout hands the browser after a successful payment. */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}
