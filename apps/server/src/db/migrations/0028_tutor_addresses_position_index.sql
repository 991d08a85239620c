-- The alerts' matching starts from the addresses inside the radius's box
-- (migration 0020), and the index it walked held every user's addresses:
-- in a city the students', one for each who ever posted, outnumber the
-- tutors' many times. After a six-round run of bench/alerts the box of an
-- enquiry held 557 addresses for its 203 matching tutors, and the matching
-- took 4.0-4.6 ms against 2.6 ms at the start (decision 057). Each address
-- now knows whether its user is a tutor, and the index holds only those.
-- A user's role never changes, so the mark is set once, when the address is
-- stored, by the trigger below, whoever stores it.
ALTER TABLE user_addresses ADD COLUMN of_tutor boolean NOT NULL DEFAULT false;

UPDATE user_addresses a SET of_tutor = true FROM users u WHERE u.id = a.user_id AND u.role = 'teacher';

-- (the body on one line: the migration runner splits at semicolons ending a line)
CREATE FUNCTION mark_tutor_address() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN NEW.of_tutor := EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.role = 'teacher'); RETURN NEW; END $$;

CREATE TRIGGER user_addresses_mark_tutor BEFORE INSERT OR UPDATE OF user_id, of_tutor ON user_addresses
  FOR EACH ROW EXECUTE FUNCTION mark_tutor_address();

CREATE INDEX user_addresses_tutor_position_idx ON user_addresses (latitude, longitude) WHERE of_tutor;

DROP INDEX user_addresses_position_idx;
