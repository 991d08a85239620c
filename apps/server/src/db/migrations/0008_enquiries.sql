-- Enquiries (part 2 §3), the tutor feed's stars and views, contacts that spend
-- coins, reports, and the conversations/messages a contact opens.

-- premium students get more active enquiries and rank first in tutor feeds
ALTER TABLE users ADD COLUMN is_premium boolean NOT NULL DEFAULT false;

-- The address is copied at posting time: the poster may later remove or move it,
-- and the feed's distance index needs the coordinates on the enquiry row.
CREATE TABLE enquiries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  student_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_id integer REFERENCES user_addresses (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 3 AND 50),
  study_mode text NOT NULL CHECK (study_mode IN ('online', 'offline', 'both')),
  board text NOT NULL DEFAULT '',
  class_level text NOT NULL,
  custom_class text NOT NULL DEFAULT '' CHECK (char_length(custom_class) <= 100),
  subject text NOT NULL,
  custom_subject text NOT NULL DEFAULT '' CHECK (char_length(custom_subject) <= 100),
  language text NOT NULL,
  custom_language text NOT NULL DEFAULT '' CHECK (char_length(custom_language) <= 100),
  user_budget integer NOT NULL CHECK (user_budget > 0),
  when_to_start text NOT NULL
    CHECK (when_to_start IN ('immediately', 'one_week', 'fifteen_days', 'one_month')),
  female_tutor_preferred boolean NOT NULL DEFAULT false,
  formatted_address text NOT NULL,
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  coins_required integer NOT NULL CHECK (coins_required > 0),
  responded_count integer NOT NULL DEFAULT 0 CHECK (responded_count >= 0),
  total_responses integer NOT NULL DEFAULT 5 CHECK (total_responses > 0),
  CONSTRAINT enquiries_responses_limit CHECK (responded_count <= total_responses),
  archived boolean NOT NULL DEFAULT false,
  archived_at timestamptz,
  posted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- the student's own list, newest first
CREATE INDEX enquiries_student_idx ON enquiries (student_id, posted_at DESC, id DESC);
-- the feed: live enquiries by class and subject (both filters are = ANY lists);
-- mode and position ride along so candidates are picked from the index alone
CREATE INDEX enquiries_feed_idx ON enquiries (class_level, subject, expires_at)
  INCLUDE (id, study_mode, latitude, longitude) WHERE NOT archived;
-- the feed without class/subject constraints: live enquiries by expiry
CREATE INDEX enquiries_live_idx ON enquiries (expires_at) WHERE NOT archived;
-- the distance bounding box for offline and 'both' enquiries (decision 020)
CREATE INDEX enquiries_geo_idx ON enquiries (latitude, longitude)
  WHERE NOT archived AND study_mode <> 'online';

CREATE TABLE enquiry_stars (
  enquiry_id integer NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tutor_id, enquiry_id)
);
CREATE INDEX enquiry_stars_tutor_idx ON enquiry_stars (tutor_id, created_at DESC);

CREATE TABLE enquiry_views (
  enquiry_id integer NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tutor_id, enquiry_id)
);

CREATE TABLE conversations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id integer NOT NULL REFERENCES enquiries (id),
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz,
  CONSTRAINT conversations_enquiry_tutor_key UNIQUE (enquiry_id, tutor_id)
);

CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);
CREATE INDEX conversations_tutor_idx ON conversations (tutor_id, last_message_at DESC);
CREATE INDEX conversations_student_idx ON conversations (student_id, last_message_at DESC);

-- One contact per (enquiry, tutor). spend_entry_id is the coin ledger's spend
-- entry (the ledger belongs to the payments module); refunded_at is set when it
-- is given back (lead guarantee or an enquiry confirmed fake);
-- guarantee_settled_at when the 7-day guarantee was checked and not needed.
CREATE TABLE enquiry_contacts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id integer NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  spend_entry_id bigint NOT NULL,
  coins_spent integer NOT NULL CHECK (coins_spent > 0),
  price_quote integer NOT NULL CHECK (price_quote > 0),
  price_type text NOT NULL CHECK (price_type IN ('Hourly', 'Monthly', 'Yearly')),
  created_at timestamptz NOT NULL,
  refunded_at timestamptz,
  refund_reason text,
  guarantee_settled_at timestamptz,
  CONSTRAINT enquiry_contacts_enquiry_tutor_key UNIQUE (enquiry_id, tutor_id)
);

CREATE INDEX enquiry_contacts_tutor_idx ON enquiry_contacts (tutor_id, created_at DESC, id DESC);
-- contacts whose 7-day lead guarantee is still open
CREATE INDEX enquiry_contacts_guarantee_idx ON enquiry_contacts (created_at)
  WHERE refunded_at IS NULL AND guarantee_settled_at IS NULL;

CREATE TABLE enquiry_reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  enquiry_id integer NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('Spam or misleading', 'Inappropriate content',
                                         'Fake information', 'Already resolved', 'Other')),
  message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 500),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed_fake', 'dismissed')),
  created_at timestamptz NOT NULL,
  CONSTRAINT enquiry_reports_enquiry_tutor_key UNIQUE (enquiry_id, tutor_id)
);

CREATE INDEX enquiry_reports_status_idx ON enquiry_reports (status, created_at);
