import {
  CHAT_RECONNECT_MAX_ATTEMPTS,
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import { describe, expect, it } from 'vitest';

import { afterSocketClose } from './socket-close.ts';

describe('what a signed-in socket does once closed', () => {
  it.each([
    ['an expired token renews once', CHAT_SOCKET_CLOSE_UNAUTHORIZED, 0, false, 'renew'],
    [
      'an expired token after a renewal signs out',
      CHAT_SOCKET_CLOSE_UNAUTHORIZED,
      0,
      true,
      'unauthorized',
    ],
    ['a user not allowed there stops', CHAT_SOCKET_CLOSE_FORBIDDEN, 0, false, 'forbidden'],
    ['a tab whose place another took stops', CHAT_SOCKET_CLOSE_TOO_MANY, 0, false, 'stop'],
    ['a dropped connection tries again', 1006, 0, false, 'retry'],
    ['a server restart tries again', 1001, CHAT_RECONNECT_MAX_ATTEMPTS - 1, false, 'retry'],
    ['out of retries, it stops', 1006, CHAT_RECONNECT_MAX_ATTEMPTS, false, 'stop'],
  ] as const)('%s', (_, code, attempts, renewed, verdict) => {
    expect(afterSocketClose(code, { attempts, renewed })).toBe(verdict);
  });
});
