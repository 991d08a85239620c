import type { Queryable } from '../../db/connection.ts';

import { touchConversations } from './queries.ts';

/** How long moves of last activity are gathered before one write takes them all. */
const GATHER_MS = 50;

/**
 * A conversation's last activity (the order of the chat lists) is moved after
 * its message was delivered, gathered for {@link GATHER_MS} and written for
 * all conversations at once: one statement instead of one per message, and
 * none of it in front of a message on its way (decision 041).
 */
export interface ActivityLog {
  record(conversationId: number, at: Date): void;
  /** Writes what is gathered now (on shutdown, and for tests). */
  flush(): Promise<void>;
}

export function createActivityLog(db: Queryable, onError: (error: unknown) => void): ActivityLog {
  const pending = new Map<number, Date>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return writing;
    const moves = [...pending].map(([conversationId, at]) => ({ conversationId, at }));
    pending.clear();
    writing = writing.then(() => touchConversations(db, moves)).catch(onError);
    return writing;
  };

  return {
    record(conversationId, at) {
      const known = pending.get(conversationId);
      if (!known || known < at) pending.set(conversationId, at);
      if (!timer) {
        timer = setTimeout(() => void flush(), GATHER_MS);
        timer.unref();
      }
    },
    flush,
  };
}
