-- Refunds to the original method are recorded before the provider is called.
--
-- `requested`: the refund is decided and the coins are taken back; the
-- provider has not accepted it yet (a job calls it, outside any transaction).
-- The provider's refund id is known only once it has. A refund that failed
-- gives the coins back in a new lot (`returned_lot_id`), which a retry from
-- the back office takes back again. See docs/decisions/048-work-on-the-queue.md.

ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_provider_status_check;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_provider_status_check
  CHECK (provider_status IN ('requested', 'pending', 'processed', 'failed'));
ALTER TABLE payment_refunds DROP CONSTRAINT payment_refunds_original_has_provider;
ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_original_has_provider CHECK (
  kind <> 'original'
  OR (provider_status IS NOT NULL
      AND (provider_refund_id IS NOT NULL OR provider_status IN ('requested', 'failed')))
);
-- the provider's words when it refused the refund
ALTER TABLE payment_refunds ADD COLUMN provider_error text;
ALTER TABLE payment_refunds ADD COLUMN returned_lot_id integer REFERENCES coin_lots (id);

-- refunds still waiting for the provider, for reconciliation
CREATE INDEX payment_refunds_open_idx ON payment_refunds (provider_updated_at)
  WHERE provider_status IN ('requested', 'pending');
