/** Search words as ILIKE patterns; an empty list matches everything. */
export type Patterns = readonly string[];

/**
 * The condition of the back office's searched lists: every pattern of the
 * `text[]` parameter `param` (`$1`, say) matches at least one of `columns`
 * (column names or expressions of the module's own query). An empty list
 * matches every row.
 */
export function everyPatternMatches(param: string, columns: readonly string[]): string {
  const matches = columns.map((column) => `${column} ILIKE t.p`).join(' OR ');
  return `NOT EXISTS (SELECT 1 FROM unnest(${param}::text[]) AS t(p) WHERE NOT (${matches}))`;
}
