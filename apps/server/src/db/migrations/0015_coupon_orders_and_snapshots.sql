-- One coupon reservation per order, the plan's terms kept on the order, and
-- orders whose coupon use was gone when their payment arrived refunded rather
-- than credited. See docs/decisions/042-coupon-redemptions-and-order-snapshots.md.

-- What an order buys, as the plan said when the order was made: an edit of the
-- plan afterwards changes nothing for an order already created.
ALTER TABLE payment_orders ADD COLUMN coins integer;
ALTER TABLE payment_orders ADD COLUMN validity_days integer;
UPDATE payment_orders o SET coins = p.coins, validity_days = p.validity_days
  FROM plans p WHERE p.id = o.plan_id;
ALTER TABLE payment_orders ALTER COLUMN coins SET NOT NULL;
ALTER TABLE payment_orders ALTER COLUMN validity_days SET NOT NULL;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_coins CHECK (coins > 0);
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_validity CHECK (validity_days > 0);

-- A reservation sits on one order at most. Orders that shared one keep it on
-- the paid order (else the newest); the others lost their hold, and a payment
-- of one of them must take a use of the coupon afresh.
UPDATE payment_orders SET redemption_id = NULL
 WHERE redemption_id IS NOT NULL
   AND id NOT IN (SELECT DISTINCT ON (redemption_id) id FROM payment_orders
                   WHERE redemption_id IS NOT NULL
                   ORDER BY redemption_id, (status = 'paid') DESC, id DESC);
CREATE UNIQUE INDEX payment_orders_one_per_redemption ON payment_orders (redemption_id)
  WHERE redemption_id IS NOT NULL;

-- A captured payment of an order whose coupon use was no longer available:
-- refunded in full to the payment method, never credited.
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_status_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_status_check
  CHECK (status IN ('created', 'paid', 'failed', 'refunded'));
ALTER TABLE payment_orders ADD COLUMN refunded_payment_id text;
ALTER TABLE payment_orders ADD COLUMN provider_refund_id text;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_refunded CHECK (
  (status = 'refunded') = (refunded_payment_id IS NOT NULL AND provider_refund_id IS NOT NULL)
);
