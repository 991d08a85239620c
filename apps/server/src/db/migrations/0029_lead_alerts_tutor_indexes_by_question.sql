-- The index of a tutor's alerts (0025) held every held or sent alert of the
-- message channels by tutor, channel and status, and answered two questions:
-- a tutor's held alerts, and the instant ones sent to them today (the daily
-- cap). But a digest marks every alert it carried sent, and an alert is
-- kept until 30 days after its enquiry expired (60 after the post): after a
-- few days most of a tutor's entries were digests' alerts, and the day's
-- count read each of them, and its row, to find the few instant ones of
-- today. With 30 days of 10 instant and 100 digest e-mails a day, the count
-- of an enquiry's 200 tutors read 662,000 alerts in 78 ms
-- (bench/alerts-day-count, decision 057).
-- One index for each question instead: the held alerts by tutor, channel and
-- time, and the instant ones sent by tutor, channel and time; the same count
-- reads today's 2,000, in 1.2 ms. An alert a digest carried leaves both.
-- The code before this migration asks the same questions, which these
-- partial indexes answer as well. Building them takes under half a second for
-- half a million alerts, during which the table takes no writes: deploy it
-- on its own at a quiet hour.
CREATE INDEX lead_alerts_tutor_held_idx ON lead_alerts (tutor_id, channel, due_at)
  WHERE status = 'held';
CREATE INDEX lead_alerts_tutor_instant_sent_idx ON lead_alerts (tutor_id, channel, sent_at)
  WHERE status = 'sent' AND reason = '';
DROP INDEX lead_alerts_tutor_messages_idx;
