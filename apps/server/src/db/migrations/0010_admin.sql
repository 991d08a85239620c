-- The back office: the administrator role, the audit log, tutors' document
-- verification decisions, suspensions, the contact inbox's status and the
-- content editor's publish switch for FAQs.

-- Administrators are made by `npm run admin:create`; registration still refuses the role.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('teacher', 'student', 'admin'));

-- Why and when a user was suspended (is_active = false); cleared on reinstatement.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text CHECK (char_length(suspension_reason) <= 500);
-- Warnings given to a poster whose enquiry was confirmed fake.
ALTER TABLE users ADD COLUMN warning_count integer NOT NULL DEFAULT 0 CHECK (warning_count >= 0);

-- The last decision on a tutor's documents. 'pending' once both proofs are on
-- file and no decision was taken since they were uploaded.
ALTER TABLE profiles ADD COLUMN verification_status text NOT NULL DEFAULT 'none'
  CHECK (verification_status IN ('none', 'pending', 'approved', 'rejected'));
ALTER TABLE profiles ADD COLUMN verification_reason text CHECK (char_length(verification_reason) <= 500);
ALTER TABLE profiles ADD COLUMN verification_decided_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE profiles ADD COLUMN verification_decided_at timestamptz;

UPDATE profiles SET verification_status = CASE
    WHEN is_doc_verified THEN 'approved'
    WHEN id_proof_key IS NOT NULL AND qualification_proof_key IS NOT NULL THEN 'pending'
    ELSE 'none' END;

CREATE INDEX profiles_verification_pending_idx ON profiles (last_updated)
  WHERE verification_status = 'pending';

ALTER TABLE contact_requests ADD COLUMN status text NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'answered', 'closed'));
ALTER TABLE contact_requests ADD COLUMN note text NOT NULL DEFAULT ''
  CHECK (char_length(note) <= 2000);
ALTER TABLE contact_requests ADD COLUMN updated_at timestamptz;
CREATE INDEX contact_requests_status_idx ON contact_requests (status, created_at DESC, id DESC);

-- FAQs can be drafted before they are shown.
ALTER TABLE articles ADD COLUMN is_published boolean NOT NULL DEFAULT true;

-- Who did what to which row, and how it looked before and after. Rows are never
-- changed or removed by the application.
CREATE TABLE admin_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_email text NOT NULL,
  action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 80),
  target_type text NOT NULL CHECK (char_length(target_type) BETWEEN 1 AND 40),
  target_id integer,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL
);

CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_type, target_id, id DESC);

-- Refunds of captured payments, decided by an administrator: as coins (a
-- credited lot) or to the original method through the payment provider.
CREATE TABLE payment_refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('coins', 'original')),
  coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  amount_paise integer NOT NULL DEFAULT 0 CHECK (amount_paise >= 0),
  provider_refund_id text,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT payment_refunds_once UNIQUE (payment_id)
);
