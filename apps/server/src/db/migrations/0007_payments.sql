-- Coins, plans, coupons and payments.
--
-- The coin balance is the sum of `remaining` over a tutor's unexpired lots; the
-- old running column users.coins is dropped so that there is one truth. Every
-- change of a lot is written to the ledger in the same transaction, under a lock
-- on the user row. See docs/decisions/015-coin-lots-and-ledger.md.

ALTER TABLE users DROP COLUMN coins;

-- Plans tutors buy. Prices are integer paise before GST.
CREATE TABLE plans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  display_name text NOT NULL,
  coins integer NOT NULL CHECK (coins > 0),
  price_paise integer NOT NULL CHECK (price_paise >= 0),
  validity_days integer NOT NULL CHECK (validity_days > 0),
  description text NOT NULL DEFAULT '',
  recommended boolean NOT NULL DEFAULT false,
  features text[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT plans_name_key UNIQUE (name),
  CONSTRAINT plans_name_format CHECK (name ~ '^[a-z][a-z0-9_-]{0,39}$')
);

INSERT INTO plans (name, display_name, coins, price_paise, validity_days, description, recommended, features, sort_order)
VALUES
  ('free', '3 Months Free', 20, 0, 90,
   '<p>Start contacting students at no cost.</p>', false,
   ARRAY['20 coins on completing your profile', 'Valid for 90 days', 'Contact students near you'], 1),
  ('silver', '6 Months', 300, 99900, 180,
   '<p>For tutors who respond to enquiries every week.</p>', true,
   ARRAY['300 coins', 'Valid for 180 days', 'GST tax invoice', 'Priority support'], 2),
  ('gold', '1 Year', 800, 199900, 365,
   '<p>The best value for busy tutors and coaching institutes.</p>', false,
   ARRAY['800 coins', 'Valid for 365 days', 'GST tax invoice', 'Priority support'], 3);

-- Coins granted together, expiring together. `remaining` never goes below zero.
CREATE TABLE coin_lots (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('free_plan', 'purchase', 'grant')),
  plan_id integer REFERENCES plans (id),
  coins integer NOT NULL CHECK (coins > 0),
  remaining integer NOT NULL,
  expires_at timestamptz NOT NULL,
  expired_at timestamptz,
  created_at timestamptz NOT NULL,
  CONSTRAINT coin_lots_remaining_range CHECK (remaining >= 0 AND remaining <= coins)
);

CREATE INDEX coin_lots_user_idx ON coin_lots (user_id, expires_at, id);
-- the free plan's coins are given once per user
CREATE UNIQUE INDEX coin_lots_one_free_plan ON coin_lots (user_id) WHERE source = 'free_plan';

-- Every change of a balance. `coins` is signed: credit and refund add, spend and
-- expiry take away. `balance_after` is the balance once the entry applied.
CREATE TABLE coin_ledger (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('credit', 'spend', 'expiry', 'refund')),
  coins integer NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 300),
  lot_id integer REFERENCES coin_lots (id) ON DELETE CASCADE,
  enquiry_id integer,
  refund_of integer REFERENCES coin_ledger (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CONSTRAINT coin_ledger_sign CHECK (
    (kind IN ('credit') AND coins > 0)
    OR (kind = 'refund' AND coins >= 0)
    OR (kind IN ('spend', 'expiry') AND coins < 0)
  ),
  CONSTRAINT coin_ledger_refund_of CHECK ((kind = 'refund') = (refund_of IS NOT NULL)),
  -- a spend is refunded at most once
  CONSTRAINT coin_ledger_refund_once UNIQUE (refund_of)
);

CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, id DESC);

-- Which lots a spend took its coins from (a refund gives them back there).
CREATE TABLE coin_spend_lots (
  entry_id integer NOT NULL REFERENCES coin_ledger (id) ON DELETE CASCADE,
  lot_id integer NOT NULL REFERENCES coin_lots (id) ON DELETE CASCADE,
  coins integer NOT NULL CHECK (coins > 0),
  PRIMARY KEY (entry_id, lot_id)
);

-- Coupons: a percentage (basis points, 1000 = 10 %) or a flat amount in paise
-- off the plan price before GST.
CREATE TABLE coupons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('percent', 'flat')),
  value integer NOT NULL CHECK (value > 0),
  valid_from timestamptz,
  valid_until timestamptz,
  max_redemptions integer CHECK (max_redemptions > 0),
  max_per_user integer NOT NULL DEFAULT 1 CHECK (max_per_user > 0),
  -- empty: every paid plan
  plan_ids integer[] NOT NULL DEFAULT '{}',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT coupons_code_key UNIQUE (code),
  CONSTRAINT coupons_code_format CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  CONSTRAINT coupons_percent_range CHECK (kind <> 'percent' OR value <= 10000)
);

-- A reserved use of a coupon. Reserved ones count against the limits until they
-- are consumed (a credited payment) or released (failure or 30 minutes).
CREATE TABLE coupon_redemptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  coupon_id integer NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES plans (id),
  status text NOT NULL CHECK (status IN ('reserved', 'consumed', 'released')),
  reserved_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  consumed_at timestamptz,
  released_at timestamptz
);

CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id, status);
CREATE INDEX coupon_redemptions_user_idx ON coupon_redemptions (user_id, coupon_id);

-- Orders created with the payment provider. The amount is computed here, never
-- taken from the client.
CREATE TABLE payment_orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES plans (id),
  provider text NOT NULL CHECK (provider IN ('razorpay', 'sandbox')),
  provider_order_id text NOT NULL,
  price_paise integer NOT NULL CHECK (price_paise >= 0),
  discount_paise integer NOT NULL DEFAULT 0 CHECK (discount_paise >= 0),
  taxable_paise integer NOT NULL CHECK (taxable_paise >= 0),
  gst_paise integer NOT NULL CHECK (gst_paise >= 0),
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  coupon_id integer REFERENCES coupons (id),
  redemption_id integer REFERENCES coupon_redemptions (id),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  checked_at timestamptz,
  CONSTRAINT payment_orders_provider_order_key UNIQUE (provider, provider_order_id),
  CONSTRAINT payment_orders_amount_sum CHECK (amount_paise = taxable_paise + gst_paise),
  CONSTRAINT payment_orders_taxable CHECK (taxable_paise = price_paise - discount_paise)
);

CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, id DESC);
CREATE INDEX payment_orders_unverified_idx ON payment_orders (created_at) WHERE status = 'created';

CREATE SEQUENCE invoice_number_seq;

-- Captured payments that credited coins: one per provider payment id, ever.
CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES payment_orders (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider_payment_id text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  method text,
  lot_id integer NOT NULL REFERENCES coin_lots (id),
  ledger_entry_id integer NOT NULL REFERENCES coin_ledger (id),
  credited_by text NOT NULL CHECK (credited_by IN ('verify', 'webhook', 'reconcile')),
  invoice_number text NOT NULL,
  buyer_name text NOT NULL,
  buyer_email text NOT NULL,
  buyer_state text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  CONSTRAINT payments_provider_payment_key UNIQUE (provider_payment_id),
  CONSTRAINT payments_one_per_order UNIQUE (order_id),
  CONSTRAINT payments_invoice_number_key UNIQUE (invoice_number)
);

CREATE INDEX payments_user_idx ON payments (user_id, id DESC);
