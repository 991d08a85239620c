-- A payment that arrives after its order's coupon use is gone is marked
-- refunded at once, in the crediting transaction; the refund itself is asked
-- of the provider afterwards by a job, outside any transaction, and its id
-- stored when the provider answers.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_refunded;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_refunded CHECK (
  (status = 'refunded') = (refunded_payment_id IS NOT NULL)
);
