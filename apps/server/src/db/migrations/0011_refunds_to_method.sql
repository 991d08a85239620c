-- Refunds to the original payment method through the payment provider.
--
-- The coins a refunded purchase credited are taken back with a `reversal`
-- entry (negative, from the purchase's own lot). The provider's refund id and
-- status are kept beside the refund decision; its webhooks move the status
-- from 'pending' to 'processed' or 'failed'. See docs/decisions/031-refunds-to-the-original-method.md.

ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_kind_check;
ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_kind_check
  CHECK (kind IN ('credit', 'spend', 'expiry', 'refund', 'reversal'));
ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_sign;
ALTER TABLE coin_ledger ADD CONSTRAINT coin_ledger_sign CHECK (
  (kind IN ('credit') AND coins > 0)
  OR (kind = 'refund' AND coins >= 0)
  OR (kind IN ('spend', 'expiry', 'reversal') AND coins < 0)
);

ALTER TABLE payment_refunds ADD COLUMN provider_status text
  CHECK (provider_status IN ('pending', 'processed', 'failed'));
ALTER TABLE payment_refunds ADD COLUMN provider_updated_at timestamptz;
-- the ledger entry that took the coins back (refunds to the original method)
ALTER TABLE payment_refunds ADD COLUMN reversal_entry_id integer REFERENCES coin_ledger (id);
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_original_has_provider CHECK (
  kind <> 'original' OR (provider_refund_id IS NOT NULL AND provider_status IS NOT NULL)
);
CREATE UNIQUE INDEX payment_refunds_provider_refund_idx ON payment_refunds (provider_refund_id)
  WHERE provider_refund_id IS NOT NULL;

-- The offline sandbox checkout's refunds, as the real provider keeps them.
CREATE TABLE sandbox_refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES sandbox_payments (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
  receipt text,
  notes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sandbox_refunds_payment_idx ON sandbox_refunds (payment_id);
