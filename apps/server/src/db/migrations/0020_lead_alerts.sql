-- Lead alerts (issue 23): each alert a tutor was sent, or deliberately not
-- sent, for a new enquiry, one row per tutor, enquiry and channel. The key is
-- what keeps an alert from going out twice when a job is retried or several
-- instances run: a row is claimed by its INSERT, and only the claimer sends.

CREATE TABLE lead_alerts (
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enquiry_id integer NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('app', 'whatsapp', 'email')),
  status text NOT NULL CHECK (status IN ('sent', 'skipped')),
  -- why a skipped alert was skipped ('' when sent)
  reason text NOT NULL DEFAULT '',
  distance_km double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tutor_id, enquiry_id, channel)
);

-- "12 tutors near you were told": the alerts of one enquiry
CREATE INDEX lead_alerts_enquiry_idx ON lead_alerts (enquiry_id);

-- Finding the tutors an enquiry fits runs the feed's rules backwards, from the
-- enquiry to the tutors: offline and 'both' enquiries start from the tutors'
-- addresses inside a bounding box, online ones from the verified tutors who
-- teach the subject (or left their subjects open).
CREATE INDEX user_addresses_position_idx ON user_addresses (latitude, longitude);
CREATE INDEX profiles_verified_subjects_idx ON profiles USING gin (subjects) WHERE is_doc_verified;
CREATE INDEX profiles_verified_any_subject_idx ON profiles (user_id)
  WHERE is_doc_verified AND subjects = '{}';

-- a tutor who reported one of a poster's enquiries is not alerted of the poster's next ones
CREATE INDEX enquiry_reports_tutor_idx ON enquiry_reports (tutor_id, enquiry_id);
