/**
 * What happens to a lead alert on WhatsApp or e-mail, decided from the
 * tutor's settings and the time alone (no I/O), so every rule is tested with
 * the time it names. Times of day are India Standard Time.
 */
import {
  IST_OFFSET_MINUTES,
  type AlertMode,
  type AlertSettingsBody,
  type MessageChannel,
} from '@gurumatch/shared/alerts';

import { MINUTE_MS } from '../../lib/time.ts';

const DAY_MINUTES = 24 * 60;

/** Minutes since midnight in India at `now`. */
export function istMinuteOfDay(now: Date): number {
  const minutes = Math.floor(now.getTime() / MINUTE_MS) + IST_OFFSET_MINUTES;
  return ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** 'HH:MM' → minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** minutes since midnight → 'HH:MM'. */
export function timeOf(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The first moment after `now` (to the minute) when India's clock reads `minute`. */
export function nextIstMinute(now: Date, minute: number): Date {
  const current = istMinuteOfDay(now);
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  let wait = (minute - current + DAY_MINUTES) % DAY_MINUTES;
  if (wait === 0) wait = DAY_MINUTES;
  return new Date(startOfMinute + wait * MINUTE_MS);
}

/** Midnight in India of `now`'s day: the daily cap counts from here. */
export function istDayStart(now: Date): Date {
  const startOfMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(startOfMinute - istMinuteOfDay(now) * MINUTE_MS);
}

export interface QuietHours {
  /** Minutes since midnight (IST); start = end: none. */
  start: number;
  end: number;
}

/** Whether `now` falls inside the quiet hours (which may span midnight). */
export function isQuiet(now: Date, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  const minute = istMinuteOfDay(now);
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** One channel's rules for one tutor. */
export interface ChannelRules {
  mode: AlertMode;
  digestHour: number;
  /** The channel was turned off from an unsubscribe link. */
  unsubscribed: boolean;
  /** Somewhere to send to (a verified phone for WhatsApp, a provider template). */
  reachable: boolean;
  quiet: QuietHours;
  dailyCap: number;
}

export function channelRulesOf(
  settings: AlertSettingsBody,
  channel: MessageChannel,
  extra: { unsubscribed: boolean; reachable: boolean },
): ChannelRules {
  const own = settings[channel];
  return {
    mode: own.mode,
    digestHour: own.digest_hour,
    quiet: {
      start: minutesOf(settings.quiet_hours.start),
      end: minutesOf(settings.quiet_hours.end),
    },
    dailyCap: settings.daily_cap,
    ...extra,
  };
}

/** Why a held alert waits: '' an instant one due now, or the quiet hours, the digest, the cap. */
export type HeldReason = '' | 'quiet_hours' | 'digest' | 'cap';

export type NewAlertDecision =
  | { status: 'held'; reason: HeldReason; dueAt: Date }
  | { status: 'skipped'; reason: 'off' | 'unsubscribed' | 'unreachable' | 'in_app' };

/** When a channel's digest goes out next. */
export function nextDigestAt(now: Date, rules: Pick<ChannelRules, 'digestHour'>): Date {
  return nextIstMinute(now, rules.digestHour * 60);
}

/**
 * A new enquiry fits the tutor: what this channel does with it. A tutor who
 * saw it in the app (an open alert tab) needs no message. `sentToday` is the
 * instant alerts of the channel already sent to the tutor today: at the daily
 * cap, the alert waits for the next digest at once.
 */
export function decideNewAlert(
  rules: ChannelRules,
  seenInApp: boolean,
  now: Date,
  sentToday = 0,
): NewAlertDecision {
  if (rules.mode === 'off') {
    return { status: 'skipped', reason: rules.unsubscribed ? 'unsubscribed' : 'off' };
  }
  if (!rules.reachable) return { status: 'skipped', reason: 'unreachable' };
  if (seenInApp) return { status: 'skipped', reason: 'in_app' };
  if (rules.mode === 'digest') {
    return { status: 'held', reason: 'digest', dueAt: nextDigestAt(now, rules) };
  }
  if (isQuiet(now, rules.quiet)) {
    return { status: 'held', reason: 'quiet_hours', dueAt: nextIstMinute(now, rules.quiet.end) };
  }
  if (sentToday >= rules.dailyCap) {
    return { status: 'held', reason: 'cap', dueAt: nextDigestAt(now, rules) };
  }
  return { status: 'held', reason: '', dueAt: now };
}

/** A held alert whose time has come, with why it was held. */
export interface DueAlert {
  enquiryId: number;
  reason: HeldReason;
  /** Why the enquiry is no longer alerted (archived, expired, full…), or null while live. */
  closed: string | null;
}

export type DueDecision =
  | { enquiryId: number; action: 'instant' }
  | { enquiryId: number; action: 'digest' }
  | { enquiryId: number; action: 'hold'; reason: HeldReason; dueAt: Date }
  | { enquiryId: number; action: 'skip'; reason: string };

/**
 * The tutor's due alerts on one channel, at `now`, with `sentToday` instant
 * alerts already sent today: each goes out at once, into the digest sent now,
 * back to wait (the quiet hours began, or the cap is reached: the next
 * digest), or is skipped (the enquiry closed, the channel was turned off).
 */
export function decideDueAlerts(
  rules: ChannelRules,
  due: readonly DueAlert[],
  sentToday: number,
  now: Date,
): DueDecision[] {
  let sent = sentToday;
  return due.map((alert): DueDecision => {
    const { enquiryId } = alert;
    if (alert.closed !== null) return { enquiryId, action: 'skip', reason: alert.closed };
    if (rules.mode === 'off') {
      return { enquiryId, action: 'skip', reason: rules.unsubscribed ? 'unsubscribed' : 'off' };
    }
    if (!rules.reachable) return { enquiryId, action: 'skip', reason: 'unreachable' };
    if (alert.reason === 'digest' || alert.reason === 'cap') return { enquiryId, action: 'digest' };
    if (rules.mode === 'digest') {
      return { enquiryId, action: 'hold', reason: 'digest', dueAt: nextDigestAt(now, rules) };
    }
    if (isQuiet(now, rules.quiet)) {
      const dueAt = nextIstMinute(now, rules.quiet.end);
      return { enquiryId, action: 'hold', reason: 'quiet_hours', dueAt };
    }
    if (sent >= rules.dailyCap) {
      return { enquiryId, action: 'hold', reason: 'cap', dueAt: nextDigestAt(now, rules) };
    }
    sent += 1;
    return { enquiryId, action: 'instant' };
  });
}
