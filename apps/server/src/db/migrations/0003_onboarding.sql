-- Onboarding and account recovery: e-mail verification and password reset links,
-- phone verification codes, and the profiles the profile screens show.

-- Links mailed to a user. Only a hash of the random token is kept. A reset link
-- remembers the password_changed_at it was issued under and dies when it changes.
CREATE TABLE account_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash text NOT NULL,
  password_changed_at timestamptz,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_tokens_hash_key UNIQUE (token_hash)
);

CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

-- One-time codes sent to a phone. Only a keyed hash of the code is kept.
CREATE TABLE phone_otps (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'sms')),
  country_code text NOT NULL,
  phone_number text NOT NULL,
  code_hash text NOT NULL,
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX phone_otps_user_idx ON phone_otps (user_id, created_at DESC);
CREATE INDEX phone_otps_number_idx ON phone_otps (country_code, phone_number, created_at DESC);

-- a phone number is verified by at most one account
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone_country_code, phone_number)
  WHERE is_phone_verified;

-- Profile details of part 2 §3. Class, subject, board and language values are
-- checked against the shared catalogues by the service.
CREATE TABLE profiles (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  bio text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 900),
  gender text CHECK (gender IN ('male', 'female')),
  requirement text CHECK (requirement IN ('offline', 'online')),
  interested_classes text[] NOT NULL DEFAULT '{}',
  custom_class text NOT NULL DEFAULT '' CHECK (char_length(custom_class) <= 100),
  subjects text[] NOT NULL DEFAULT '{}',
  boards text[] NOT NULL DEFAULT '{}',
  languages_known text[] NOT NULL DEFAULT '{}',
  avatar_key text,
  id_proof_key text,
  qualification_proof_key text,
  is_doc_verified boolean NOT NULL DEFAULT false,
  rating numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
  review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_updated timestamptz NOT NULL DEFAULT now()
);

INSERT INTO profiles (user_id, created_at, last_updated)
SELECT id, created_at, created_at FROM users;
