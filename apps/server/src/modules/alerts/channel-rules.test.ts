import { DEFAULT_ALERT_SETTINGS } from '@gurumatch/shared/alerts';
import { describe, expect, it } from 'vitest';

import {
  channelRulesOf,
  decideDueAlerts,
  decideNewAlert,
  istDayStart,
  isQuiet,
  nextIstMinute,
  type ChannelRules,
} from './channel-rules.ts';

/** 1 March 2031 at `time` in India (UTC+05:30). */
function ist(time: string, day = 1): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2031, 2, day, hours, minutes) - 330 * 60_000);
}

const instantEmail: ChannelRules = channelRulesOf(DEFAULT_ALERT_SETTINGS, 'email', {
  unsubscribed: false,
  reachable: true,
});

describe('India’s clock', () => {
  it('finds the next time the clock reads a minute, tomorrow when it has passed', () => {
    expect(nextIstMinute(ist('22:10'), 8 * 60)).toEqual(ist('08:00', 2));
    expect(nextIstMinute(ist('07:30'), 8 * 60)).toEqual(ist('08:00'));
    expect(nextIstMinute(ist('08:00'), 8 * 60)).toEqual(ist('08:00', 2));
    expect(istDayStart(ist('00:20'))).toEqual(ist('00:00'));
    expect(istDayStart(ist('23:59'))).toEqual(ist('00:00'));
  });

  it('knows quiet hours across midnight, and none when start and end are equal', () => {
    const night = { start: 21 * 60, end: 8 * 60 };
    expect(isQuiet(ist('20:59'), night)).toBe(false);
    expect(isQuiet(ist('21:00'), night)).toBe(true);
    expect(isQuiet(ist('03:00'), night)).toBe(true);
    expect(isQuiet(ist('08:00'), night)).toBe(false);
    expect(isQuiet(ist('13:00'), { start: 12 * 60, end: 14 * 60 })).toBe(true);
    expect(isQuiet(ist('03:00'), { start: 0, end: 0 })).toBe(false);
  });
});

describe('a new alert', () => {
  it('is due at once by day, at the end of the quiet hours by night', () => {
    expect(decideNewAlert(instantEmail, false, ist('12:00'))).toEqual({
      status: 'held',
      reason: '',
      dueAt: ist('12:00'),
    });
    expect(decideNewAlert(instantEmail, false, ist('23:00'))).toEqual({
      status: 'held',
      reason: 'quiet_hours',
      dueAt: ist('08:00', 2),
    });
  });

  it('waits for the next digest once the daily cap is reached, the quiet hours first', () => {
    expect(decideNewAlert(instantEmail, false, ist('12:00'), 9)).toMatchObject({ reason: '' });
    expect(decideNewAlert(instantEmail, false, ist('12:00'), 10)).toEqual({
      status: 'held',
      reason: 'cap',
      dueAt: ist('19:00'),
    });
    expect(decideNewAlert(instantEmail, false, ist('23:00'), 10)).toMatchObject({
      reason: 'quiet_hours',
    });
    expect(decideNewAlert(instantEmail, true, ist('12:00'), 10)).toMatchObject({
      status: 'skipped',
    });
  });

  it('waits for the digest hour in the digest mode', () => {
    const digest = { ...instantEmail, mode: 'digest' as const, digestHour: 18 };
    expect(decideNewAlert(digest, false, ist('19:00'))).toEqual({
      status: 'held',
      reason: 'digest',
      dueAt: ist('18:00', 2),
    });
  });

  it('is skipped when off, unsubscribed, unreachable or already seen in the app', () => {
    const now = ist('12:00');
    expect(decideNewAlert({ ...instantEmail, mode: 'off' }, false, now)).toMatchObject({
      reason: 'off',
    });
    const unsubscribed = { ...instantEmail, mode: 'off' as const, unsubscribed: true };
    expect(decideNewAlert(unsubscribed, false, now)).toMatchObject({ reason: 'unsubscribed' });
    expect(decideNewAlert({ ...instantEmail, reachable: false }, false, now)).toMatchObject({
      reason: 'unreachable',
    });
    expect(decideNewAlert(instantEmail, true, now)).toMatchObject({ reason: 'in_app' });
  });
});

describe('alerts that are due', () => {
  const due = (count: number, reason: '' | 'cap' | 'digest' | 'quiet_hours' = '') =>
    Array.from({ length: count }, (_, index) => ({ enquiryId: index + 1, reason, closed: null }));

  it('sends up to the daily cap and puts the rest into the next digest', () => {
    const decisions = decideDueAlerts(instantEmail, due(3), 9, ist('12:00'));
    expect(decisions).toEqual([
      { enquiryId: 1, action: 'instant' },
      { enquiryId: 2, action: 'hold', reason: 'cap', dueAt: ist('19:00') },
      { enquiryId: 3, action: 'hold', reason: 'cap', dueAt: ist('19:00') },
    ]);
  });

  it('gathers digest and capped alerts into the digest, and skips closed enquiries', () => {
    const alerts = [
      { enquiryId: 1, reason: 'digest' as const, closed: null },
      { enquiryId: 2, reason: 'cap' as const, closed: null },
      { enquiryId: 3, reason: 'digest' as const, closed: 'full' },
    ];
    expect(decideDueAlerts(instantEmail, alerts, 10, ist('19:00'))).toEqual([
      { enquiryId: 1, action: 'digest' },
      { enquiryId: 2, action: 'digest' },
      { enquiryId: 3, action: 'skip', reason: 'full' },
    ]);
  });

  it('holds an instant alert again when the quiet hours began, and skips it once turned off', () => {
    expect(decideDueAlerts(instantEmail, due(1), 0, ist('21:30'))).toEqual([
      { enquiryId: 1, action: 'hold', reason: 'quiet_hours', dueAt: ist('08:00', 2) },
    ]);
    const off = { ...instantEmail, mode: 'off' as const };
    expect(decideDueAlerts(off, due(1, 'quiet_hours'), 0, ist('08:00'))).toEqual([
      { enquiryId: 1, action: 'skip', reason: 'off' },
    ]);
  });
});
