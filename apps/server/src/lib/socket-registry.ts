import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
  CHAT_SOCKETS_PER_USER_MAX,
} from '@gurumatch/shared/constants';

import { addToKeyedSet } from './keyed-sets.ts';
import type { SessionsEnded } from './session-events.ts';

/** An open authenticated socket (chat, lead alerts), as the registry sees it. */
export interface RegisteredSocket {
  readonly userId: number;
  /** `iat` of the token the socket lives on (renewed by an `auth` frame), in seconds. */
  iat: number;
  /** Closes the socket (the socket then leaves the registry itself). */
  close(code: number, reason: string): void;
}

/**
 * This instance's authenticated sockets of one kind (chat, lead alerts) by user: at most {@link CHAT_SOCKETS_PER_USER_MAX}
 * per user (a further one closes the oldest with 4008), and closed with 4001
 * when the user's sessions end on any instance (decision 043). What ended is
 * kept in memory until every token it voided has expired, so a socket that was
 * joining while the word arrived, and every frame, are checked without a
 * database read.
 */
export interface SocketRegistry {
  /** Registers an open socket; answers the function that removes it. */
  add(socket: RegisteredSocket): () => void;
  /** Whether a token of this user issued at `iat` (seconds) was voided since. */
  isRevoked(userId: number, iat: number): boolean;
  /** A user's sessions ended: their sockets on tokens issued before `before` close. */
  endSessions(event: SessionsEnded): void;
}

export const SESSION_ENDED_REASON = 'Session ended';
const TOO_MANY_REASON = 'Too many open chats';

/** `tooManyReason`: the close reason of the oldest socket when a user opens one too many. */
export function createSocketRegistry(
  now: () => Date,
  tooManyReason: string = TOO_MANY_REASON,
): SocketRegistry {
  const byUser = new Map<number, Set<RegisteredSocket>>();
  /** user → tokens issued before this second are void. */
  const revoked = new Map<number, number>();

  const isRevoked = (userId: number, iat: number): boolean => {
    const before = revoked.get(userId);
    return before !== undefined && iat < before;
  };

  /** Forgets what ended once every token it voided has expired anyway. */
  const forgetExpired = (): void => {
    const seconds = Math.floor(now().getTime() / 1000);
    for (const [userId, before] of revoked) {
      if (before + ACCESS_TOKEN_LIFETIME_SECONDS < seconds) revoked.delete(userId);
    }
  };

  return {
    add(socket) {
      if (isRevoked(socket.userId, socket.iat)) {
        socket.close(CHAT_SOCKET_CLOSE_UNAUTHORIZED, SESSION_ENDED_REASON);
        return () => undefined;
      }
      const { set: sockets, remove } = addToKeyedSet(byUser, socket.userId, socket);
      // a Set keeps the order sockets were added in: the first is the oldest
      while (sockets.size > CHAT_SOCKETS_PER_USER_MAX) {
        const oldest = sockets.values().next().value;
        if (!oldest) break;
        sockets.delete(oldest);
        oldest.close(CHAT_SOCKET_CLOSE_TOO_MANY, tooManyReason);
      }
      return remove;
    },
    isRevoked,
    endSessions(event) {
      forgetExpired();
      const known = revoked.get(event.user_id);
      if (known === undefined || known < event.before) revoked.set(event.user_id, event.before);
      const sockets = byUser.get(event.user_id);
      if (!sockets) return;
      for (const socket of [...sockets]) {
        if (socket.iat < event.before) {
          sockets.delete(socket);
          socket.close(CHAT_SOCKET_CLOSE_UNAUTHORIZED, SESSION_ENDED_REASON);
        }
      }
      if (sockets.size === 0) byUser.delete(event.user_id);
    },
  };
}
