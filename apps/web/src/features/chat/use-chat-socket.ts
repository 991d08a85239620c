import {
  parseServerFrame,
  type ClientFrame,
  type ServerFrame,
} from '@gurumatch/shared/chat-events';
import { useCallback, useEffect, useRef, useState } from 'react';

import { refreshSession } from '../../lib/api.ts';
import { decodeAccessToken, getSession } from '../../lib/auth-session.ts';
import { afterSocketClose, SOCKET_RECONNECT_DELAY_MS } from '../../lib/socket-close.ts';

export type ChatConnection = 'connecting' | 'online' | 'offline';

export interface ChatSocketHandlers {
  onFrame: (frame: ServerFrame) => void;
  /** Every successful (re)connection: the place to fetch what was missed. */
  onOpen: () => void;
  /** Close code 4001 and the token could not be refreshed: the session is over. */
  onUnauthorized: () => void;
  /** Close code 4003: not a participant. */
  onForbidden: () => void;
}

/**
 * Renew the access token this long before it expires: before (re)connecting,
 * and for an open socket, which is then sent the new token (an `auth` frame).
 */
const TOKEN_MARGIN_MS = 30_000;
/** A renewal that did not happen (the network) is tried again this much later. */
const RENEW_RETRY_MS = 5_000;

async function freshAccessToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.user.exp * 1000 - Date.now() <= TOKEN_MARGIN_MS) {
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
 * on 4003 and 4008 (the user opened too many elsewhere), and closes normally
 * when the screen is left. The server closes a socket with 4001 when its token
 * expires: before that, the token is refreshed and sent over the open socket;
 * after a 4001 all the same, the token is refreshed once and the socket opened
 * again at once without showing a disconnect. Only when that fails is the
 * session over (decision 043).
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
    let renewTimer: number | undefined;
    /** Whether the token was already refreshed after a 4001 since the last open. */
    let renewedAfterRefusal = false;

    /** Sends the open socket a fresh token before the one it lives on expires. */
    const watchToken = (socket: WebSocket, expiresAt: number): void => {
      window.clearTimeout(renewTimer);
      const wait = Math.max(0, expiresAt - TOKEN_MARGIN_MS - Date.now());
      renewTimer = window.setTimeout(() => {
        void freshAccessToken().then((token) => {
          if (isDisposed() || socketRef.current !== socket) return;
          const renewedUntil = token ? (decodeAccessToken(token)?.exp ?? 0) * 1000 : 0;
          if (token && renewedUntil > expiresAt && socket.readyState === WebSocket.OPEN) {
            socket.send(JSON.stringify({ type: 'auth', token } satisfies ClientFrame));
            watchToken(socket, renewedUntil);
          } else if (getSession() && Date.now() < expiresAt) {
            renewTimer = window.setTimeout(() => {
              watchToken(socket, expiresAt);
            }, RENEW_RETRY_MS);
          }
        });
      }, wait);
    };

    const connect = async (silently = false): Promise<void> => {
      if (isDisposed()) return;
      if (!silently) setStatus('connecting');
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
        renewedAfterRefusal = false;
        setStatus('online');
        watchToken(socket, (decodeAccessToken(token)?.exp ?? 0) * 1000);
        handlersRef.current.onOpen();
      };
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const frame = parseServerFrame(event.data);
        if (frame) handlersRef.current.onFrame(frame);
      };
      socket.onclose = (event: CloseEvent) => {
        if (socketRef.current === socket) socketRef.current = null;
        window.clearTimeout(renewTimer);
        if (isDisposed()) return;
        const next = afterSocketClose(event.code, { attempts, renewed: renewedAfterRefusal });
        if (next === 'unauthorized') {
          setStatus('offline');
          handlersRef.current.onUnauthorized();
          return;
        }
        if (next === 'renew') {
          // the token ran out (or the session ended): one refresh decides
          renewedAfterRefusal = true;
          void refreshSession()
            .catch(() => false)
            .then((renewed) => {
              if (isDisposed()) return;
              if (renewed) {
                void connect(true);
                return;
              }
              setStatus('offline');
              handlersRef.current.onUnauthorized();
            });
          return;
        }
        setStatus('offline');
        if (next === 'forbidden') {
          handlersRef.current.onForbidden();
          return;
        }
        // another window of the user took this one's place (opening again would close
        // that one), or the retries ran out
        if (next === 'stop') return;
        attempts += 1;
        timer = window.setTimeout(() => void connect(), SOCKET_RECONNECT_DELAY_MS);
      };
    };

    void connect();
    return () => {
      life.disposed = true;
      window.clearTimeout(timer);
      window.clearTimeout(renewTimer);
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
