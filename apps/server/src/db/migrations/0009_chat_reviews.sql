-- Chat lookups beyond the conversation tables of 0008, and students' reviews of tutors.

-- unread messages: the dashboard badge and the per-conversation counts
CREATE INDEX messages_unread_idx ON messages (conversation_id, sender_id) WHERE read_at IS NULL;
-- conversations without messages yet are ordered by their start
CREATE INDEX conversations_tutor_activity_idx
  ON conversations (tutor_id, (COALESCE(last_message_at, created_at)) DESC, id DESC);
CREATE INDEX conversations_student_activity_idx
  ON conversations (student_id, (COALESCE(last_message_at, created_at)) DESC, id DESC);

-- One review per (student, tutor); sending again replaces it. profiles.rating and
-- profiles.review_count are kept in step by the service, in the same transaction.
CREATE TABLE reviews (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tutor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review_text text NOT NULL DEFAULT '' CHECK (char_length(review_text) <= 1000),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT reviews_student_tutor_key UNIQUE (student_id, tutor_id)
);

CREATE INDEX reviews_tutor_idx ON reviews (tutor_id, updated_at DESC, id DESC);
CREATE INDEX reviews_recent_idx ON reviews (updated_at DESC, id DESC);
