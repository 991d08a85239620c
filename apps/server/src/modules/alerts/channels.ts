/**
 * Lead alerts by WhatsApp and e-mail (issue 23, part 2). A few seconds after
 * the in-app alerts went out, one job per enquiry records, for each tutor told
 * and each channel, what the tutor's settings make of it: skipped (the
 * channel is off, the tutor saw it in an open tab, no verified phone), or
 * held until its time (the end of the quiet hours, the digest hour, the next
 * digest once the daily cap is reached), or, for an instant alert, sent: the
 * decision records it sent under the tutor's lock and stores, in the same
 * transaction, the job that sends it, once. Held alerts are sent by one job per
 * channel and batch of tutors, instant ones up to the daily cap and the rest
 * in one digest, claiming the rows in a transaction first so that nothing goes
 * out twice; a sweep every minute asks for the tutors whose held alerts fell
 * due.
 */
import {
  CHANNEL_NAMES,
  DEFAULT_ALERT_SETTINGS,
  leadAlertText,
  MESSAGE_CHANNELS,
  UNSUBSCRIBE_PATH,
  type AlertSettings,
  type AlertSettingsBody,
  type LeadAlertEnquiry,
  type MessageChannel,
  type Unsubscribed,
} from '@gurumatch/shared/alerts';
import { encodeHtmlText } from '@gurumatch/shared/html-entities';
import { ALERT_MESSAGES } from '@gurumatch/shared/messages/alerts';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { againIfRaced } from '../../db/races.ts';
import { AppError } from '../../errors.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { sweepJob } from '../../lib/sweep-job.ts';

import { closedReason, leadAlertEnquiryOf } from './alert-enquiry.ts';
import {
  channelRulesOf,
  decideDueAlerts,
  decideNewAlert,
  istDayStart,
  minutesOf,
  timeOf,
  type ChannelRules,
  type DueDecision,
  type HeldReason,
  type NewAlertDecision,
} from './channel-rules.ts';
import {
  claimChannelAlerts,
  countInstantSent,
  findAlertContacts,
  findAlertEnquiry,
  findAlertSettingsOf,
  lockDueAlerts,
  lockTutorMessages,
  selectChannelTargets,
  selectDueTutors,
  updateChannelAlerts,
  upsertAlertSettings,
  type AlertContactRow,
  type AlertEnquiryRow,
  type AlertSettingsRow,
  type ChannelAlertChange,
  type ChannelAlertRow,
  type ChannelTargetRow,
  type DueAlertRow,
} from './queries.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

export const CHANNEL_ALERTS_JOB = 'lead-alerts.channels';
export const CHANNEL_MESSAGES_JOB = 'lead-alerts.messages';
export const CHANNEL_SWEEP_JOB = 'lead-alerts.sweep';

/**
 * Finding and recording an enquiry's alerts is mostly the database's work
 * (about 200 rows a channel): a worker does one enquiry's at a time, so that
 * the alerts never take more than one connection's worth of the database
 * from the requests, whatever the rate of posts (decision 057).
 */
export const LEAD_ALERTS_LANE = 'lead-alerts';

/**
 * An idle worker looks for the lane's jobs this often (the queue's shortest).
 * For the in-app alerts it is most of the wait to a tutor. The decisions poll
 * as often: at the queue's default of 2 s a worker took ten of them at once and
 * ran them back to back, some 80 ms of a database process's statements every
 * 2 s, which the posts of that moment and the in-app alerts queued in the lane
 * behind them waited for (decision 057).
 */
export const LEAD_ALERTS_POLL_SECONDS = 0.5;

/** A kind joins the alerts' lane with both: a job of the lane is looked for as often as the others. */
export const IN_LEAD_ALERTS_LANE = {
  lane: LEAD_ALERTS_LANE,
  pollingIntervalSeconds: LEAD_ALERTS_POLL_SECONDS,
} as const;

/**
 * The channels wait this long after the in-app alerts: long enough for every
 * instance to say which tutors saw the alert in an open tab.
 */
