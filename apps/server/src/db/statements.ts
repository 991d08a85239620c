import type { Queryable, QueryOptions } from './connection.ts';
import { anyRow, countOf, firstRow } from './rows.ts';

/*
 * A statement as a query function. Most query functions take their parameters
 * in the order the statement numbers them (`$1`, `$2`, …) and only read its
 * answer; such a function is written as the statement alone, its parameters
 * named in its type:
 *
 *   export const findContact = rowFinder<ContactRow, [enquiryId: number, tutorId: number]>(
 *     `SELECT … FROM enquiry_contacts WHERE enquiry_id = $1 AND tutor_id = $2`,
 *   );
 *
 * answers `(db, enquiryId, tutorId) => Promise<ContactRow | null>`. A function
 * that reshapes its parameters (an object, a default, a value derived) runs
 * its statement through rows.ts instead.
 */

/** `sql` as a function of its parameters, in `$n` order: answers its first row, or null. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its parameters
export function rowFinder<Row, Params extends readonly unknown[]>(
  sql: string,
  options?: QueryOptions,
): (db: Queryable, ...params: Params) => Promise<Row | null> {
  return (db, ...params) => firstRow<Row>(db, sql, params, options);
}

/** `sql` as a function of its parameters, in `$n` order: answers its rows. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its parameters
export function rowLister<Row, Params extends readonly unknown[]>(
  sql: string,
  options?: QueryOptions,
): (db: Queryable, ...params: Params) => Promise<Row[]> {
  return (db, ...params) => db.query<Row>(sql, params, options);
}

/** A `SELECT count(*)::int AS count …` as a function of its parameters, in `$n` order. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its parameters
export function rowCounter<Params extends readonly unknown[]>(
  sql: string,
): (db: Queryable, ...params: Params) => Promise<number> {
  return (db, ...params) => countOf(db, sql, params);
}

/** `sql` as a function of its parameters, in `$n` order: answers whether it answered any row. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its parameters
export function rowChecker<Params extends readonly unknown[]>(
  sql: string,
): (db: Queryable, ...params: Params) => Promise<boolean> {
  return (db, ...params) => anyRow(db, sql, params);
}
