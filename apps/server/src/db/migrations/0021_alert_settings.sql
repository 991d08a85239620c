-- Lead alerts by WhatsApp and e-mail (issue 23, part 2): each tutor's alert
-- settings, and the alerts of those channels waiting for their time.

-- A tutor without a row has the defaults (docs/decisions/057-alert-channels.md).
CREATE TABLE alert_settings (
  tutor_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  whatsapp_mode text NOT NULL CHECK (whatsapp_mode IN ('instant', 'digest', 'off')),
  -- the hour of the day (IST) the channel's digest is sent
  whatsapp_digest_hour smallint NOT NULL CHECK (whatsapp_digest_hour BETWEEN 0 AND 23),
  -- set when the channel was turned off from a message's unsubscribe link
  whatsapp_unsubscribed_at timestamptz,
  email_mode text NOT NULL CHECK (email_mode IN ('instant', 'digest', 'off')),
  email_digest_hour smallint NOT NULL CHECK (email_digest_hour BETWEEN 0 AND 23),
  email_unsubscribed_at timestamptz,
  -- minutes after midnight (IST); equal start and end: no quiet hours
  quiet_start_minute smallint NOT NULL CHECK (quiet_start_minute BETWEEN 0 AND 1439),
  quiet_end_minute smallint NOT NULL CHECK (quiet_end_minute BETWEEN 0 AND 1439),
  -- instant alerts a day per channel; the rest wait for the digest
  daily_cap smallint NOT NULL CHECK (daily_cap BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- 'held': recorded, waiting until due_at (now for an instant alert, the end of
-- the quiet hours, or the tutor's digest hour); the reason says which.
ALTER TABLE lead_alerts DROP CONSTRAINT lead_alerts_status_check;
ALTER TABLE lead_alerts ADD CONSTRAINT lead_alerts_status_check
  CHECK (status IN ('sent', 'skipped', 'held'));
ALTER TABLE lead_alerts ADD COLUMN due_at timestamptz;
ALTER TABLE lead_alerts ADD COLUMN sent_at timestamptz;
-- an in-app alert written to an open socket: the tutor needs no other channel
ALTER TABLE lead_alerts ADD COLUMN delivered_at timestamptz;

-- the sweep's question: which tutors have alerts due
CREATE INDEX lead_alerts_due_idx ON lead_alerts (due_at) WHERE status = 'held';
-- a tutor's held alerts, and the instant alerts sent today (the daily cap)
CREATE INDEX lead_alerts_tutor_channel_idx ON lead_alerts (tutor_id, channel, status);
