import {
  parseServerFrame,
  type ClientFrame,
  type ServerFrame,
} from '@gurumatch/shared/chat-events';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_RECONNECT_MAX_ATTEMPTS,
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

import { refreshSession } from '../../lib/api.ts';
import { getSession } from '../../lib/auth-session.ts';

export type ChatConnection = 'connecting' | 'online' | 'offline';

export interface ChatSocketHandlers {
  onFrame: (frame: ServerFrame) => void;
  /** Every successful (re)connection: the place to fetch what was missed. */
  onOpen: () => void;
  /** Close code 4001: the session is over. */
  onUnauthorized: () => void;
  /** Close code 4003: not a participant. */
  onForbidden: () => void;
}

/** Renew the access token this long before it expires, before (re)connecting. */
const TOKEN_MARGIN_MS = 30_000;

async function freshAccessToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.user.exp * 1000 - Date.now() < TOKEN_MARGIN_MS) {
    await refreshSession().catch(() => false);
  }
  return getSession()?.tokens.access ?? null;
}

function socketUrl(conversationId: number, token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/chat/${String(conversationId)}/?token=${encodeURIComponent(token)}`;
}

/**
 * The conversation's socket (part 2 §4): retries every 3 s up to 5 times after
 * an unexpected close (the count starts again after a successful open), stops
 * on 4001/4003, and closes normally when the screen is left.
 */
export function useChatSocket(conversationId: number, handlers: ChatSocketHandlers) {
  const [status, setStatus] = useState<ChatConnection>('connecting');
  const socketRef = useRef<WebSocket | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    // an object, so the checks after each await read the current value
    const life = { disposed: false };
    const isDisposed = (): boolean => life.disposed;
    let attempts = 0;
    let timer: number | undefined;

    const connect = async (): Promise<void> => {
      if (isDisposed()) return;
      setStatus('connecting');
      const token = await freshAccessToken();
      if (isDisposed()) return;
      if (!token) {
        handlersRef.current.onUnauthorized();
        return;
      }
      const socket = new WebSocket(socketUrl(conversationId, token));
      socketRef.current = socket;
      socket.onopen = () => {
        attempts = 0;
        setStatus('online');
        handlersRef.current.onOpen();
      };
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const frame = parseServerFrame(event.data);
        if (frame) handlersRef.current.onFrame(frame);
      };
      socket.onclose = (event: CloseEvent) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (isDisposed()) return;
        setStatus('offline');
        if (event.code === CHAT_SOCKET_CLOSE_UNAUTHORIZED) {
          handlersRef.current.onUnauthorized();
          return;
        }
        if (event.code === CHAT_SOCKET_CLOSE_FORBIDDEN) {
          handlersRef.current.onForbidden();
          return;
        }
        if (attempts >= CHAT_RECONNECT_MAX_ATTEMPTS) return;
        attempts += 1;
        timer = window.setTimeout(() => void connect(), CHAT_RECONNECT_DELAY_MS);
      };
    };

    void connect();
    return () => {
      life.disposed = true;
      window.clearTimeout(timer);
      const socket = socketRef.current;
      socketRef.current = null;
      socket?.close(1000, 'Leaving the chat');
    };
  }, [conversationId]);

  /** Sends a frame; false when the socket is not open. */
  const send = useCallback((frame: ClientFrame): boolean => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  return { status, send };
}