export const CHANNEL_DELAY_SECONDS = 3;
/** Tutors and channels the sweep asks for at most a minute (the rest the next minute). */
const SWEEP_BATCH = 1_000;
/** Tutors one messages job sends to at most. */
const MESSAGES_BATCH = 100;

// ---------------------------------------------------------------------------
// Settings

function settingsOf(row: AlertSettingsRow | null): AlertSettingsBody {
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return {
    whatsapp: { mode: row.whatsapp_mode, digest_hour: row.whatsapp_digest_hour },
    email: { mode: row.email_mode, digest_hour: row.email_digest_hour },
    quiet_hours: { start: timeOf(row.quiet_start_minute), end: timeOf(row.quiet_end_minute) },
    daily_cap: row.daily_cap,
  };
}

function rowOf(
  settings: AlertSettingsBody,
  unsubscribed: Record<MessageChannel, Date | null>,
): AlertSettingsRow {
  return {
    whatsapp_mode: settings.whatsapp.mode,
    whatsapp_digest_hour: settings.whatsapp.digest_hour,
    // the mark of an unsubscribe link stays only while the channel stays off
    whatsapp_unsubscribed_at: settings.whatsapp.mode === 'off' ? unsubscribed.whatsapp : null,
    email_mode: settings.email.mode,
    email_digest_hour: settings.email.digest_hour,
    email_unsubscribed_at: settings.email.mode === 'off' ? unsubscribed.email : null,
    quiet_start_minute: minutesOf(settings.quiet_hours.start),
    quiet_end_minute: minutesOf(settings.quiet_hours.end),
    daily_cap: settings.daily_cap,
  };
}

function unsubscribedOf(row: AlertSettingsRow | null): Record<MessageChannel, Date | null> {
  return {
    whatsapp: row?.whatsapp_unsubscribed_at ?? null,
    email: row?.email_unsubscribed_at ?? null,
  };
}

/** A tutor's stored settings (null until saved) and where their messages go (null: no such user). */
async function alertStateOf(ctx: AppContext, tutorId: number) {
  const [settings, contacts] = await Promise.all([
    findAlertSettingsOf(ctx.db, [tutorId]),
    findAlertContacts(ctx.db, [tutorId]),
  ]);
  return { stored: settings.get(tutorId) ?? null, contact: contacts.get(tutorId) ?? null };
}

/** `GET /api/alerts/settings/`: the tutor's settings (the defaults until saved). */
export async function getAlertSettings(ctx: AppContext, tutorId: number): Promise<AlertSettings> {
  const { stored, contact } = await alertStateOf(ctx, tutorId);
  return {
    ...settingsOf(stored),
    whatsapp_to: contact?.phone ?? null,
    email_to: contact?.email ?? '',
  };
}

/** `PUT /api/alerts/settings/`: replaces the tutor's settings. */
export async function saveAlertSettings(
  ctx: AppContext,
  tutorId: number,
  settings: AlertSettingsBody,
): Promise<AlertSettings> {
  const { stored } = await alertStateOf(ctx, tutorId);
  await upsertAlertSettings(ctx.db, tutorId, rowOf(settings, unsubscribedOf(stored)), ctx.now());
  return getAlertSettings(ctx, tutorId);
}

