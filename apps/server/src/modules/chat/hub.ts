import type { ServerFrame } from '@gurumatch/shared/chat-events';

import type { PubSub } from '../../adapters/pubsub/index.ts';

/** What the hub needs of a socket. */
export interface HubSocket {
  send(data: string): void;
}

/**
 * The sockets of this instance, by conversation. A frame is published on the
 * conversation's channel; every instance with sockets in that conversation
 * (this one included) delivers it to its own sockets. A channel is subscribed
 * while this instance has at least one socket in the conversation.
 */
export interface ChatHub {
  /** Adds a socket to a conversation; resolves once it will receive what is published. */
  join(conversationId: number, socket: HubSocket): Promise<() => Promise<void>>;
  publish(conversationId: number, frame: ServerFrame): Promise<void>;
  /** Sockets currently joined on this instance. */
  size(): number;
}

interface Room {
  sockets: Set<HubSocket>;
  subscribed: Promise<() => Promise<void>>;
}

function channelOf(conversationId: number): string {
  return `chat:${String(conversationId)}`;
}

export function createChatHub(pubsub: PubSub): ChatHub {
  const rooms = new Map<number, Room>();
  let joined = 0;

  return {
    async join(conversationId, socket) {
      let room = rooms.get(conversationId);
      if (!room) {
        const sockets = new Set<HubSocket>();
        const subscribed = pubsub.subscribe(channelOf(conversationId), (data) => {
          for (const member of sockets) member.send(data);
        });
        room = { sockets, subscribed };
        rooms.set(conversationId, room);
      }
      room.sockets.add(socket);
      joined += 1;
      const current = room;
      try {
        await current.subscribed;
      } catch (error) {
        current.sockets.delete(socket);
        joined -= 1;
        if (current.sockets.size === 0 && rooms.get(conversationId) === current) {
          rooms.delete(conversationId);
        }
        throw error;
      }
      let left = false;
      return async () => {
        if (left) return;
        left = true;
        current.sockets.delete(socket);
        joined -= 1;
        if (current.sockets.size === 0 && rooms.get(conversationId) === current) {
          rooms.delete(conversationId);
          const unsubscribe = await current.subscribed;
          await unsubscribe();
        }
      };
    },
    async publish(conversationId, frame) {
      await pubsub.publish(channelOf(conversationId), JSON.stringify(frame));
    },
    size: () => joined,
  };
}
