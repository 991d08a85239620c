import { createMemoryPubSub } from './memory.ts';
import { createRedisPubSub } from './redis.ts';

export type PubSubListener = (message: string) => void;

/**
 * Messages between server instances: every instance subscribed to a channel
 * receives what any instance publishes on it (its own publications included).
 * In-process by default; Redis when REDIS_URL is set, for several instances.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Starts delivering the channel's messages to `listener`; the returned function stops it. */
  subscribe(channel: string, listener: PubSubListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createPubSub(redisUrl: string | undefined, prefix = 'gm:'): PubSub {
  return redisUrl ? createRedisPubSub(redisUrl, prefix) : createMemoryPubSub();
}
