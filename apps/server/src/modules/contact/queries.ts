import type { ContactSubject } from '@gurumatch/shared/catalogues/contact-subjects';

import type { Queryable } from '../../db/connection.ts';
import { countOf, rowByIdFinder } from '../../db/rows.ts';

export interface NewContactRequest {
  fullName: string;
  email: string;
  contactNumber: string;
  subject: ContactSubject;
  message: string;
  imageKey: string | null;
  ip: string;
  createdAt: Date;
}

export async function insertContactRequest(
  db: Queryable,
  request: NewContactRequest,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO contact_requests (full_name, email, contact_number, subject, message, image_key, ip,
                                   created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id`,
    [
      request.fullName,
      request.email,
      request.contactNumber,
      request.subject,
      request.message,
      request.imageKey,
      request.ip,
      request.createdAt,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insertContactRequest: no id returned');
  return id;
}

// ---- back office --------------------------------------------------------

export interface ContactRequestRow {
  id: number;
  full_name: string;
  email: string;
  contact_number: string;
  subject: string;
  message: string;
  image_key: string | null;
  status: 'new' | 'answered' | 'closed';
  note: string;
  created_at: Date;
  updated_at: Date | null;
}

/** Search words as ILIKE patterns; an empty list matches everything. */
export type Patterns = readonly string[];

const CONTACT_COLUMNS = `id, full_name, email, contact_number, subject, message, image_key, status,
       note, created_at, updated_at`;

const CONTACT_WHERE = `($1::text IS NULL OR status = $1)
   AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS t(p)
                    WHERE NOT (full_name ILIKE t.p OR email ILIKE t.p OR message ILIKE t.p))`;

export function countContactRequests(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM contact_requests WHERE ${CONTACT_WHERE}`, [
    status,
    patterns,
  ]);
}

export function listContactRequests(
  db: Queryable,
  status: string | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<ContactRequestRow[]> {
  return db.query<ContactRequestRow>(
    `SELECT ${CONTACT_COLUMNS} FROM contact_requests WHERE ${CONTACT_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [status, patterns, limit, offset],
  );
}

/** One request, locked for the rest of the transaction when `lock` is set. */
export const findContactRequest = rowByIdFinder<ContactRequestRow>(
  'contact_requests',
  CONTACT_COLUMNS,
);

export async function updateContactRequest(
  db: Queryable,
  id: number,
  fields: { status: string; note: string },
  at: Date,
): Promise<ContactRequestRow | null> {
  const rows = await db.query<ContactRequestRow>(
    `UPDATE contact_requests SET status = $2, note = $3, updated_at = $4
      WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [id, fields.status, fields.note, at],
  );
  return rows[0] ?? null;
}
