/*
 * Two writers may both find a key free and both insert it; the one that
 * commits second fails on the unique index (`23505`). A statement that reads
 * before it writes (`WHERE NOT EXISTS`, a check then an insert) is run once
 * more after such a failure: its second run starts after the winner committed,
 * so it sees that row and leaves it alone.
 */

/** Whether a statement failed on a unique index another writer filled first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

/** Runs `attempt`, and once more if it lost a race for a unique key (see above). */
export async function againIfRaced<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}
