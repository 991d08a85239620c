import type { ContactSubject } from '@gurumatch/shared/catalogues/contact-subjects';

import type { Queryable } from '../../db/connection.ts';
import { firstRow, returnedRow, rowByIdFinder } from '../../db/rows.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowCounter, rowLister } from '../../db/statements.ts';

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
  const row = await returnedRow<{ id: number }>(
    db,
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
    'insertContactRequest',
  );
  return row.id;
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

const CONTACT_COLUMNS = `id, full_name, email, contact_number, subject, message, image_key, status,
       note, created_at, updated_at`;

/** The back office's filter of requests: a status (null: any) and search words. */
type ContactFilter = [status: string | null, patterns: Patterns];

const CONTACT_WHERE = `($1::text IS NULL OR status = $1)
   AND ${everyPatternMatches('$2', ['full_name', 'email', 'message'])}`;

export const countContactRequests = rowCounter<ContactFilter>(
  `SELECT count(*)::int AS count FROM contact_requests WHERE ${CONTACT_WHERE}`,
);

export const listContactRequests = rowLister<
  ContactRequestRow,
  [...ContactFilter, limit: number, offset: number]
>(
  `SELECT ${CONTACT_COLUMNS} FROM contact_requests WHERE ${CONTACT_WHERE}
    ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
);

/** One request, locked for the rest of the transaction when `lock` is set. */
export const findContactRequest = rowByIdFinder<ContactRequestRow>(
  'contact_requests',
  CONTACT_COLUMNS,
);

export function updateContactRequest(
  db: Queryable,
  id: number,
  fields: { status: string; note: string },
  at: Date,
): Promise<ContactRequestRow | null> {
  return firstRow<ContactRequestRow>(
    db,
    `UPDATE contact_requests SET status = $2, note = $3, updated_at = $4
      WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`,
    [id, fields.status, fields.note, at],
  );
}
