import type { Queryable } from '../../db/connection.ts';
import { countOf } from '../../db/rows.ts';

/** Search words as ILIKE patterns; an empty list matches everything. */
export type Patterns = readonly string[];

// ---- audit log ----------------------------------------------------------

export interface NewAuditEntry {
  actorId: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: number | null;
  before: unknown;
  after: unknown;
  at: Date;
}

export async function insertAuditEntry(db: Queryable, entry: NewAuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO admin_audit_log (actor_id, actor_email, action, target_type, target_id, before,
                                  after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [
      entry.actorId,
      entry.actorEmail,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.at,
    ],
  );
}

export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

const AUDIT_WHERE = `($1::text IS NULL OR target_type = $1)
   AND ($2::int IS NULL OR target_id = $2)
   AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS t(p)
                    WHERE NOT (action ILIKE t.p OR actor_email ILIKE t.p))`;

export function countAuditEntries(
  db: Queryable,
  targetType: string | null,
  targetId: number | null,
  patterns: Patterns,
): Promise<number> {
  return countOf(db, `SELECT count(*)::int AS count FROM admin_audit_log WHERE ${AUDIT_WHERE}`, [
    targetType,
    targetId,
    patterns,
  ]);
}

export function listAuditEntries(
  db: Queryable,
  targetType: string | null,
  targetId: number | null,
  patterns: Patterns,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT id::int AS id, actor_id, actor_email, action, target_type, target_id, before, after,
            created_at
       FROM admin_audit_log WHERE ${AUDIT_WHERE}
      ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [targetType, targetId, patterns, limit, offset],
  );
}
