/**
 * A local server answering as Razorpay's documented Orders API does, with basic
 * auth (key id : key secret): `POST /v1/orders`, `GET /v1/orders/{id}/payments`,
 * `POST /v1/payments/{id}/refund` (a refund entity, `pending` until the bank
 * settles it) and `GET /v1/payments/{id}/refunds`. Tests play the customer with `pay()` (a captured payment
 * and the signature Checkout would hand the browser) and the provider's
 * webhooks with `capturedEvent()` and `refundEvent()`.
 */
import { createHmac, randomBytes } from 'node:crypto';

import { jsonAnswer, startHttpPeer, type HttpPeer, type PeerAnswer } from './json-http-peer.ts';

export const RAZORPAY_PEER_KEY_ID = 'rzp_test_peer0123456789';
export const RAZORPAY_PEER_KEY_SECRET = 'peer-key-secret-abcdefghijklmnop';
export const RAZORPAY_PEER_WEBHOOK_SECRET = 'peer-webhook-secret-0123456789';

export interface PeerOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface PeerPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  email: string;
  contact: string;
  created_at: number;
}

export interface PeerRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

export interface CheckoutResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayPeer extends HttpPeer {
  readonly orders: Map<string, PeerOrder>;
  readonly payments: Map<string, PeerPayment>;
  readonly refunds: Map<string, PeerRefund>;
  readonly env: Record<string, string>;
  /** While true, every call answers 503, as Razorpay does during an outage. */
  down: boolean;
  /** The customer pays the order: a captured (or failed) payment and Checkout's answer. */
  pay(orderId: string, outcome?: 'captured' | 'failed'): CheckoutResponse;
  /** A signed `payment.captured` webhook delivery for a payment. */
  capturedEvent(paymentId: string): { body: string; signature: string };
  /** A signed `refund.processed` or `refund.failed` delivery; the peer's refund takes that status. */
  refundEvent(
    refundId: string,
    status: 'processed' | 'failed',
  ): { body: string; signature: string };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newId(prefix: string): string {
  let id = '';
  for (const byte of randomBytes(14)) id += ID_ALPHABET[byte % ID_ALPHABET.length] ?? 'A';
  return `${prefix}_${id}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badRequest(description: string, field?: string): PeerAnswer {
  return jsonAnswer(400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

/**
 * `GET /v1/<parents>/{id}/<children>`: the children of the parent the path names
 * (matched as the first group), as a collection; 400 when there is no such parent.
 */
function collectionOf<Item>(
  path: RegExpExecArray,
  parents: ReadonlyMap<string, unknown>,
  children: Iterable<Item>,
  parentOf: (item: Item) => string,
): PeerAnswer {
  const parentId = decodeURIComponent(path[1] ?? '');
  if (!parents.has(parentId)) return badRequest('The id provided does not exist');
  const items = [...children].filter((item) => parentOf(item) === parentId);
  return jsonAnswer(200, { entity: 'collection', count: items.length, items });
}

function hmac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export async function startRazorpayPeer(): Promise<RazorpayPeer> {
  const orders = new Map<string, PeerOrder>();
  const payments = new Map<string, PeerPayment>();
  const refunds = new Map<string, PeerRefund>();
  const expectedAuth = `Basic ${Buffer.from(`${RAZORPAY_PEER_KEY_ID}:${RAZORPAY_PEER_KEY_SECRET}`).toString('base64')}`;

  const state = { down: false };
  const peer = await startHttpPeer((request) => {
    if (state.down) {
      return jsonAnswer(503, {
        error: { code: 'SERVER_ERROR', description: 'The server is temporarily unavailable' },
      });
    }
    if (request.headers.authorization !== expectedAuth) {
      return jsonAnswer(401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    if (request.method === 'POST' && request.path === '/v1/orders') {
      let body: unknown;
      try {
        body = JSON.parse(request.body.toString('utf8'));
      } catch {
        return badRequest('The request body is not valid JSON');
      }
      if (!isRecord(body)) return badRequest('The request body is not valid JSON');
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return badRequest('The amount must be atleast INR 1.00', 'amount');
      }
      if (body.currency !== 'INR') return badRequest('Currency is not supported', 'currency');
      if (typeof body.receipt === 'string' && body.receipt.length > 40) {
        return badRequest('receipt: the length must be no more than 40.', 'receipt');
      }
      const order: PeerOrder = {
        id: newId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: isRecord(body.notes) ? (body.notes as Record<string, string>) : {},
        created_at: nowSeconds(),
      };
      orders.set(order.id, order);
      return jsonAnswer(200, order);
    }
    const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(request.path);
    if (request.method === 'GET' && ofOrder) {
      return collectionOf(ofOrder, orders, payments.values(), (payment) => payment.order_id);
    }
    const refundsOf = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(request.path);
    if (request.method === 'GET' && refundsOf) {
      return collectionOf(refundsOf, payments, refunds.values(), (refund) => refund.payment_id);
    }
    const refundOf = /^\/v1\/payments\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refundOf) {
      const payment = payments.get(decodeURIComponent(refundOf[1] ?? ''));
      if (!payment) return badRequest('The id provided does not exist');
      if (payment.status === 'refunded') {
        return badRequest('The payment has been fully refunded already');
      }
      if (payment.status !== 'captured') {
        return badRequest(
          'The payment has not been captured yet; only captured payments can be refunded',
        );
      }
      let body: unknown = {};
      try {
        body = request.body.length > 0 ? JSON.parse(request.body.toString('utf8')) : {};
      } catch {
        return badRequest('The request body is not valid JSON');
      }
      if (!isRecord(body)) return badRequest('The request body is not valid JSON');
      const left = payment.amount - payment.amount_refunded;
      const amount = body.amount === undefined ? left : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return badRequest('The amount must be atleast INR 1.00', 'amount');
      }
      if (amount > left) {
        return badRequest('The refund amount provided is greater than amount captured', 'amount');
      }
      if (body.speed !== undefined && body.speed !== 'normal' && body.speed !== 'optimum') {
        return badRequest('The selected speed is invalid.', 'speed');
      }
      if (typeof body.receipt === 'string' && body.receipt.length > 40) {
        return badRequest('receipt: the length must be no more than 40.', 'receipt');
      }
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      const refund: PeerRefund = {
        id: newId('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: isRecord(body.notes) ? (body.notes as Record<string, string>) : {},
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        acquirer_data: { arn: null },
        created_at: nowSeconds(),
        batch_id: null,
        // a normal-speed refund is accepted first and processed by the bank later
        status: 'pending',
        speed_processed: 'normal',
        speed_requested: body.speed === 'optimum' ? 'optimum' : 'normal',
      };
      refunds.set(refund.id, refund);
      return jsonAnswer(200, refund);
    }
    return jsonAnswer(404, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The requested URL was not found on the server.',
      },
    });
  });

  // a property on the peer itself, so that tests can switch the outage on and off
  Object.defineProperty(peer, 'down', {
    get: () => state.down,
    set: (value: boolean) => {
      state.down = value;
    },
  });
  return Object.assign(peer as HttpPeer & { down: boolean }, {
    orders,
    payments,
    refunds,
    env: {
      RAZORPAY_KEY_ID: RAZORPAY_PEER_KEY_ID,
      RAZORPAY_KEY_SECRET: RAZORPAY_PEER_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: RAZORPAY_PEER_WEBHOOK_SECRET,
      RAZORPAY_API_URL: peer.url,
    },
    pay(orderId: string, outcome: 'captured' | 'failed' = 'captured'): CheckoutResponse {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment: PeerPayment = {
        id: newId('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: outcome,
        order_id: order.id,
        method: 'upi',
        captured: outcome === 'captured',
        amount_refunded: 0,
        email: 'customer@example.in',
        contact: '+919800000000',
        created_at: nowSeconds(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (outcome === 'captured') {
        order.status = 'paid';
        order.amount_paid = order.amount;
        order.amount_due = 0;
      } else {
        order.status = 'attempted';
      }
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: hmac(RAZORPAY_PEER_KEY_SECRET, `${order.id}|${payment.id}`),
      };
    },
    capturedEvent(paymentId: string): { body: string; signature: string } {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_peer000000000',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: payment } },
        created_at: nowSeconds(),
      });
      return { body, signature: hmac(RAZORPAY_PEER_WEBHOOK_SECRET, body) };
    },
    refundEvent(
      refundId: string,
      status: 'processed' | 'failed',
    ): { body: string; signature: string } {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      const payment = payments.get(refund.payment_id);
      if (status === 'failed' && payment) {
        payment.amount_refunded -= refund.amount;
        payment.status = 'captured';
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_peer000000000',
        event: `refund.${status}`,
        contains: ['refund', 'payment'],
        payload: {
          refund: { entity: refund },
          ...(payment ? { payment: { entity: payment } } : {}),
        },
        created_at: nowSeconds(),
      });
      return { body, signature: hmac(RAZORPAY_PEER_WEBHOOK_SECRET, body) };
    },
  });
}
