-- Accounts, sign-in sessions and the addresses the onboarding status reads.

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  full_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('teacher', 'student')),
  is_email_verified boolean NOT NULL DEFAULT false,
  phone_country_code text,
  phone_number text,
  is_phone_verified boolean NOT NULL DEFAULT false,
  avatar_url text,
  coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  is_active boolean NOT NULL DEFAULT true,
  profile_completed_at timestamptz,
  last_login timestamptz,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lowercase CHECK (email = lower(email))
);

CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE refresh_tokens (
  jti uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE user_addresses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  place_id text NOT NULL,
  formatted_address text NOT NULL,
  city text NOT NULL DEFAULT '',
  district text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  is_primary boolean NOT NULL DEFAULT false,
  slot smallint NOT NULL CHECK (slot IN (1, 2)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_addresses_slot_key UNIQUE (user_id, slot)
);

-- exactly one primary address per user is kept by the service; at most one by the database
CREATE UNIQUE INDEX user_addresses_one_primary ON user_addresses (user_id) WHERE is_primary;
