import type { RazorpayConfig } from '../../config.ts';
import {
  callProvider,
  describeProviderValue,
  isRecord,
  parseProviderJson,
  ProviderError,
  type ProviderResponse,
} from '../provider-http.ts';

import {
  checkoutSignature,
  hmacHex,
  signatureMatches,
  PROVIDER_REFUND_STATUSES,
  type PaymentsProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderRefundStatus,
} from './index.ts';

const PROVIDER = 'Razorpay';
export const RAZORPAY_TIMEOUT_MS = 10_000;
const PAYMENT_STATUSES = new Set(['created', 'authorized', 'captured', 'refunded', 'failed']);

/** Razorpay answers errors as `{error: {code, description}}`. */
function readAnswer(response: ProviderResponse, what: string): Record<string, unknown> {
  const body = parseProviderJson(PROVIDER, response);
  if (response.status >= 200 && response.status < 300 && isRecord(body)) return body;
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const reason = describeProviderValue(error.description) || describeProviderValue(error.code);
  throw new ProviderError(
    PROVIDER,
    `${what} failed (HTTP ${String(response.status)}): ${reason || 'no reason given'}`,
    response.status,
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : 0;
}

function toOrder(body: Record<string, unknown>): ProviderOrder {
  const id = text(body.id);
  if (!id) throw new ProviderError(PROVIDER, 'order answer without an id');
  return {
    id,
    amount: amount(body.amount),
    currency: text(body.currency),
    receipt: typeof body.receipt === 'string' ? body.receipt : null,
    status: text(body.status),
  };
}

export function toProviderPayment(body: Record<string, unknown>): ProviderPayment {
  const status = text(body.status);
  return {
    id: text(body.id),
    order_id: text(body.order_id),
    amount: amount(body.amount),
    currency: text(body.currency),
    status: (PAYMENT_STATUSES.has(status) ? status : 'failed') as ProviderPayment['status'],
    method: typeof body.method === 'string' ? body.method : null,
  };
}

const REFUND_STATUSES: ReadonlySet<string> = new Set(PROVIDER_REFUND_STATUSES);

/** A refund entity as Razorpay answers it (refund calls and `refund.*` webhooks). */
export function toProviderRefund(body: Record<string, unknown>): ProviderRefund {
  const id = text(body.id);
  const status = text(body.status);
  if (!id || !REFUND_STATUSES.has(status)) {
    throw new ProviderError(PROVIDER, 'refund answer without an id or a known status');
  }
  return {
    id,
    payment_id: text(body.payment_id),
    amount: amount(body.amount),
    currency: text(body.currency),
    status: status as ProviderRefundStatus,
    speed_processed: typeof body.speed_processed === 'string' ? body.speed_processed : null,
    created_at: amount(body.created_at),
  };
}

/** Razorpay's Orders API with basic auth (key id : key secret). */
export function createRazorpay(config: RazorpayConfig): PaymentsProvider {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderResponse> =>
    callProvider(
      PROVIDER,
      `${config.apiUrl}${path}`,
      {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      RAZORPAY_TIMEOUT_MS,
    );

  return {
    kind: 'razorpay',
    keyId: config.keyId,
    async createOrder(order) {
      const response = await call('POST', '/v1/orders', order);
      return toOrder(readAnswer(response, 'creating the order'));
    },
    async paymentsOfOrder(orderId) {
      const response = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);
      const body = readAnswer(response, 'listing the payments of an order');
      const items = Array.isArray(body.items) ? body.items : [];
      return items.filter(isRecord).map(toProviderPayment);
    },
    async refund(refund) {
      const response = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(refund.paymentId)}/refund`,
        { amount: refund.amount, speed: 'normal', notes: refund.notes, receipt: refund.receipt },
      );
      return toProviderRefund(readAnswer(response, 'refunding a payment'));
    },
    async refundsOfPayment(paymentId) {
      const response = await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`);
      const body = readAnswer(response, 'listing the refunds of a payment');
      const items = Array.isArray(body.items) ? body.items : [];
      return items.filter(isRecord).map(toProviderRefund);
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(config.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(config.webhookSecret, rawBody), signature);
    },
  };
}
