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
  type PaymentsProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
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
    async refundPayment(paymentId, refundAmount): Promise<ProviderRefund> {
      const response = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        refundAmount === undefined ? {} : { amount: refundAmount },
      );
      const body = readAnswer(response, 'refunding a payment');
      return {
        id: text(body.id),
        payment_id: text(body.payment_id),
        amount: amount(body.amount),
        status: text(body.status),
      };
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(config.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(config.webhookSecret, rawBody), signature);
    },
  };
}
