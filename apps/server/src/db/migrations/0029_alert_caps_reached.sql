-- The tutors who reached the daily cap of instant alerts on a channel today
-- (decision 057). By day, after the first minutes, nearly every tutor an
-- enquiry matches is at the cap, and the decision took each one's lock and
-- counted the day's instant alerts again, only to hold the alert for the
-- digest: about 4 ms of PostgreSQL an enquiry. The decision now writes, under
-- the tutor's lock, the day and the cap at which the count reached it, and a
-- later decision that finds the mark of today, with a cap no higher, holds the
-- alert for the digest without the lock or the count. A raised cap counts
-- again. An instant alert recorded sent that does not go out (its enquiry
-- closed, or its message failed) takes the mark away, so the count is made
-- again. One row per tutor and channel, overwritten each day.
CREATE TABLE alert_caps_reached (
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  -- midnight in India of the day the cap was reached
  day_start timestamptz NOT NULL,
  daily_cap smallint NOT NULL,
  PRIMARY KEY (tutor_id, channel)
);
