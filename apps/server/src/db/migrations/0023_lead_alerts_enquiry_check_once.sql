-- The foreign key from lead_alerts to enquiries checked each inserted row on
-- its own: about 600 checks of the same enquiry for 200 matching tutors, over
-- a third of each insert's time (decision 057). The alerts now lock their
-- enquiry once per statement (FOR KEY SHARE, as the key's check did), so an
-- alert is only ever stored while its enquiry exists, and a deletion of
-- enquiries takes their alerts along through the trigger below, as the key's
-- ON DELETE CASCADE did. One rule comes with it: every statement that adds
-- lead_alerts rows selects its enquiry FOR KEY SHARE (alerts/queries.ts).
ALTER TABLE lead_alerts DROP CONSTRAINT lead_alerts_enquiry_id_fkey;

-- (the body on one line: the migration runner splits at semicolons ending a line)
CREATE FUNCTION delete_lead_alerts_of_gone_enquiries() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN DELETE FROM lead_alerts a USING gone_enquiries g WHERE a.enquiry_id = g.id; RETURN NULL; END $$;

CREATE TRIGGER enquiries_delete_lead_alerts AFTER DELETE ON enquiries
  REFERENCING OLD TABLE AS gone_enquiries
  FOR EACH STATEMENT EXECUTE FUNCTION delete_lead_alerts_of_gone_enquiries();
