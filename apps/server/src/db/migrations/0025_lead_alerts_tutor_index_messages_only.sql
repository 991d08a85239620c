-- The index of a tutor's alerts answers two questions, both about the message
-- channels: a tutor's held WhatsApp or e-mail alerts, and the instant ones
-- sent today (the daily cap). The in-app alerts are never asked for by tutor,
-- yet each enquiry wrote about 200 of them into it, each at its tutor's place
-- in the index, so about 200 pages of it touched per enquiry, and again when
-- an open tab marks them seen. Leaving them out (decision 057) keeps the index
-- to the rows its questions ask for; those questions name a message channel.
-- Building it takes about as long as 0024's (a quarter of a second for half a
-- million alerts), during which the table takes no writes: deploy it on its
-- own at a quiet hour.
CREATE INDEX lead_alerts_tutor_messages_idx ON lead_alerts (tutor_id, channel, status)
  WHERE status <> 'skipped' AND channel <> 'app';
DROP INDEX lead_alerts_tutor_held_or_sent_idx;
