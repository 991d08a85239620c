import type { Queryable } from '../../db/connection.ts';
import { firstRow } from '../../db/rows.ts';
import { rowCounter, rowFinder, rowLister } from '../../db/statements.ts';

/** A conversation with both participants and its enquiry, as the chat screens show it. */
export interface ConversationRow {
  id: number;
  enquiry_id: number;
  tutor_id: number;
  student_id: number;
  created_at: Date;
  last_message_at: Date | null;
  enquiry_name: string;
  enquiry_subject: string;
  enquiry_class_level: string;
  enquiry_posted_at: Date;
  tutor_full_name: string;
  tutor_avatar: string | null;
  student_full_name: string;
  student_avatar: string | null;
  unread_count: number;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  content: string;
  read_at: Date | null;
  created_at: Date;
  sender_full_name: string;
  sender_avatar: string | null;
}

export interface ParticipantRow {
  conversation_id: number;
  tutor_id: number;
  student_id: number;
}

export interface ChatUserRow {
  id: number;
  email: string;
  full_name: string;
  avatar_url: string | null;
  role: 'teacher' | 'student';
}

const CONVERSATION_COLUMNS = `c.id, c.enquiry_id, c.tutor_id, c.student_id, c.created_at, c.last_message_at,
       e.name AS enquiry_name, e.subject AS enquiry_subject, e.class_level AS enquiry_class_level,
       e.posted_at AS enquiry_posted_at,
       t.full_name AS tutor_full_name, t.avatar_url AS tutor_avatar,
       s.full_name AS student_full_name, s.avatar_url AS student_avatar`;

const CONVERSATION_JOINS = `JOIN enquiries e ON e.id = c.enquiry_id
  JOIN users t ON t.id = c.tutor_id
  JOIN users s ON s.id = c.student_id`;

/** Unread messages of `$1` (the caller) in conversation `c`. */
const UNREAD_OF_CALLER = `(SELECT count(*)::int FROM messages m
     WHERE m.conversation_id = c.id AND m.sender_id <> $1 AND m.read_at IS NULL)`;

export const countConversationsOf = rowCounter<[userId: number]>(
  `SELECT count(*)::int AS count FROM conversations c WHERE c.tutor_id = $1 OR c.student_id = $1`,
);

/** The user's conversations, latest activity first (a conversation without messages by its start). */
export const listConversationsOf = rowLister<
  ConversationRow,
  [userId: number, limit: number, offset: number]
>(
  `SELECT ${CONVERSATION_COLUMNS}, ${UNREAD_OF_CALLER} AS unread_count
     FROM conversations c ${CONVERSATION_JOINS}
    WHERE c.tutor_id = $1 OR c.student_id = $1
    ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id DESC
    LIMIT $2 OFFSET $3`,
);

/** A conversation as `userId` sees it (their unread count). */
export const findConversation = rowFinder<
  ConversationRow,
  [userId: number, conversationId: number]
>(
  `SELECT ${CONVERSATION_COLUMNS}, ${UNREAD_OF_CALLER} AS unread_count
     FROM conversations c ${CONVERSATION_JOINS}
    WHERE c.id = $2`,
);

export const findParticipants = rowFinder<ParticipantRow, [conversationId: number]>(
  'SELECT id AS conversation_id, tutor_id, student_id FROM conversations WHERE id = $1',
);

export const findActiveUser = rowFinder<ChatUserRow, [userId: number]>(
  'SELECT id, email, full_name, avatar_url, role FROM users WHERE id = $1 AND is_active',
);

const MESSAGE_COLUMNS = `m.id::float8 AS id, m.conversation_id, m.sender_id, m.content, m.read_at, m.created_at,
       u.full_name AS sender_full_name, u.avatar_url AS sender_avatar`;

export const countMessages = rowCounter<[conversationId: number]>(
  'SELECT count(*)::int AS count FROM messages WHERE conversation_id = $1',
);