/** The link a message carries to turn its channel off, without signing in. */
export function unsubscribeLinkOf(ctx: AppContext, tutorId: number, channel: MessageChannel) {
  const token = signUnsubscribeToken(ctx.config.jwtSecret, tutorId, channel);
  return `${ctx.config.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** `POST /api/alerts/unsubscribe/`: the channel a signed link names is turned off. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<Unsubscribed> {
  const named = verifyUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!named) throw new AppError(400, 'invalid_link', ALERT_MESSAGES.unsubscribeLinkInvalid);
  const { stored, contact } = await alertStateOf(ctx, named.tutorId);
  if (!contact) throw new AppError(400, 'invalid_link', ALERT_MESSAGES.unsubscribeLinkInvalid);
  const settings = settingsOf(stored);
  const unsubscribed = unsubscribedOf(stored);
  unsubscribed[named.channel] ??= ctx.now();
  const next = { ...settings, [named.channel]: { ...settings[named.channel], mode: 'off' } };
  await upsertAlertSettings(ctx.db, named.tutorId, rowOf(next, unsubscribed), ctx.now());
  return { channel: named.channel };
}

// ---------------------------------------------------------------------------
// Deciding, per enquiry

function isReachable(ctx: AppContext, channel: MessageChannel, hasPhone: boolean): boolean {
  return channel === 'email' || (hasPhone && ctx.otp.canNotify('lead_alert'));
}

/** What a tutor's stored settings (null: never saved) make of one channel. */
function rulesOf(
  ctx: AppContext,
  stored: AlertSettingsRow | null,
  channel: MessageChannel,
  hasPhone: boolean,
): ChannelRules {
  return channelRulesOf(settingsOf(stored), channel, {
    unsubscribed: unsubscribedOf(stored)[channel] !== null,
    reachable: isReachable(ctx, channel, hasPhone),
  });
}

/** After the in-app alerts: one job per enquiry decides its WhatsApp and e-mail alerts. */
export async function queueChannelAlerts(ctx: AppContext, enquiryId: number): Promise<void> {
  await ctx.jobs.enqueue(
    ctx.db,
    CHANNEL_ALERTS_JOB,
    { enquiry_id: enquiryId },
    { key: String(enquiryId), startAfterSeconds: CHANNEL_DELAY_SECONDS },
  );
}

/** A tutor told in the app, a message channel, and the tutor's rules on it. */
interface RuledTarget {
  target: ChannelTargetRow;
  channel: MessageChannel;
  rules: ChannelRules;
}

function isDueNow(decision: NewAlertDecision, now: Date): boolean {
  return decision.status === 'held' && decision.dueAt <= now;
}

/**
 * The instant alerts sent today on each channel to these tutors, whose new
 * alert on it would go out now. A tutor already at the daily cap then waits
 * for the digest from the start. Under the tutors' locks the count is exact;
 * for a tutor another job holds, the messages job counts again before it sends.
 */
async function sentTodayOf(
  db: Queryable,
  dueNow: readonly RuledTarget[],
  now: Date,
): Promise<Record<MessageChannel, Map<number, number>>> {
  const counts = { whatsapp: new Map<number, number>(), email: new Map<number, number>() };
  for (const channel of MESSAGE_CHANNELS) {
    const tutorIds = dueNow
      .filter((each) => each.channel === channel)
      .map((each) => each.target.tutor_id);
    if (tutorIds.length > 0) {
      counts[channel] = await countInstantSent(db, tutorIds, channel, istDayStart(now));
    }
  }
  return counts;
}

/**
 * Records, for every tutor told of the enquiry in the app and each message
 * channel, what the tutor's settings make of it, and asks for the messages due
 * now, all in one transaction. An instant alert of a tutor whose lock it takes
 * is recorded sent at once and goes out from the job it stores (decision 057:
 * no row is claimed and rewritten a second time); one whose tutor another job
 * is sending to is held, due now, for a messages job of that tutor. A retry
 * records nothing twice and asks for nothing twice.
 */
export async function decideChannelAlerts(
  ctx: AppContext,
  enquiryId: number,
): Promise<ChannelAlertRow[]> {
  const enquiry = await findAlertEnquiry(ctx.db, enquiryId);
  if (!enquiry) return [];
  const now = ctx.now();
  const closed = closedReason(enquiry, now);
  const targets = await selectChannelTargets(ctx.db, enquiryId);
  const ruled = targets.flatMap((target) => {
    const row = target.has_settings ? (target as AlertSettingsRow) : null;
    return MESSAGE_CHANNELS.map((channel): RuledTarget => ({
      target,
      channel,
      rules: rulesOf(ctx, row, channel, target.has_phone),
    }));
  });
  const dueNow =
    closed === null
      ? ruled.filter((each) =>
          isDueNow(decideNewAlert(each.rules, each.target.seen_in_app, now), now),
        )
      : [];
  // `db`: the transaction, or with nothing due now the database itself
  const decide = async (db: Queryable): Promise<ChannelAlertRow[]> => {
    const dueTutors = [...new Set(dueNow.map((each) => each.target.tutor_id))];
    const locked = new Set(dueTutors.length === 0 ? [] : await lockTutorMessages(db, dueTutors));
    const sentToday = await sentTodayOf(db, dueNow, now);
    const alerts = ruled.map(({ target, channel, rules }): ChannelAlertRow => {
      const sent = sentToday[channel].get(target.tutor_id) ?? 0;
      const decision =
        closed === null
          ? decideNewAlert(rules, target.seen_in_app, now, sent)
          : { status: 'skipped' as const, reason: closed };
      const row = {
        tutor_id: target.tutor_id,
        channel,
        reason: decision.reason,
        distance_km: target.distance_km,
      };
      if (decision.status !== 'held') {
        return { ...row, status: decision.status, due_at: null, sent_at: null };
      }
      if (isDueNow(decision, now) && locked.has(target.tutor_id)) {
        return { ...row, status: 'sent', due_at: null, sent_at: now };
      }
      return { ...row, status: 'held', due_at: decision.dueAt, sent_at: null };
    });
    const claimed = await claimChannelAlerts(db, enquiryId, alerts);
    const key = `enquiry-${String(enquiryId)}`;
    for (const channel of MESSAGE_CHANNELS) {
      const own = claimed.filter((alert) => alert.channel === channel);
      const sending = own.filter((alert) => alert.status === 'sent');
      await queueInstantMessages(db, ctx, { channel, enquiryId, alerts: sending, key });
      const held = own.filter(
        (alert) => alert.status === 'held' && alert.due_at && alert.due_at <= now,
      );
      const tutorIds = held.map((alert) => alert.tutor_id);
      await queueChannelMessages(ctx, channel, tutorIds, `${key}:held`, db);
    }
    return claimed;
  };
  // with nothing due now (the quiet hours, the digests) the rows are all there is to store;
  // a decision recording the same alerts at the same moment: decide again, recording none
  return againIfRaced(() => (dueNow.length === 0 ? decide(ctx.db) : ctx.db.transaction(decide)));
}

// ---------------------------------------------------------------------------
// Sending, per channel and batch of tutors

export interface ChannelMessagesJob {
  channel: MessageChannel;
  tutor_ids: number[];
}

/** A messages job stored before jobs took batches of tutors: one tutor. */
interface SingleTutorMessagesJob {
  channel: MessageChannel;
  tutor_id: number;
}

/** Either shape of stored messages job, as a batch (a deploy finds older jobs waiting). */
export function messagesJobOf(
  job: ChannelMessagesJob | SingleTutorMessagesJob,
): ChannelMessagesJob {
  return 'tutor_ids' in job ? job : { channel: job.channel, tutor_ids: [job.tutor_id] };
}

/**
 * Instant alerts of one enquiry that its decision recorded sent: the job only
 * sends them, once. Each tutor with the distance the card shows.
 */
export interface InstantMessagesJob {
  channel: MessageChannel;
  enquiry_id: number;
  /** [tutor id, km from the tutor's address or null] */
  tutors: [number, number | null][];
}

type StoredMessagesJob = ChannelMessagesJob | SingleTutorMessagesJob | InstantMessagesJob;

/** Asks for the messages of these tutors, in batches; `key` names the asker (a retry asks once). */
async function queueChannelMessages(
  ctx: AppContext,
  channel: MessageChannel,
  tutorIds: readonly number[],
  key: string,
  db: Queryable = ctx.db,
): Promise<void> {
  for (let start = 0; start < tutorIds.length; start += MESSAGES_BATCH) {
    const job: ChannelMessagesJob = {
      channel,
      tutor_ids: tutorIds.slice(start, start + MESSAGES_BATCH),
    };
    await ctx.jobs.enqueue(db, CHANNEL_MESSAGES_JOB, job, {
      key: `${key}:${channel}:${String(start)}`,
    });
  }
}

/** Stores, in the decision's transaction, the jobs that send the alerts it recorded sent. */
async function queueInstantMessages(
  tx: Queryable,
  ctx: AppContext,
  batch: {
    channel: MessageChannel;
    enquiryId: number;
    alerts: readonly ChannelAlertRow[];
    key: string;
  },
): Promise<void> {
  const { channel, enquiryId, alerts, key } = batch;
  for (let start = 0; start < alerts.length; start += MESSAGES_BATCH) {
    const job: InstantMessagesJob = {
      channel,
      enquiry_id: enquiryId,
      tutors: alerts
        .slice(start, start + MESSAGES_BATCH)
        .map((alert) => [alert.tutor_id, alert.distance_km]),
    };
    await ctx.jobs.enqueue(tx, CHANNEL_MESSAGES_JOB, job, {
      key: `${key}:${channel}:${String(start)}`,
    });
  }
}

/** The sweep: jobs for the tutors and channels with alerts due (held ones whose time came). */
export async function queueDueChannelMessages(ctx: AppContext): Promise<number> {
  const due = await selectDueTutors(ctx.db, ctx.now(), SWEEP_BATCH);
  for (const channel of MESSAGE_CHANNELS) {
    const tutorIds = due.filter((row) => row.channel === channel).map((row) => row.tutor_id);
    // keyed by the first tutor: a batch still waiting from the last minute is not asked twice
    await queueChannelMessages(ctx, channel, tutorIds, `due-${String(tutorIds[0] ?? 0)}`);
  }
  return due.length;
}

interface Outgoing {
  tutorId: number;
  instant: LeadAlertEnquiry[];
  digest: LeadAlertEnquiry[];
}

/** What the decisions of one tutor's due alerts change, and what is to be sent. */
function outgoingOf(
  tutorId: number,
  rows: readonly DueAlertRow[],
  decisions: readonly DueDecision[],
  now: Date,
): { changes: ChannelAlertChange[]; outgoing: Outgoing } {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = (id: number): LeadAlertEnquiry[] => {
    const row = byId.get(id);
    return row ? [leadAlertEnquiryOf(row, row.distance_km)] : [];
  };
  const changes = decisions.map((decision): ChannelAlertChange => {
    const base = { tutor_id: tutorId, enquiry_id: decision.enquiryId };
    switch (decision.action) {
      case 'instant':
        return { ...base, status: 'sent', reason: '', due_at: null, sent_at: now };
      case 'digest':
        return { ...base, status: 'sent', reason: 'digest', due_at: null, sent_at: now };
      case 'hold':
        return {
          ...base,
          status: 'held',
          reason: decision.reason,
          due_at: decision.dueAt,
          sent_at: null,
        };
      case 'skip':
        return { ...base, status: 'skipped', reason: decision.reason, due_at: null, sent_at: null };
    }
  });
  const idsOf = (action: DueDecision['action']) =>
    decisions.filter((d) => d.action === action).map((d) => d.enquiryId);
  return {
    changes,
    outgoing: {
      tutorId,
      instant: idsOf('instant').flatMap(shown),
      digest: idsOf('digest').flatMap(shown),
    },
  };
}

/**
 * Claims, in one transaction, the due alerts of the job's tutors on its channel
 * (those no other job is sending to), marking each sent, held again or
 * skipped; answers what is to be sent to each tutor.
 */
async function claimDueAlerts(
  ctx: AppContext,
  job: ChannelMessagesJob,
  contacts: ReadonlyMap<number, AlertContactRow>,
  now: Date,
): Promise<Outgoing[]> {
  return ctx.db.transaction(async (tx) => {
    const tutorIds = await lockTutorMessages(
      tx,
      job.tutor_ids.filter((id) => contacts.has(id)),
    );
    const rows = tutorIds.length === 0 ? [] : await lockDueAlerts(tx, tutorIds, job.channel, now);
    if (rows.length === 0) return [];
    // the rows come ordered by tutor: each tutor's own, oldest first
    const rowsOf = new Map<number, DueAlertRow[]>();
    for (const row of rows) rowsOf.set(row.tutor_id, [...(rowsOf.get(row.tutor_id) ?? []), row]);
    const dueTutors = [...rowsOf.keys()];
    const stored = await findAlertSettingsOf(tx, dueTutors);
    const sentToday = await countInstantSent(tx, dueTutors, job.channel, istDayStart(now));
    const changes: ChannelAlertChange[] = [];
    const outgoing: Outgoing[] = [];
    for (const [tutorId, own] of rowsOf) {
      const hasPhone = contacts.get(tutorId)?.phone != null;
      const rules = rulesOf(ctx, stored.get(tutorId) ?? null, job.channel, hasPhone);
      const due = own.map((row) => ({
        enquiryId: row.id,
        reason: row.reason as HeldReason,
        closed: closedReason(row, now),
      }));
      const decided = outgoingOf(
        tutorId,
        own,
        decideDueAlerts(rules, due, sentToday.get(tutorId) ?? 0, now),
        now,
      );
      changes.push(...decided.changes);
      outgoing.push(decided.outgoing);
    }
    await updateChannelAlerts(tx, job.channel, changes);
    return outgoing;
  });
}

/** Sends one tutor's messages; answers the alerts not sent (a failure stops the rest). */
async function sendOutgoing(
  ctx: AppContext,
  channel: MessageChannel,
  contact: AlertContactRow,
  outgoing: Outgoing,
  now: Date,
): Promise<ChannelAlertChange[]> {
  const putBack = (enquiries: readonly LeadAlertEnquiry[], reason: HeldReason) =>
    enquiries.map((enquiry): ChannelAlertChange => ({
      tutor_id: outgoing.tutorId,
      enquiry_id: enquiry.id,
      status: 'held',
      reason,
      due_at: now,
      sent_at: null,
    }));
  const to = { tutorId: outgoing.tutorId, channel, contact };
  for (const [index, enquiry] of outgoing.instant.entries()) {
    try {
      await sendInstant(ctx, to, enquiry);
    } catch (error) {
      ctx.log.warn({ err: error, tutor_id: to.tutorId, channel }, 'lead alert not sent');
      return [...putBack(outgoing.instant.slice(index), ''), ...putBack(outgoing.digest, 'digest')];
    }
  }
  if (outgoing.digest.length === 0) return [];
  try {
    await sendDigest(ctx, to, outgoing.digest);
  } catch (error) {
    ctx.log.warn({ err: error, tutor_id: to.tutorId, channel }, 'lead alert digest not sent');
    return putBack(outgoing.digest, 'digest');
  }
  return [];
}

/**
 * The job of a channel and batch of tutors: claims their due alerts, then
 * sends each tutor theirs. A message that fails puts that tutor's unsent
 * alerts back, due now, and the others still go; the job then fails, and its
 * retry sends what was put back: none twice.
 */
export async function sendDueChannelAlerts(
  ctx: AppContext,
  job: ChannelMessagesJob,
): Promise<Outgoing[]> {
  const now = ctx.now();
  const contacts = await findAlertContacts(ctx.db, job.tutor_ids);
  const outgoing = await claimDueAlerts(ctx, job, contacts, now);
  const unsent: ChannelAlertChange[] = [];
  for (const each of outgoing) {
    const contact = contacts.get(each.tutorId);
    if (contact) unsent.push(...(await sendOutgoing(ctx, job.channel, contact, each, now)));
  }
  if (unsent.length === 0) return outgoing;
  await updateChannelAlerts(ctx.db, job.channel, unsent);
  throw new Error(
    `${String(unsent.length)} ${CHANNEL_NAMES[job.channel]} alerts not sent; they wait for the retry`,
  );
}

/**
 * The job of instant alerts its decision recorded sent: sends each tutor theirs.
 * It runs once: a later try (after a crash or a stop in the middle) sends
 * nothing, since some may have gone out, so no alert goes twice; a crash
 * loses them, as one between recording and sending always could. An enquiry
 * closed since is not sent and its alerts are marked skipped; an alert whose
 * message fails is put back, held and due now, for a messages job of its tutor.
 */
export async function sendInstantAlerts(
  ctx: AppContext,
  job: InstantMessagesJob,
  tries = 1,
): Promise<number> {
  const { channel, enquiry_id: enquiryId } = job;
  const tutorIds = job.tutors.map(([tutorId]) => tutorId);
  if (tries > 1) {
    ctx.log.warn(
      { enquiry_id: enquiryId, channel, tutors: tutorIds.length },
      'instant lead alerts not sent again: some may have gone out on the first try',
    );
    return 0;
  }
  const now = ctx.now();
  // the job's own (an enquiry has a job per channel and batch of 100 tutors)
  const unsentKey = `unsent-${String(enquiryId)}-${String(tutorIds[0] ?? 0)}`;
  const change = (tutorId: number, status: 'held' | 'skipped', reason: string) => ({
    tutor_id: tutorId,
    enquiry_id: enquiryId,
    status,
    reason,
    due_at: status === 'held' ? now : null,
    sent_at: null,
  });
  let enquiry: AlertEnquiryRow | null;
  let contacts: Map<number, AlertContactRow>;
  try {
    [enquiry, contacts] = await Promise.all([
      findAlertEnquiry(ctx.db, enquiryId),
      findAlertContacts(ctx.db, tutorIds),
    ]);
  } catch (error) {
    // nothing went out: put back for a messages job of each tutor
    ctx.log.warn({ err: error, enquiry_id: enquiryId, channel }, 'instant lead alerts put back');
    const putBack = tutorIds.map((tutorId) => change(tutorId, 'held', ''));
    await updateChannelAlerts(ctx.db, channel, putBack);
    await queueChannelMessages(ctx, channel, tutorIds, unsentKey);
    return 0;
  }
  // a deleted enquiry took its alerts along
  if (!enquiry) return 0;
  const closed = closedReason(enquiry, now);
  if (closed !== null) {
    const skipped = tutorIds.map((tutorId) => change(tutorId, 'skipped', closed));
    await updateChannelAlerts(ctx.db, channel, skipped);
    return 0;
  }
  const unsent: ChannelAlertChange[] = [];
  let sent = 0;
  for (const [tutorId, distanceKm] of job.tutors) {
    const contact = contacts.get(tutorId);
    if (!contact) {
      unsent.push(change(tutorId, 'skipped', 'unreachable'));
      continue;
    }
    try {
      await sendInstant(
        ctx,
        { tutorId, channel, contact },
        leadAlertEnquiryOf(enquiry, distanceKm),
      );
      sent += 1;
    } catch (error) {
      ctx.log.warn({ err: error, tutor_id: tutorId, channel }, 'lead alert not sent');
      unsent.push(change(tutorId, 'held', ''));
    }
  }
  if (unsent.length > 0) {
    await updateChannelAlerts(ctx.db, channel, unsent);
    const heldIds = unsent.filter((each) => each.status === 'held').map((each) => each.tutor_id);
    await queueChannelMessages(ctx, channel, heldIds, unsentKey);
  }
  return sent;
}

// ---------------------------------------------------------------------------
// The messages

function feedLinkOf(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/enquiry`;
}

