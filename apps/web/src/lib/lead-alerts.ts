import {
  leadAlertText,
  parseLeadAlertFrame,
  type LeadAlertEnquiry,
} from '@gurumatch/shared/alerts';
import {
  CHAT_RECONNECT_DELAY_MS,
  CHAT_RECONNECT_MAX_ATTEMPTS,
  CHAT_SOCKET_CLOSE_FORBIDDEN,
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

import { refreshSession } from './api.ts';
import { getSession } from './auth-session.ts';

/**
 * New enquiries a signed-in tutor's tab heard of (issue 23), newest first,
 * not yet shown: the feed and the dashboard announce them and insert them on
 * tap, the menu counts them. One store per tab, fed by one socket.
 */
interface LeadAlertState {
  pending: readonly LeadAlertEnquiry[];
  /** The line screen readers last heard ("New enquiry near you: …"). */
  announcement: string;
}

const EMPTY: LeadAlertState = { pending: [], announcement: '' };
let state: LeadAlertState = EMPTY;
const listeners = new Set<() => void>();
/** Enquiries already heard of in this tab: a reconnection never counts one twice. */
const heard = new Set<number>();

function update(next: LeadAlertState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** A new enquiry heard of: counted and announced once. */
export function receiveLeadAlert(enquiry: LeadAlertEnquiry): void {
  if (heard.has(enquiry.id)) return;
  heard.add(enquiry.id);
  update({ pending: [enquiry, ...state.pending], announcement: leadAlertText(enquiry) });
}

/** Hands over the pending alerts (the user tapped to see them) and clears the count. */
export function takeLeadAlerts(): LeadAlertEnquiry[] {
  const taken = [...state.pending];
  update({ ...state, pending: [] });
  return taken;
}

/** Forgets everything (sign-out, and between tests). */
export function resetLeadAlerts(): void {
  heard.clear();
  update(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending alerts and the last announcement, and `take` to show them. */
export function useLeadAlerts() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
  const take = useCallback(() => takeLeadAlerts(), []);
  return { ...current, take };
}

function socketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/alerts/?token=${encodeURIComponent(token)}`;
}

/**
 * Keeps this tab's alert socket open while `enabled` (a signed-in tutor):
 * reconnects like the chat socket (every 3 s, up to 5 times after an
 * unexpected close), refreshes the token once after a 4001, and stops on
 * 4003 and 4008.
 */
export function useLeadAlertSocket(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
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
        if (frame) receiveLeadAlert(frame.enquiry);
      };
      opened.onclose = (event: CloseEvent) => {
        if (life.disposed) return;
        if (event.code === CHAT_SOCKET_CLOSE_UNAUTHORIZED) {
          if (refreshed) return;
          refreshed = true;
          void refreshSession()
            .catch(() => false)
            .then((renewed) => {
              if (renewed) connect();
            });
          return;
        }
        if (event.code === CHAT_SOCKET_CLOSE_FORBIDDEN) return;
        if (event.code === CHAT_SOCKET_CLOSE_TOO_MANY) return;
        if (attempts >= CHAT_RECONNECT_MAX_ATTEMPTS) return;
        attempts += 1;
        timer = window.setTimeout(connect, CHAT_RECONNECT_DELAY_MS);
      };
    };
    connect();
    return () => {
      life.disposed = true;
      window.clearTimeout(timer);
      socket?.close(1000);
    };
  }, [enabled]);
}