/** A page counted back from the newest message, oldest first. */
export async function listMessagesPage(
  db: Queryable,
  conversationId: number,
  limit: number,
  offset: number,
): Promise<MessageRow[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS}
       FROM messages m JOIN users u ON u.id = m.sender_id
      WHERE m.conversation_id = $1
      ORDER BY m.id DESC
      LIMIT $2 OFFSET $3`,
    [conversationId, limit, offset],
  );
  return rows.reverse();
}

/** Messages newer than `afterId`, oldest first. */
export const listMessagesAfter = rowLister<
  MessageRow,
  [conversationId: number, afterId: number, limit: number]
>(
  `SELECT ${MESSAGE_COLUMNS}
     FROM messages m JOIN users u ON u.id = m.sender_id
    WHERE m.conversation_id = $1 AND m.id > $2
    ORDER BY m.id
    LIMIT $3`,
);

export interface StoredMessage {
  id: number;
  created_at: Date;
}

/**
 * Read receipts commit without waiting for the WAL flush (decision 025): a lost
 * read mark costs nothing, while messages themselves are committed durably.
 * `set_config(…, true)` holds for the statement's own transaction only.
 */
const RELAXED_COMMIT = `relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)`;

/**
 * Stores a message unless its sender already has `limit` messages within the
 * `windowSeconds` before `at` (in any conversation, from any instance):
 * answers null then. One statement: it first moves the sender's row of
 * `chat_send_windows` (the times of their last `limit` messages), which a
 * concurrent statement for the same sender waits for and then re-checks, so
 * the limit is exact across instances (decision 043). Committed durably before
 * anyone is told of it. The conversation's last activity is moved separately
 * ({@link touchConversations}), after delivery.
 */
export function insertMessageWithinLimit(
  db: Queryable,
  input: { conversationId: number; senderId: number; content: string; at: Date },
  limit: { messages: number; windowSeconds: number },
): Promise<StoredMessage | null> {
  return firstRow<StoredMessage>(
    db,
    `WITH slot AS (
       INSERT INTO chat_send_windows AS w (user_id, sent_at)
       VALUES ($2, ARRAY[$4::timestamptz])
       ON CONFLICT (user_id) DO UPDATE
          SET sent_at = ARRAY(SELECT t FROM unnest(w.sent_at || $4::timestamptz) AS t
                               ORDER BY t DESC LIMIT $6::int)
        WHERE (SELECT count(*) FROM unnest(w.sent_at) AS t
                WHERE t > $4::timestamptz - make_interval(secs => $5)) < $6::int
       RETURNING 1
     )
     INSERT INTO messages (conversation_id, sender_id, content, created_at)
     SELECT $1, $2, $3, $4 FROM slot
     RETURNING id::float8 AS id, created_at`,
    [
      input.conversationId,
      input.senderId,
      input.content,
      input.at,
      limit.windowSeconds,
      limit.messages,
    ],
    { prepared: true },
  );
}

/**
 * Moves conversations' last activity forward (never back), many in one
 * statement; relaxed commit, as a lost move only misorders a list.
 */
export async function touchConversations(
  db: Queryable,
  moves: readonly { conversationId: number; at: Date }[],
): Promise<void> {
  await db.query(
    `WITH ${RELAXED_COMMIT}
     UPDATE conversations c SET last_message_at = m.at
       FROM relaxed, unnest($1::int[], $2::timestamptz[]) AS m (id, at)
      WHERE c.id = m.id AND (c.last_message_at IS NULL OR c.last_message_at < m.at)`,
    [moves.map((move) => move.conversationId), moves.map((move) => move.at)],
  );
}

/** Marks the other side's messages read; answers the ids that were unread until now. */
export async function markMessagesRead(
  db: Queryable,
  input: { conversationId: number; readerId: number; messageIds: readonly number[]; at: Date },
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH ${RELAXED_COMMIT},
     marked AS (
       UPDATE messages SET read_at = $4
        WHERE conversation_id = $1 AND sender_id <> $2 AND read_at IS NULL
          AND id = ANY($3::bigint[])
        RETURNING id
     )
     SELECT marked.id::float8 AS id FROM marked, relaxed`,
    [input.conversationId, input.readerId, input.messageIds, input.at],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export const countUnreadOf = rowCounter<[userId: number]>(
  `SELECT count(*)::int AS count
     FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE (c.tutor_id = $1 OR c.student_id = $1) AND m.sender_id <> $1 AND m.read_at IS NULL`,
);

export interface PairMessageRow {
  enquiry_id: number;
  tutor_id: number;
  sender_id: number;
  content: string;
  created_at: Date;
}

/** The last 50 messages of each (enquiry, tutor) conversation asked for, oldest first. */
export function listLatestMessagesOfPairs(
  db: Queryable,
  pairs: readonly { enquiryId: number; tutorId: number }[],
): Promise<PairMessageRow[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  return db.query<PairMessageRow>(
    `SELECT c.enquiry_id, c.tutor_id, m.sender_id, m.content, m.created_at
       FROM unnest($1::int[], $2::int[]) AS q(enquiry_id, tutor_id)
       JOIN conversations c ON c.enquiry_id = q.enquiry_id AND c.tutor_id = q.tutor_id
       CROSS JOIN LATERAL (
         SELECT sender_id, content, created_at, id FROM messages
          WHERE conversation_id = c.id ORDER BY id DESC LIMIT 50
       ) m
      ORDER BY c.id, m.id`,
    [pairs.map((pair) => pair.enquiryId), pairs.map((pair) => pair.tutorId)],
  );
}