function renderEmail(lines: readonly string[], links: { feed: string; unsubscribe: string }) {
  const text = [
    ...lines,
    '',
    `${ALERT_MESSAGES.openFeed}: ${links.feed}`,
    '',
    `${ALERT_MESSAGES.unsubscribeEmail}: ${links.unsubscribe}`,
    '',
    '— GuruMatch',
  ].join('\n');
  const html = [
    ...lines.map((line) => `<p>${encodeHtmlText(line)}</p>`),
    `<p><a href="${encodeHtmlText(links.feed)}">${encodeHtmlText(ALERT_MESSAGES.openFeed)}</a></p>`,
    `<p><small><a href="${encodeHtmlText(links.unsubscribe)}">${encodeHtmlText(
      ALERT_MESSAGES.unsubscribeEmail,
    )}</a></small></p>`,
    '<p>— GuruMatch</p>',
  ].join('\n');
  return { text, html, links: [links.feed, links.unsubscribe] };
}

/** Whom a message goes to, on which channel. */
interface Recipient {
  tutorId: number;
  channel: MessageChannel;
  contact: AlertContactRow;
}

async function sendMessage(
  ctx: AppContext,
  { tutorId, channel, contact }: Recipient,
  message: { subject: string; lines: readonly string[] },
): Promise<void> {
  const links = {
    feed: feedLinkOf(ctx),
    unsubscribe: unsubscribeLinkOf(ctx, tutorId, channel),
  };
  if (channel === 'email') {
    await ctx.mail.send({
      to: contact.email,
      subject: message.subject,
      ...renderEmail(message.lines, links),
    });
    return;
  }
  if (!contact.phone) return;
  const summary = message.lines.join('\n');
  await ctx.otp.notify({
    channel: 'whatsapp',
    to: contact.phone,
    template: 'lead_alert',
    text: `GuruMatch: ${summary}\n${ALERT_MESSAGES.openFeed}: ${links.feed}\n${ALERT_MESSAGES.unsubscribeWhatsapp}: ${links.unsubscribe}`,
    // a template variable may not hold a line break: the digest's lines go on one line
    params: [message.lines.join(' '), links.feed, links.unsubscribe],
  });
}

