import { parseJsonAs } from '@gurumatch/shared/json';
import { z } from 'zod';

import type { PubSub } from '../adapters/pubsub/index.ts';
import type { AppLogger } from '../context.ts';

/** Where every instance hears that a user's sessions ended (its chat sockets close). */
const SESSIONS_CHANNEL = 'sessions';

const SessionsEndedSchema = z.object({
  user_id: z.number().int().positive(),
  /** Whole seconds: tokens issued before this no longer belong to a session. */
  before: z.number().int(),
  reason: z.enum(['suspended', 'sessions_ended']),
});

/** A user's sessions ended: access tokens issued before `before` (seconds) are void. */
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/**
 * Tells every instance that a user's sessions ended, once the change is
 * committed (an instance that hears it earlier could still read the old state).
 * `at` is the time given to `revokeUserSessions`. A suspension voids every token
 * issued up to and including its second; a password reset, as `authenticate`
 * does, those issued before it. Never throws: the change is made, and a socket
 * that misses the word still ends when its token expires.
 */
export async function announceSessionsEnded(
  pubsub: PubSub,
  log: AppLogger,
  userId: number,
  at: Date,
  reason: SessionsEnded['reason'],
): Promise<void> {
  const seconds = Math.floor(at.getTime() / 1000);
  const event: SessionsEnded = {
    user_id: userId,
    before: reason === 'suspended' ? seconds + 1 : seconds,
    reason,
  };
  try {
    await pubsub.publish(SESSIONS_CHANNEL, JSON.stringify(event));
  } catch (error) {
    log.error({ err: error, userId }, 'the end of sessions could not be announced');
  }
}

/** Hears every announcement (of any instance); the returned function stops. */
export function onSessionsEnded(
  pubsub: PubSub,
  listener: (event: SessionsEnded) => void,
): Promise<() => Promise<void>> {
  return pubsub.subscribe(SESSIONS_CHANNEL, (message) => {
    const event = parseJsonAs(SessionsEndedSchema, message);
    if (event) listener(event);
  });
}
