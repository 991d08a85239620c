/**
 * Session states an instance keeps in memory (decision 058): a module that
 * keeps some users' `is_active` and session epoch up to date, as the feed's
 * readers are, offers them here, and `authenticate` reads them instead of the
 * database on the routes that allow it (`config.sessionFromMemory`).
 */

/** What `authenticate` checks a token against. */
export interface KeptSessionState {
  is_active: boolean;
  sessions_revoked_at: Date | null;
}

/** A user's kept state, or null when it is not kept or not to be trusted now. */
export type KeptSessionSource = (userId: number) => KeptSessionState | null;

const SOURCES = new WeakMap<object, KeptSessionSource>();

/** Offers `owner`'s (the running app's) kept session states; the returned function withdraws them. */
export function offerKeptSessions(owner: object, source: KeptSessionSource): () => void {
  SOURCES.set(owner, source);
  return () => {
    if (SOURCES.get(owner) === source) SOURCES.delete(owner);
  };
}

/** A user's session state as kept in memory, or null (then the database is asked). */
export function keptSessionState(owner: object, userId: number): KeptSessionState | null {
  return SOURCES.get(owner)?.(userId) ?? null;
}
