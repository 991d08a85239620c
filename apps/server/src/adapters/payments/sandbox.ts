import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { Queryable } from '../../db/connection.ts';
import { ProviderError } from '../provider-http.ts';

import {
  checkoutSignature,
  hmacHex,
  signatureMatches,
  type PaymentsProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
} from './index.ts';

const PROVIDER = 'Sandbox checkout';
/** The public key id of the sandbox checkout: the sandbox never runs in production (Razorpay is required there). */
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/** The secrets the sandbox signs with, as Razorpay's key secret and webhook secret. */
export interface SandboxSecrets {
  keySecret: string;
  webhookSecret: string;
}

const SECRETS_FILE = 'sandbox-payments-secrets.json';

function isSandboxSecrets(value: unknown): value is SandboxSecrets {
  const record = value as Partial<Record<keyof SandboxSecrets, unknown>> | null;
  return (
    typeof record?.keySecret === 'string' &&
    record.keySecret.length >= 32 &&
    typeof record.webhookSecret === 'string' &&
    record.webhookSecret.length >= 32
  );
}

/**
 * The sandbox's secrets of this data folder: made at random the first time
 * (readable by the server's user only) and read back on every later start, so
 * no two deployments share them and nobody can sign a checkout answer or a
 * webhook from the source code.
 */
export function sandboxSecretsOf(dataDir: string): SandboxSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const made: SandboxSecrets = {
    keySecret: randomBytes(32).toString('hex'),
    webhookSecret: randomBytes(32).toString('hex'),
  };
  try {
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    return made;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isSandboxSecrets(stored)) throw new Error(`${SECRETS_FILE} is not valid: remove it`);
  return stored;
}

/** Test instruments, as in Razorpay's test mode. */
export const SANDBOX_SUCCESS_CARD = '4111111111111111';
export const SANDBOX_FAILURE_CARD = '4000000000000002';
export const SANDBOX_SUCCESS_UPI = 'success@razorpay';
export const SANDBOX_FAILURE_UPI = 'failure@razorpay';

export interface SandboxCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface SandboxPaymentInput {
  method: 'card' | 'upi';
  /** The card number or UPI id typed into the sandbox checkout page. */
  instrument: string;
}

export interface SandboxPayments extends PaymentsProvider {
  readonly kind: 'sandbox';
  findOrder(orderId: string): Promise<ProviderOrder | null>;
  /**
   * Pays an order with a test instrument: a success card/UPI id captures the
   * payment and answers what Razorpay Checkout hands the browser; a failure
   * instrument records a failed attempt and throws.
   */
  pay(orderId: string, input: SandboxPaymentInput): Promise<SandboxCheckoutResult>;
  /** `X-Razorpay-Signature` of a webhook body, signed with this sandbox's webhook secret. */
  signWebhook(rawBody: string | Buffer): string;
}

interface OrderRow {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

interface PaymentRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: ProviderPayment['status'];
  method: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-like ids: a prefix and 14 random letters and digits. */
function newId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length] ?? 'A';
  return `${prefix}_${id}`;
}

function isSuccess(input: SandboxPaymentInput): boolean | null {
  const value = input.instrument.replace(/[\s-]/g, '').toLowerCase();
  if (input.method === 'card') {
    if (value === SANDBOX_SUCCESS_CARD) return true;
    if (value === SANDBOX_FAILURE_CARD) return false;
    return null;
  }
  if (value === SANDBOX_SUCCESS_UPI) return true;
  if (value === SANDBOX_FAILURE_UPI) return false;
  return null;
}

