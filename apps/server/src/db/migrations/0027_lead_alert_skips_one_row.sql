-- The WhatsApp and e-mail alerts an enquiry's decision skips, one row per
-- enquiry and channel (decision 057). By day about 240 of the 400 rows a
-- decision wrote were skipped alerts (WhatsApp off, seen in an open tab),
-- never asked for by tutor and never changed again: they are the record of
-- why a tutor heard nothing. They are now stored as arrays (tutors, reasons,
-- distances, in the same order), inserted by the decision's own statement
-- with ON CONFLICT DO NOTHING: a retried decision, or a second one at the same
-- moment, finds the row. The alerts held or sent stay one row per tutor and
-- channel in lead_alerts, as does one skipped later (an enquiry closed before
-- it went out), and so do the skipped alerts recorded before this migration.
CREATE TABLE lead_alert_skips (
  enquiry_id integer NOT NULL,
  channel text NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  tutor_ids integer[] NOT NULL,
  reasons text[] NOT NULL,
  distances_km double precision[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (enquiry_id, channel),
  CHECK (cardinality(tutor_ids) = cardinality(reasons)
         AND cardinality(tutor_ids) = cardinality(distances_km))
);

-- an enquiry deleted takes all its alerts along (migrations 0023, 0026)
-- (the body on one line: the migration runner splits at semicolons ending a line)
CREATE OR REPLACE FUNCTION delete_lead_alerts_of_gone_enquiries() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM lead_alerts a USING gone_enquiries g WHERE a.enquiry_id = g.id; DELETE FROM lead_alert_skips a USING gone_enquiries g WHERE a.enquiry_id = g.id; DELETE FROM lead_alerts_in_app a USING gone_enquiries g WHERE a.enquiry_id = g.id; DELETE FROM lead_alerts_seen a USING gone_enquiries g WHERE a.enquiry_id = g.id; RETURN NULL; END $$;

CREATE OR REPLACE VIEW lead_alert_records AS
  SELECT tutor_id, enquiry_id, channel, status, reason, distance_km, due_at, sent_at,
         NULL::timestamptz AS seen_at, created_at
    FROM lead_alerts
  UNION ALL
  SELECT t.tutor_id, i.enquiry_id, 'app', i.status, i.reason, t.distance_km, NULL, NULL,
         (SELECT min(s.seen_at) FROM lead_alerts_seen s
           WHERE s.enquiry_id = i.enquiry_id AND t.tutor_id = ANY (s.tutor_ids)),
         i.created_at
    FROM lead_alerts_in_app i
    CROSS JOIN LATERAL unnest(i.tutor_ids, i.distances_km) AS t (tutor_id, distance_km)
  UNION ALL
  SELECT t.tutor_id, k.enquiry_id, k.channel, 'skipped', t.reason, t.distance_km, NULL, NULL,
         NULL, k.created_at
    FROM lead_alert_skips k
    CROSS JOIN LATERAL unnest(k.tutor_ids, k.reasons, k.distances_km)
      AS t (tutor_id, reason, distance_km);
