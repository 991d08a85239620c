/**
 * Jobs found by their key. `enqueue` stores nothing while a job of the same
 * kind and key waits, runs or has failed; pg-boss indexes its keys only for
 * the states its own policies look at, so that check read every job the kind
 * had kept: the completed ones too, for the 12 hours before pg-boss archives
 * them. A lead alert stores one or more keyed jobs per enquiry, and with
 * 100,000 jobs of a kind kept, each check took about 20 ms of the database.
 * This index of every keyed job makes it one lookup.
 */
import type { Db, Queryable } from '../db/connection.ts';

/** The index's name on the queue's table, and on each kind's partition of it (`k` + its hash). */
const KEY_INDEX = 'job_key_i';
const KEY_INDEX_COLUMNS = '(name, singleton_key) WHERE singleton_key IS NOT NULL';

/** Whether a job of kind `$1` and key `$2` waits, runs or has failed. */
export function heldKeyCheck(schema: string): string {
  return `SELECT 1 FROM ${schema}.job
           WHERE name = $1 AND singleton_key = $2
             AND state IN ('created', 'retry', 'active', 'failed') LIMIT 1`;
}

/** `heldKeyCheck` in `tx`, parsed and planned once per connection: the index answers it. */
export async function isKeyHeld(
  tx: Queryable,
  schema: string,
  name: string,
  key: string,
): Promise<boolean> {
  const held = await tx.query(heldKeyCheck(schema), [name, key], { prepared: true });
  return held.length > 0;
}

/**
 * Builds the index where it is missing, without holding up the jobs being
 * stored meanwhile: on PostgreSQL, each kind's partition is indexed
 * `CONCURRENTLY` and attached to an index of the whole table, which PostgreSQL
 * then builds by itself on the partition of every kind created later. The
 * embedded database has one connection, and builds it in one statement.
 */
export async function ensureKeyIndex(db: Db, schema: string): Promise<void> {
  if (db.kind === 'pglite') {
    await db.query(`CREATE INDEX IF NOT EXISTS ${KEY_INDEX} ON ${schema}.job ${KEY_INDEX_COLUMNS}`);
    return;
  }
  await db.query(
    `CREATE INDEX IF NOT EXISTS ${KEY_INDEX} ON ONLY ${schema}.job ${KEY_INDEX_COLUMNS}`,
  );
  // the partitions whose index is not attached yet, and whether one of that name exists, unfinished
  const missing = await db.query<{ partition: string; index: string; unfinished: boolean }>(
    `SELECT c.relname AS partition, 'k' || substr(c.relname, 2) AS index,
            EXISTS (SELECT 1 FROM pg_class ic JOIN pg_index x ON x.indexrelid = ic.oid
                     WHERE ic.relname = 'k' || substr(c.relname, 2)
                       AND ic.relnamespace = c.relnamespace AND NOT x.indisvalid) AS unfinished
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass($1)
        AND NOT EXISTS (SELECT 1 FROM pg_inherits ii JOIN pg_index x ON x.indexrelid = ii.inhrelid
                         WHERE ii.inhparent = to_regclass($2) AND x.indrelid = c.oid)
      ORDER BY c.relname`,
    [`${schema}.job`, `${schema}.${KEY_INDEX}`],
  );
  for (const { partition, index, unfinished } of missing) {
    // a build stopped half-way (a crash) leaves an index that is never used: built again. One that
    // another instance is building at this moment looks the same; this one then waits for it and
    // builds it again, which costs time at a start, nothing more
    if (unfinished) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${schema}.${index}`);
    await db.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${index} ON ${schema}.${partition} ${KEY_INDEX_COLUMNS}`,
    );
    await db.query(`ALTER INDEX ${schema}.${KEY_INDEX} ATTACH PARTITION ${schema}.${index}`);
  }
}
