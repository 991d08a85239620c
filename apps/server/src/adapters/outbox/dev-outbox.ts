import type { Queryable } from '../../db/connection.ts';

export interface OutboxEntry {
  id: number;
  kind: 'email' | 'otp';
  channel: string;
  to: string;
  subject: string;
  body: string;
  links: string[];
  code: string | null;
  created_at: string;
}

/** How many messages a listing shows at most. */
export const OUTBOX_LIST_LIMIT = 100;

export interface NewOutboxEntry {
  kind: 'email' | 'otp';
  channel: string;
  to: string;
  subject?: string;
  body: string;
  links?: string[];
  code?: string | null;
}

/** Where the offline mail and OTP adapters deliver: a table, so every instance sees it. */
export interface DevOutbox {
  add(entry: NewOutboxEntry): Promise<void>;
  /** Newest first; `to` keeps only the messages to that address or number. */
  list(limit?: number, to?: string): Promise<OutboxEntry[]>;
}

interface OutboxRow {
  id: number;
  kind: 'email' | 'otp';
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  links: string[];
  code: string | null;
  created_at: Date;
}

export function createDevOutbox(db: Queryable): DevOutbox {
  return {
    async add(entry) {
      await db.query(
        `INSERT INTO dev_outbox (kind, channel, recipient, subject, body, links, code)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          entry.kind,
          entry.channel,
          entry.to,
          entry.subject ?? '',
          entry.body,
          entry.links ?? [],
          entry.code ?? null,
        ],
      );
    },
    async list(limit = OUTBOX_LIST_LIMIT, to) {
      const rows = await db.query<OutboxRow>(
        `SELECT * FROM dev_outbox
         WHERE $2::text IS NULL OR lower(recipient) = lower($2::text)
         ORDER BY created_at DESC, id DESC LIMIT $1`,
        [limit, to ?? null],
      );
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        links: row.links,
        code: row.code,
        created_at: row.created_at.toISOString(),
      }));
    },
  };
}
