import type { ContactSubject } from '@gurumatch/shared/catalogues/contact-subjects';

import type { Queryable } from '../../db/connection.ts';

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
