/**
 * A job stored by the statement that makes what it is about, rather than by a
 * statement of its own after it: one round trip to the database fewer for the
 * request that stores it (a post stores its alerts job so, decision 057).
 *
 * The row is the one pg-boss's own insert writes for a job sent with no
 * options: the kind's queue gives its retries, expiry, retention, policy and
 * dead letter, with pg-boss's fall-backs where the queue names none. A test
 * stores a job both ways and compares the rows column by column, so an
 * upgrade of pg-boss that writes its rows otherwise fails it.
 */

/** Part of a statement: its text and its parameters, numbered from where the caller said. */
export interface StatementPart {
  text: string;
  params: unknown[];
}

/**
 * The body of a data-modifying CTE that stores one job of `name` for each row
 * of `from` (a CTE of the caller's statement), with `data` (an SQL expression
 * of that row giving a jsonb object) and `extra` (merged into it, the request
 * id) as its data. Its parameters are numbered from `firstParam`. Nothing is
 * stored for a kind whose queue does not exist, as pg-boss's insert stores none.
 */
export function jobInsertFrom(
  schema: string,
  name: string,
  from: string,
  data: string,
  firstParam: number,
  extra: Record<string, unknown>,
): StatementPart {
  const nameParam = `$${String(firstParam)}`;
  const extraParam = `$${String(firstParam + 1)}`;
  return {
    text: `INSERT INTO ${schema}.job (id, name, data, priority, start_after, expire_in, keep_until,
                                      retry_limit, retry_delay, retry_backoff, policy, dead_letter)
           SELECT gen_random_uuid(), q.name, (${data}) || ${extraParam}::jsonb, 0, now(),
                  COALESCE(q.expire_seconds * interval '1s', interval '15 minutes'),
                  now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
                  COALESCE(q.retry_limit, 2),
                  CASE WHEN COALESCE(q.retry_backoff, false) THEN GREATEST(q.retry_delay, 1)
                       ELSE COALESCE(q.retry_delay, 0) END,
                  COALESCE(q.retry_backoff, false), q.policy, q.dead_letter
             FROM ${from} JOIN ${schema}.queue q ON q.name = ${nameParam}
           ON CONFLICT DO NOTHING`,
    params: [name, JSON.stringify(extra)],
  };
}
