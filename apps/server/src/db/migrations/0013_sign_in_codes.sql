-- One-time sign-in codes mailed for a new device (decision 044). The row's id is
-- the challenge the request answered; only a keyed hash of the code is kept.
CREATE TABLE sign_in_codes (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX sign_in_codes_user_idx ON sign_in_codes (user_id, created_at DESC);
