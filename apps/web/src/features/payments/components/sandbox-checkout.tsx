import { PAYMENT_LABELS } from '@gurumatch/shared/messages/payments';
import type { CreateOrderResult } from '@gurumatch/shared/schemas/payments';
import { useEffect } from 'react';

import { Modal } from '../../../components/ui/modal.tsx';
import { readSandboxMessage, type CheckoutOutcome } from '../checkout.ts';

/**
 * The offline checkout: our server's sandbox page in a dialog, answering as
 * Razorpay Checkout would (paid with its three fields, failed, or closed).
 */
export function SandboxCheckout({
  order,
  onOutcome,
}: {
  order: CreateOrderResult;
  onOutcome: (outcome: CheckoutOutcome) => void;
}) {
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const outcome = readSandboxMessage(event, order.order_id);
      if (outcome) onOutcome(outcome);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [order.order_id, onOutcome]);

  return (
    <Modal
      isOpen
      title={PAYMENT_LABELS.checkoutTitle}
      onClose={() => onOutcome({ status: 'dismissed' })}
    >
      <iframe
        title="Test checkout"
        src={order.checkout_url ?? ''}
        className="block h-[70vh] max-h-[34rem] w-full rounded-lg border-0 bg-white"
      />
    </Modal>
  );
}
