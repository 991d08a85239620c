import {
  CHAT_RECONNECT_MAX_ATTEMPTS,
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';

export { CHAT_RECONNECT_DELAY_MS as SOCKET_RECONNECT_DELAY_MS } from '@gurumatch/shared/constants';

/**
 * What a signed-in socket (chat, lead alerts) does once it has closed
 * (decision 043): `renew` refreshes the session once and opens again,
 * `unauthorized` when that refresh already happened, `forbidden` for a user
 * not allowed there, `stop` when another tab took its place or the retries
 * ran out, `retry` otherwise.
 */
export type SocketCloseVerdict = 'renew' | 'unauthorized' | 'forbidden' | 'stop' | 'retry';

export function afterSocketClose(
  code: number,
  tried: { attempts: number; renewed: boolean },
): SocketCloseVerdict {
  if (code === CHAT_SOCKET_CLOSE_UNAUTHORIZED) return tried.renewed ? 'unauthorized' : 'renew';
  if (code === CHAT_SOCKET_CLOSE_FORBIDDEN) return 'forbidden';
  if (code === CHAT_SOCKET_CLOSE_TOO_MANY) return 'stop';
  return tried.attempts >= CHAT_RECONNECT_MAX_ATTEMPTS ? 'stop' : 'retry';
}
