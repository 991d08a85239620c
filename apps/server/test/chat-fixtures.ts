/**
 * Conversations for chat tests, made straight in the database (the contact flow
 * that opens them in production belongs to the enquiries module), and a small
 * client for the chat socket.
 */
import type { ServerFrame } from '@gurumatch/shared/chat-events';

import type { Queryable } from '../src/db/connection.ts';

import { openSocket, type SocketClient } from './socket-client.ts';

let enquiryCounter = 0;

export interface TestConversation {
  conversationId: number;
  enquiryId: number;
}

/** An enquiry of the student and the conversation a tutor's contact opened on it. */
export async function createConversation(
  db: Queryable,
  input: { tutorId: number; studentId: number; at?: Date; subject?: string },
): Promise<TestConversation> {
  enquiryCounter += 1;
  const at = input.at ?? new Date();
  const [enquiry] = await db.query<{ id: number }>(
    `INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                            when_to_start, formatted_address, city, state, country, latitude, longitude,
                            coins_required, posted_at, expires_at)
     VALUES ($1, $2, 'online', 'Class 10', $3, 'English', 500, 'immediately', 'Sector 14, Gurugram',
             'Gurugram', 'Haryana', 'India', 28.47, 77.03, 20, $4, $4::timestamptz + interval '30 days')
     RETURNING id`,
    [
      input.studentId,
      `Maths tuition ${String(enquiryCounter)}`,
      input.subject ?? 'Mathematics',
      at,
    ],
  );
  if (!enquiry) throw new Error('createConversation: no enquiry');
  const [conversation] = await db.query<{ id: number }>(
    `INSERT INTO conversations (enquiry_id, tutor_id, student_id, created_at)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [enquiry.id, input.tutorId, input.studentId, at],
  );
  if (!conversation) throw new Error('createConversation: no conversation');
  return { conversationId: conversation.id, enquiryId: enquiry.id };
}

/** Stores a message as the socket would (tests of lists and counts). */
export async function storeMessage(
  db: Queryable,
  input: { conversationId: number; senderId: number; content: string; at?: Date; read?: boolean },
): Promise<number> {
  const at = input.at ?? new Date();
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO messages (conversation_id, sender_id, content, created_at, read_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::float8 AS id`,
    [input.conversationId, input.senderId, input.content, at, input.read ? at : null],
  );
  await db.query(
    'UPDATE conversations SET last_message_at = GREATEST(COALESCE(last_message_at, $2), $2) WHERE id = $1',
    [input.conversationId, at],
  );
  if (!row) throw new Error('storeMessage: no row');
  return row.id;
}

export type ChatClient = SocketClient<ServerFrame>;

/** Opens `/ws/chat/{id}/?token=` on a listening server; resolves once open (or closed). */
export function openChat(
  baseUrl: string,
  conversationId: number,
  token?: string,
): Promise<ChatClient> {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return openSocket(
    baseUrl,
    `/ws/chat/${String(conversationId)}/${query}`,
    (text) => JSON.parse(text) as ServerFrame,
  );
}
