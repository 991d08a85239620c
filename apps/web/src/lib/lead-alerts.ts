import { leadAlertText } from '@gurumatch/shared/alert-text';
import type { LeadAlertEnquiry } from '@gurumatch/shared/alerts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';

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

/**
 * Keeps this tab's alert socket open while `enabled` (a signed-in tutor). The
 * socket and the frame's schema load only then, so no other visitor's page
 * carries them (`lead-alert-socket.ts`).
 */
export function useLeadAlertSocket(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let close: (() => void) | undefined;
    let disposed = false;
    void import('./lead-alert-socket.ts').then(({ openLeadAlertSocket }) => {
      if (!disposed) close = openLeadAlertSocket(receiveLeadAlert);
    });
    return () => {
      disposed = true;
      close?.();
    };
  }, [enabled]);
}
