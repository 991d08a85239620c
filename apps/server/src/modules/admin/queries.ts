import type { Queryable } from '../../db/connection.ts';
import { everyPatternMatches, type Patterns } from '../../db/search.ts';
import { rowCounter, rowLister } from '../../db/statements.ts';

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

/** The audit log's filter: a target type, a target id (null: any) and search words. */
type AuditFilter = [targetType: string | null, targetId: number | null, patterns: Patterns];

const AUDIT_WHERE = `($1::text IS NULL OR target_type = $1)
   AND ($2::int IS NULL OR target_id = $2)
   AND ${everyPatternMatches('$3', ['action', 'actor_email'])}`;

export const countAuditEntries = rowCounter<AuditFilter>(
  `SELECT count(*)::int AS count FROM admin_audit_log WHERE ${AUDIT_WHERE}`,
);

export const listAuditEntries = rowLister<
  AuditRow,
  [...AuditFilter, limit: number, offset: number]
>(
  `SELECT id::int AS id, actor_id, actor_email, action, target_type, target_id, before, after,
          created_at
     FROM admin_audit_log WHERE ${AUDIT_WHERE}
    ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
);
