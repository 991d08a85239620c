-- The chat rate limit, exact across instances (decision 043).
--
-- Counting a sender's recent messages inside the insert (0012) sees only what
-- was committed when the statement began: two instances storing the same
-- sender's messages at the same moment each missed the other's. Instead, the
-- insert first updates the sender's row here, which holds the times of their
-- last 20 messages: a second statement for the same sender waits for the first
-- to commit and then decides on the row as the first left it.
CREATE TABLE chat_send_windows (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz[] NOT NULL
);
