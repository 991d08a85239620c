import type { CreateOrderResult } from '@gurumatch/shared/schemas/payments';

import type { CheckoutResponse } from './api.ts';

/** How a checkout ended: paid (with Razorpay's three fields), failed, or closed. */
export type CheckoutOutcome =
  | { status: 'success'; response: CheckoutResponse }
  | { status: 'failed'; description: string }
  | { status: 'dismissed' };

/** The message the sandbox checkout page posts (see the server's sandbox page). */
export const SANDBOX_MESSAGE_TYPE = 'gurumatch:sandbox-checkout';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(
    event: 'payment.failed',
    handler: (response: { error?: { description?: string } }) => void,
  ): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let scriptLoading: Promise<RazorpayConstructor> | null = null;

/** Loads Razorpay's checkout.js once, only when the server says Razorpay is the provider. */
function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  scriptLoading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('Razorpay checkout did not load'));
    };
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('Razorpay checkout did not load'));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

/** Opens Razorpay Checkout for an order and settles with how it ended. */
export async function openRazorpayCheckout(
  order: CreateOrderResult,
  description: string,
): Promise<CheckoutOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      order_id: order.order_id,
      name: 'GuruMatch',
      description,
      prefill: {
        name: order.user_details.name,
        email: order.user_details.email,
        contact: order.user_details.contact,
      },
      theme: { color: '#4338ca' },
      handler: (response: CheckoutResponse) => settle({ status: 'success', response }),
      modal: { ondismiss: () => settle({ status: 'dismissed' }) },
    });
    checkout.on('payment.failed', (response) =>
      settle({ status: 'failed', description: response.error?.description ?? '' }),
    );
    checkout.open();
  });
}

/** Reads a sandbox checkout message; anything else (other origins, other shapes) is null. */
export function readSandboxMessage(event: MessageEvent, orderId: string): CheckoutOutcome | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== SANDBOX_MESSAGE_TYPE || message.order_id !== orderId) return null;
  if (message.status === 'dismissed') return { status: 'dismissed' };
  if (message.status === 'failed') {
    const error = message.error as { description?: unknown } | undefined;
    return {
      status: 'failed',
      description: typeof error?.description === 'string' ? error.description : '',
    };
  }
  const response = message.response as Partial<CheckoutResponse> | undefined;
  if (
    message.status === 'success' &&
    typeof response?.razorpay_payment_id === 'string' &&
    typeof response.razorpay_order_id === 'string' &&
    typeof response.razorpay_signature === 'string'
  ) {
    return {
      status: 'success',
      response: {
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_order_id: response.razorpay_order_id,
        razorpay_signature: response.razorpay_signature,
      },
    };
  }
  return null;
}