function sendInstant(ctx: AppContext, to: Recipient, enquiry: LeadAlertEnquiry): Promise<void> {
  const line = leadAlertText(enquiry);
  return sendMessage(ctx, to, { subject: line, lines: [line] });
}

function sendDigest(
  ctx: AppContext,
  to: Recipient,
  enquiries: readonly LeadAlertEnquiry[],
): Promise<void> {
  const subject = ALERT_MESSAGES.digestSubject(enquiries.length);
  const lines = [subject, ...enquiries.map((enquiry) => `• ${leadAlertText(enquiry)}`)];
  return sendMessage(ctx, to, { subject, lines });
}

// ---------------------------------------------------------------------------
// The jobs

/** The channels' jobs: the decision per enquiry, the messages per batch of tutors, the sweep. */
export function channelAlertJobs(ctx: AppContext): JobKind<never>[] {
  const decide: JobKind<{ enquiry_id: number }> = {
    name: CHANNEL_ALERTS_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    ...IN_LEAD_ALERTS_LANE,
    describe: (job) => `Decide the WhatsApp and e-mail alerts of enquiry ${String(job.enquiry_id)}`,
    run: async (job) => {
      await decideChannelAlerts(ctx, job.enquiry_id);
    },
  };
  const messages: JobKind<StoredMessagesJob> = {
    name: CHANNEL_MESSAGES_JOB,
    retryLimit: 10,
    retryDelaySeconds: 30,
    describe: (stored) => {
      if ('enquiry_id' in stored) {
        const count = stored.tutors.length;
        return `Send ${String(count)} ${count === 1 ? 'tutor' : 'tutors'} the instant ${CHANNEL_NAMES[stored.channel]} alert of enquiry ${String(stored.enquiry_id)}`;
      }
      const job = messagesJobOf(stored);
      const count = job.tutor_ids.length;
      const whom = count === 1 ? 'tutor' : `${String(count)} tutors from`;
      return `Send ${whom} ${String(job.tutor_ids[0] ?? '')} the ${CHANNEL_NAMES[job.channel]} alerts due`;
    },
    run: async (stored, { tries }) => {
      if ('enquiry_id' in stored) await sendInstantAlerts(ctx, stored, tries);
      else await sendDueChannelAlerts(ctx, messagesJobOf(stored));
    },
  };
  const sweep = sweepJob({
    name: CHANNEL_SWEEP_JOB,
    cron: '* * * * *',
    describe: 'Look for WhatsApp and e-mail alerts that are due',
    run: () => queueDueChannelMessages(ctx),
  });
  return [decide, messages, sweep] as JobKind<never>[];
}
