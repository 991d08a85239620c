import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday'; under a minute, or an unreadable time, 'Just now'. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return CHAT_MESSAGES.justNow;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return CHAT_MESSAGES.justNow;
  const seconds = Math.round((time - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return CHAT_MESSAGES.justNow;
}
