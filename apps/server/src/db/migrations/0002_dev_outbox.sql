-- Messages the offline mail and OTP adapters "send": browsable at /dev/outbox.

CREATE TABLE dev_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('email', 'otp')),
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  links text[] NOT NULL DEFAULT '{}',
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dev_outbox_created_idx ON dev_outbox (created_at DESC, id DESC);