/** The offline checkout provider: orders and payments in two tables, signed as Razorpay signs. */
export function createSandboxPayments(db: Queryable, secrets: SandboxSecrets): SandboxPayments {
  const findOrder = async (orderId: string): Promise<ProviderOrder | null> => {
    const [row] = await db.query<OrderRow>(
      'SELECT id, amount, currency, receipt, status FROM sandbox_orders WHERE id = $1',
      [orderId],
    );
    return row ?? null;
  };

  return {
    kind: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    findOrder,
    async createOrder(order) {
      if (!Number.isInteger(order.amount) || order.amount < 100) {
        throw new ProviderError(PROVIDER, 'the amount must be at least 100 paise', 400);
      }
      const [row] = await db.query<OrderRow>(
        `INSERT INTO sandbox_orders (id, amount, currency, receipt, notes, status)
         VALUES ($1, $2, $3, $4, $5, 'created')
         RETURNING id, amount, currency, receipt, status`,
        [newId('order'), order.amount, order.currency, order.receipt, JSON.stringify(order.notes)],
      );
      if (!row) throw new ProviderError(PROVIDER, 'order not stored');
      return row;
    },
    async paymentsOfOrder(orderId) {
      return db.query<PaymentRow>(
        `SELECT id, order_id, amount, currency, status, method
           FROM sandbox_payments WHERE order_id = $1 ORDER BY created_at, id`,
        [orderId],
      );
    },
    async refund(refund, within = db) {
      // the same checks as Razorpay's: a captured payment, and no more than is left of it
      const [payment] = await within.query<PaymentRow & { refunded: number }>(
        `SELECT p.id, p.order_id, p.amount, p.currency, p.status, p.method,
                COALESCE((SELECT SUM(r.amount) FROM sandbox_refunds r
                           WHERE r.payment_id = p.id AND r.status <> 'failed'), 0)::int AS refunded
           FROM sandbox_payments p WHERE p.id = $1 FOR UPDATE`,
        [refund.paymentId],
      );
      if (!payment) throw new ProviderError(PROVIDER, 'The id provided does not exist', 400);
      if (payment.status !== 'captured') {
        throw new ProviderError(PROVIDER, 'The payment has been fully refunded already', 400);
      }
      if (
        !Number.isInteger(refund.amount) ||
        refund.amount <= 0 ||
        refund.amount > payment.amount - payment.refunded
      ) {
        throw new ProviderError(
          PROVIDER,
          'The refund amount provided is greater than amount captured',
          400,
        );
      }
      const [row] = await within.query<{ id: string; created_at: Date }>(
        `INSERT INTO sandbox_refunds (id, payment_id, amount, currency, status, receipt, notes)
         VALUES ($1, $2, $3, $4, 'processed', $5, $6)
         RETURNING id, created_at`,
        [
          newId('rfnd'),
          payment.id,
          refund.amount,
          payment.currency,
          refund.receipt,
          JSON.stringify(refund.notes),
        ],
      );
      if (!row) throw new ProviderError(PROVIDER, 'refund not stored');
      if (payment.refunded + refund.amount === payment.amount) {
        await within.query(`UPDATE sandbox_payments SET status = 'refunded' WHERE id = $1`, [
          payment.id,
        ]);
      }
      const answer: ProviderRefund = {
        id: row.id,
        payment_id: payment.id,
        amount: refund.amount,
        currency: payment.currency,
        status: 'processed',
        speed_processed: 'normal',
        created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
      };
      return answer;
    },
    async refundsOfPayment(paymentId) {
      const rows = await db.query<{
        id: string;
        payment_id: string;
        amount: number;
        currency: string;
        status: ProviderRefund['status'];
        created_at: Date;
      }>(
        `SELECT id, payment_id, amount, currency, status, created_at
           FROM sandbox_refunds WHERE payment_id = $1 ORDER BY created_at, id`,
        [paymentId],
      );
      return rows.map((row) => ({
        id: row.id,
        payment_id: row.payment_id,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        speed_processed: 'normal',
        created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
      }));
    },
    async pay(orderId, input) {
      const order = await findOrder(orderId);
      if (!order) throw new ProviderError(PROVIDER, 'order not found', 404);
      if (order.status === 'paid') throw new ProviderError(PROVIDER, 'order already paid', 409);
      const outcome = isSuccess(input);
      if (outcome === null) {
        throw new ProviderError(PROVIDER, 'use a test card or UPI id shown on the page', 400);
      }
      const paymentId = newId('pay');
      try {
        await db.query(
          `INSERT INTO sandbox_payments (id, order_id, amount, currency, status, method)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            paymentId,
            order.id,
            order.amount,
            order.currency,
            outcome ? 'captured' : 'failed',
            input.method,
          ],
        );
      } catch (error) {
        // another payment of the order was captured first (one capture per order)
        if ((error as { code?: unknown }).code === '23505') {
          throw new ProviderError(PROVIDER, 'order already paid', 409);
        }
        throw error;
      }
      await db.query("UPDATE sandbox_orders SET status = $2 WHERE id = $1 AND status <> 'paid'", [
        order.id,
        outcome ? 'paid' : 'attempted',
      ]);
      if (!outcome) throw new ProviderError(PROVIDER, 'Payment failed', 402);
      return {
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.id,
        razorpay_signature: checkoutSignature(secrets.keySecret, order.id, paymentId),
      };
    },
    signWebhook(rawBody) {
      return hmacHex(secrets.webhookSecret, rawBody);
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return signatureMatches(checkoutSignature(secrets.keySecret, orderId, paymentId), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(secrets.webhookSecret, rawBody), signature);
    },
  };
}
