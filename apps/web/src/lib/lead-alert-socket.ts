import { parseLeadAlertFrame, type LeadAlertEnquiry } from '@gurumatch/shared/alerts';

import { refreshSession } from './api.ts';
import { getSession } from './auth-session.ts';
import { afterSocketClose, SOCKET_RECONNECT_DELAY_MS } from './socket-close.ts';

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/alerts/?token=${encodeURIComponent(token)}`;
}

/**
 * Opens this tab's alert socket and hands every alert it hears to `receive`;
 * reconnects like the chat socket (every 3 s, up to 5 times after an
 * unexpected close), refreshes the token once after a 4001, and stops on
 * 4003 and 4008. Returns what closes it for good.
 */
export function openLeadAlertSocket(receive: (enquiry: LeadAlertEnquiry) => void): () => void {
  const life = { disposed: false };
  let socket: WebSocket | null = null;
  let attempts = 0;
  let timer: number | undefined;
  let refreshed = false;

  const connect = (): void => {
    const token = getSession()?.tokens.access;
    if (life.disposed || !token) return;
    const opened = new WebSocket(socketUrl(token));
    socket = opened;
    opened.onopen = () => {
      attempts = 0;
      refreshed = false;
    };
    opened.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const frame = parseLeadAlertFrame(event.data);
      if (frame) receive(frame.enquiry);
    };
    opened.onclose = (event: CloseEvent) => {
      if (life.disposed) return;
      const next = afterSocketClose(event.code, { attempts, renewed: refreshed });
      if (next === 'renew') {
        refreshed = true;
        void refreshSession()
          .catch(() => false)
          .then((renewed) => {
            if (renewed) connect();
          });
      } else if (next === 'retry') {
        attempts += 1;
        timer = window.setTimeout(connect, SOCKET_RECONNECT_DELAY_MS);
      }
    };
  };
  connect();
  return () => {
    life.disposed = true;
    window.clearTimeout(timer);
    socket?.close(1000);
  };
}
