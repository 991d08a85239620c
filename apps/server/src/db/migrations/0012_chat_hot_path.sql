-- What a chat message costs on its way to the other side (decision 041).
--
-- The per-sender limit (20 messages in 10 s) is checked by the insert itself,
-- against the sender's own recent rows, so it holds across every instance
-- without a round trip to Redis first.
CREATE INDEX messages_sender_recent_idx ON messages (sender_id, created_at);

-- Lists order by COALESCE(last_message_at, created_at) (the *_activity_idx
-- indexes of 0009); these two older ones are never used and only made every
-- update of a conversation's last activity write two more index entries.
DROP INDEX conversations_tutor_idx;
DROP INDEX conversations_student_idx;
