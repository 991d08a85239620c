-- The in-app alerts of an enquiry in one row (decision 057). Each enquiry
-- wrote about 200 in-app rows into lead_alerts, one per tutor told, only to
-- keep a retried job from telling anyone twice, and each open tab then
-- updated its tutor's row as seen. Measured by day, that insert was the
-- alerts' costliest statement (a quarter of their time in PostgreSQL). The
-- job runs once per enquiry (its key), so its claim is now one row per
-- enquiry: the tutors told and their distances as arrays, inserted with ON
-- CONFLICT DO NOTHING (a retry, or a second instance, finds the row and
-- tells no one). The instances record who saw it in an open tab as one row
-- per event (lead_alerts_seen), which the decision on the message channels
-- reads. WhatsApp and e-mail alerts stay one row per tutor in lead_alerts.
-- lead_alert_records shows every alert, in the app too, one row per tutor,
-- enquiry and channel. The move below rewrites a third of lead_alerts and
-- holds the table's write lock until it commits (new alerts wait for it):
-- deploy it at a quiet hour, as 0025.
CREATE TABLE lead_alerts_in_app (
  enquiry_id integer PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('sent', 'skipped')),
  -- why nobody was told ('' when sent): the enquiry's archived, expired or full
  reason text NOT NULL DEFAULT '',
  tutor_ids integer[] NOT NULL,
  -- each tutor's distance, in the order of tutor_ids (null for an online enquiry)
  distances_km double precision[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (cardinality(tutor_ids) = cardinality(distances_km))
);

CREATE TABLE lead_alerts_seen (
  enquiry_id integer NOT NULL,
  tutor_ids integer[] NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX lead_alerts_seen_enquiry_idx ON lead_alerts_seen (enquiry_id);

-- an enquiry's rows as they were; a retry that found it closed recorded its new
-- tutors skipped beside the sent ones: the sent ones are kept
INSERT INTO lead_alerts_in_app (enquiry_id, status, reason, tutor_ids, distances_km, created_at)
SELECT DISTINCT ON (enquiry_id) enquiry_id, status, reason, tutor_ids, distances_km, created_at
  FROM (SELECT enquiry_id, status, reason,
               array_agg(tutor_id ORDER BY tutor_id) AS tutor_ids,
               array_agg(distance_km ORDER BY tutor_id) AS distances_km,
               min(created_at) AS created_at
          FROM lead_alerts WHERE channel = 'app'
         GROUP BY enquiry_id, status, reason) AS kept
 ORDER BY enquiry_id, status;

INSERT INTO lead_alerts_seen (enquiry_id, tutor_ids, seen_at)
SELECT enquiry_id, array_agg(tutor_id ORDER BY tutor_id), delivered_at
  FROM lead_alerts WHERE channel = 'app' AND delivered_at IS NOT NULL
 GROUP BY enquiry_id, delivered_at;

DELETE FROM lead_alerts WHERE channel = 'app';
ALTER TABLE lead_alerts DROP CONSTRAINT lead_alerts_channel_check;
ALTER TABLE lead_alerts ADD CONSTRAINT lead_alerts_channel_check
  CHECK (channel IN ('whatsapp', 'email'));
ALTER TABLE lead_alerts DROP COLUMN delivered_at;

-- an enquiry deleted takes all its alerts along (migration 0023)
-- (the body on one line: the migration runner splits at semicolons ending a line)
CREATE OR REPLACE FUNCTION delete_lead_alerts_of_gone_enquiries() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM lead_alerts a USING gone_enquiries g WHERE a.enquiry_id = g.id; DELETE FROM lead_alerts_in_app a USING gone_enquiries g WHERE a.enquiry_id = g.id; DELETE FROM lead_alerts_seen a USING gone_enquiries g WHERE a.enquiry_id = g.id; RETURN NULL; END $$;

CREATE VIEW lead_alert_records AS
  SELECT tutor_id, enquiry_id, channel, status, reason, distance_km, due_at, sent_at,
         NULL::timestamptz AS seen_at, created_at
    FROM lead_alerts
  UNION ALL
  SELECT t.tutor_id, i.enquiry_id, 'app', i.status, i.reason, t.distance_km, NULL, NULL,
         (SELECT min(s.seen_at) FROM lead_alerts_seen s
           WHERE s.enquiry_id = i.enquiry_id AND t.tutor_id = ANY (s.tutor_ids)),
         i.created_at
    FROM lead_alerts_in_app i
    CROSS JOIN LATERAL unnest(i.tutor_ids, i.distances_km) AS t (tutor_id, distance_km);
