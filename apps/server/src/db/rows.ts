import { assignments, columnsOf, placeholders } from './columns.ts';
import type { Queryable, QueryOptions } from './connection.ts';

/*
 * Running a statement and reading what it answers: the first row or null,
 * whether any row came back, the one row an insert returns, a count. A
 * module's queries.ts writes its own SQL (decision 002) and reads its answer
 * with these; a function that only runs one statement with its parameters in
 * `$n` order is written with statements.ts instead.
 */

/** The first row `sql` answers, or null. */
export async function firstRow<Row>(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
  options?: QueryOptions,
): Promise<Row | null> {
  const rows = await db.query<Row>(sql, params, options);
  return rows[0] ?? null;
}

/** Whether `sql` answers any row: a row matched, locked, written or left alone. */
export async function anyRow(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<boolean> {
  const rows = await db.query(sql, params);
  return rows.length > 0;
}

/**
 * The row a statement that always answers one (an INSERT … RETURNING) answered;
 * throws, naming `what`, when it answered none.
 */
export async function returnedRow<Row>(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
  what: string,
): Promise<Row> {
  const row = await firstRow<Row>(db, sql, params);
  if (!row) throw new Error(`${what}: no row returned`);
  return row;
}

/** The `count` a `SELECT count(*)::int AS count …` answers (0 when it answers no row). */
export async function countOf(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const row = await firstRow<{ count: number }>(db, sql, params);
  return row?.count ?? 0;
}

/**
 * The row of `table` with this id, as `columns` select it, or null; locked
 * for the rest of the transaction when `lock` is set. Only the module that
 * owns the table passes its name.
 */
export function findRowById<Row>(
  db: Queryable,
  table: string,
  columns: string,
  id: number,
  lock = false,
): Promise<Row | null> {
  return firstRow<Row>(
    db,
    `SELECT ${columns} FROM ${table} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

/** A `findRowById` for one table: `(db, id, lock?)` answers its row, or null. */
export function rowByIdFinder<Row>(
  table: string,
  columns: string,
): (db: Queryable, id: number, lock?: boolean) => Promise<Row | null> {
  return (db, id, lock = false) => findRowById<Row>(db, table, columns, id, lock);
}

/**
 * Inserts `fields` (column → value) as a row of `table` and answers its
 * `returning` columns; null, and no row, when the value of the unique column
 * `unique` is taken. Only the module that owns the table passes its name.
 */
export function insertUnlessTaken<Row>(
  db: Queryable,
  table: string,
  fields: Readonly<Record<string, unknown>>,
  unique: string,
  returning: string,
): Promise<Row | null> {
  const { names, values } = columnsOf(fields);
  return firstRow<Row>(
    db,
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders(values.length)})
     ON CONFLICT (${unique}) DO NOTHING RETURNING ${returning}`,
    values,
  );
}

/**
 * Sets `fields` (column → value) on the row of `table` with this id and
 * answers its `returning` columns; null when there is no such row. Only the
 * module that owns the table passes its name.
 */
export function updateRowById<Row>(
  db: Queryable,
  table: string,
  id: number,
  fields: Readonly<Record<string, unknown>>,
  returning = 'id',
): Promise<Row | null> {
  const { names, values } = columnsOf(fields);
  return firstRow<Row>(
    db,
    `UPDATE ${table} SET ${assignments(names)} WHERE id = $1 RETURNING ${returning}`,
    [id, ...values],
  );
}

/** An `insertUnlessTaken` answering the new row's id, or null when the unique value is taken. */
export async function insertIdUnlessTaken(
  db: Queryable,
  table: string,
  fields: Readonly<Record<string, unknown>>,
  unique: string,
): Promise<number | null> {
  const row = await insertUnlessTaken<{ id: number }>(db, table, fields, unique, 'id');
  return row?.id ?? null;
}
