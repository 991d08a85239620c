import { columnsOf, placeholders } from './columns.ts';
import type { Queryable } from './connection.ts';

/**
 * The row of `table` with this id, as `columns` select it, or null; locked
 * for the rest of the transaction when `lock` is set. Only the module that
 * owns the table passes its name.
 */
export async function findRowById<Row>(
  db: Queryable,
  table: string,
  columns: string,
  id: number,
  lock = false,
): Promise<Row | null> {
  const rows = await db.query<Row>(
    `SELECT ${columns} FROM ${table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** A `findRowById` for one table: `(db, id, lock?)` answers its row, or null. */
export function rowByIdFinder<Row>(
  table: string,
  columns: string,
): (db: Queryable, id: number, lock?: boolean) => Promise<Row | null> {
  return (db, id, lock = false) => findRowById<Row>(db, table, columns, id, lock);
}

/** The `count` a `SELECT count(*)::int AS count …` answers (0 when it answers no row). */
export async function countOf(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const rows = await db.query<{ count: number }>(sql, params);
  return rows[0]?.count ?? 0;
}

/**
 * Inserts `fields` (column → value) as a row of `table` and answers its
 * `returning` columns; null, and no row, when the value of the unique column
 * `unique` is taken. Only the module that owns the table passes its name.
 */
export async function insertUnlessTaken<Row>(
  db: Queryable,
  table: string,
  fields: Readonly<Record<string, unknown>>,
  unique: string,
  returning: string,
): Promise<Row | null> {
  const { names, values } = columnsOf(fields);
  const rows = await db.query<Row>(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders(values.length)})
     ON CONFLICT (${unique}) DO NOTHING RETURNING ${returning}`,
    values,
  );
  return rows[0] ?? null;
}
