/**
 * Lead alerts by WhatsApp and e-mail (issue 23, part 2). A few seconds after
 * the in-app alerts went out, one job per enquiry records, for each tutor told
 * and each channel, what the tutor's settings make of it: skipped (the
 * channel is off, the tutor saw it in an open tab, no verified phone), or
 * held until its time (now, the end of the quiet hours, the digest hour). One
 * job per tutor and channel then sends what is due, instant alerts up to the
 * daily cap and the rest in one digest, claiming the rows in a transaction
 * first so that nothing goes out twice. A sweep every minute asks for the job
 * of each tutor with alerts due.
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
import { AppError } from '../../errors.ts';
import type { JobKind } from '../../jobs/queue.ts';

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
} from './channel-rules.ts';
import {
  claimChannelAlerts,
  countInstantSent,
  findAlertContact,
  findAlertEnquiry,
  findAlertSettings,
  lockDueAlerts,
  selectChannelTargets,
  selectDueTutors,
  updateChannelAlerts,
  upsertAlertSettings,
  type AlertContactRow,
  type AlertSettingsRow,
  type ChannelAlertRow,
  type DueAlertRow,
} from './queries.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

export const CHANNEL_ALERTS_JOB = 'lead-alerts.channels';
export const CHANNEL_MESSAGES_JOB = 'lead-alerts.messages';
export const CHANNEL_SWEEP_JOB = 'lead-alerts.sweep';

/**
 * The channels wait this long after the in-app alerts: long enough for every
 * instance to say which tutors saw the alert in an open tab.
 */
export const CHANNEL_DELAY_SECONDS = 3;
/** Tutors and channels the sweep asks for at most a minute (the rest the next minute). */
const SWEEP_BATCH = 1_000;

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

/** `GET /api/alerts/settings/`: the tutor's settings (the defaults until saved). */
export async function getAlertSettings(ctx: AppContext, tutorId: number): Promise<AlertSettings> {
  const [row, contact] = await Promise.all([
    findAlertSettings(ctx.db, tutorId),
    findAlertContact(ctx.db, tutorId),
  ]);
  return {
    ...settingsOf(row),
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
  const stored = await findAlertSettings(ctx.db, tutorId);
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
  const stored = await findAlertSettings(ctx.db, named.tutorId);
  const contact = await findAlertContact(ctx.db, named.tutorId);
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

/** After the in-app alerts: one job per enquiry decides its WhatsApp and e-mail alerts. */
export async function queueChannelAlerts(ctx: AppContext, enquiryId: number): Promise<void> {
  await ctx.jobs.enqueue(
    ctx.db,
    CHANNEL_ALERTS_JOB,
    { enquiry_id: enquiryId },
    { key: String(enquiryId), startAfterSeconds: CHANNEL_DELAY_SECONDS },
  );
}

/**
 * Records, for every tutor told of the enquiry in the app and each message
 * channel, what the tutor's settings make of it, and asks for the messages of
 * the tutors with an instant alert due now. A retry records nothing twice.
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
  const alerts: ChannelAlertRow[] = [];
  for (const target of targets) {
    const row = target.has_settings ? (target as AlertSettingsRow) : null;
    const settings = settingsOf(row);
    const unsubscribed = unsubscribedOf(row);
    for (const channel of MESSAGE_CHANNELS) {
      const rules = channelRulesOf(settings, channel, {
        unsubscribed: unsubscribed[channel] !== null,
        reachable: isReachable(ctx, channel, target.has_phone),
      });
      const decision =
        closed === null
          ? decideNewAlert(rules, target.seen_in_app, now)
          : { status: 'skipped' as const, reason: closed };
      alerts.push({
        tutor_id: target.tutor_id,
        channel,
        status: decision.status,
        reason: decision.reason,
        distance_km: target.distance_km,
        due_at: decision.status === 'held' ? decision.dueAt : null,
      });
    }
  }
  const claimed = await claimChannelAlerts(ctx.db, enquiryId, alerts);
  const dueNow = claimed.filter(
    (alert) => alert.status === 'held' && alert.due_at && alert.due_at <= now,
  );
  for (const alert of dueNow) await queueChannelMessages(ctx, alert.tutor_id, alert.channel);
  return claimed;
}

// ---------------------------------------------------------------------------
// Sending, per tutor and channel

export interface ChannelMessagesJob {
  tutor_id: number;
  channel: MessageChannel;
}

async function queueChannelMessages(
  ctx: AppContext,
  tutorId: number,
  channel: MessageChannel,
): Promise<void> {
  const job: ChannelMessagesJob = { tutor_id: tutorId, channel };
  await ctx.jobs.enqueue(ctx.db, CHANNEL_MESSAGES_JOB, job, {
    key: `${String(tutorId)}:${channel}`,
  });
}

/** The sweep: a job for each tutor and channel with alerts due (held ones whose time came). */
export async function queueDueChannelMessages(ctx: AppContext): Promise<number> {
  const due = await selectDueTutors(ctx.db, ctx.now(), SWEEP_BATCH);
  for (const row of due) await queueChannelMessages(ctx, row.tutor_id, row.channel);
  return due.length;
}

interface Outgoing {
  instant: LeadAlertEnquiry[];
  digest: LeadAlertEnquiry[];
}

/** Applies the decisions in the claiming transaction; answers what is to be sent. */
async function applyDueDecisions(
  ctx: AppContext,
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  job: ChannelMessagesJob,
  rows: readonly DueAlertRow[],
  decisions: readonly DueDecision[],
  now: Date,
): Promise<Outgoing> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = (id: number): LeadAlertEnquiry[] => {
    const row = byId.get(id);
    return row ? [leadAlertEnquiryOf(row, row.distance_km)] : [];
  };
  const base = { tutorId: job.tutor_id, channel: job.channel };
  const instant = decisions.filter((d) => d.action === 'instant').map((d) => d.enquiryId);
  const digest = decisions.filter((d) => d.action === 'digest').map((d) => d.enquiryId);
  await updateChannelAlerts(tx, {
    ...base,
    enquiryIds: instant,
    status: 'sent',
    reason: '',
    dueAt: null,
    sentAt: now,
  });
  await updateChannelAlerts(tx, {
    ...base,
    enquiryIds: digest,
    status: 'sent',
    reason: 'digest',
    dueAt: null,
    sentAt: now,
  });
  for (const decision of decisions) {
    if (decision.action === 'hold') {
      await updateChannelAlerts(tx, {
        ...base,
        enquiryIds: [decision.enquiryId],
        status: 'held',
        reason: decision.reason,
        dueAt: decision.dueAt,
        sentAt: null,
      });
    } else if (decision.action === 'skip') {
      await updateChannelAlerts(tx, {
        ...base,
        enquiryIds: [decision.enquiryId],
        status: 'skipped',
        reason: decision.reason,
        dueAt: null,
        sentAt: null,
      });
    }
  }
  return { instant: instant.flatMap(shown), digest: digest.flatMap(shown) };
}

/**
 * The job of one tutor and channel: claims the alerts due, in a transaction,
 * marking each sent, held again or skipped; then sends. A message that fails
 * puts its alerts back, due now, and the job's retry sends them: none twice.
 */
export async function sendDueChannelAlerts(
  ctx: AppContext,
  job: ChannelMessagesJob,
): Promise<Outgoing> {
  const now = ctx.now();
  const contact = await findAlertContact(ctx.db, job.tutor_id);
  if (!contact) return { instant: [], digest: [] };
  const outgoing = await ctx.db.transaction(async (tx) => {
    const rows = await lockDueAlerts(tx, job.tutor_id, job.channel, now);
    if (rows.length === 0) return { instant: [], digest: [] };
    const stored = await findAlertSettings(tx, job.tutor_id);
    const rules: ChannelRules = channelRulesOf(settingsOf(stored), job.channel, {
      unsubscribed: unsubscribedOf(stored)[job.channel] !== null,
      reachable: isReachable(ctx, job.channel, contact.phone !== null),
    });
    const sentToday = await countInstantSent(tx, job.tutor_id, job.channel, istDayStart(now));
    const due = rows.map((row) => ({
      enquiryId: row.id,
      reason: row.reason as HeldReason,
      closed: closedReason(row, now),
    }));
    const decisions = decideDueAlerts(rules, due, sentToday, now);
    return applyDueDecisions(ctx, tx, job, rows, decisions, now);
  });
  const unsent: { ids: number[]; reason: HeldReason }[] = [];
  try {
    for (const [index, enquiry] of outgoing.instant.entries()) {
      try {
        await sendInstant(ctx, job, contact, enquiry);
      } catch (error) {
        unsent.push({ ids: outgoing.instant.slice(index).map((e) => e.id), reason: '' });
        throw error;
      }
    }
    if (outgoing.digest.length > 0) {
      try {
        await sendDigest(ctx, job, contact, outgoing.digest);
      } catch (error) {
        unsent.push({ ids: outgoing.digest.map((e) => e.id), reason: 'digest' });
        throw error;
      }
    }
  } finally {
    for (const { ids, reason } of unsent) {
      await updateChannelAlerts(ctx.db, {
        tutorId: job.tutor_id,
        channel: job.channel,
        enquiryIds: ids,
        status: 'held',
        reason,
        dueAt: now,
        sentAt: null,
      });
    }
  }
  return outgoing;
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

async function sendMessage(
  ctx: AppContext,
  job: ChannelMessagesJob,
  contact: AlertContactRow,
  message: { subject: string; lines: readonly string[] },
): Promise<void> {
  const links = {
    feed: feedLinkOf(ctx),
    unsubscribe: unsubscribeLinkOf(ctx, job.tutor_id, job.channel),
  };
  if (job.channel === 'email') {
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

function sendInstant(
  ctx: AppContext,
  job: ChannelMessagesJob,
  contact: AlertContactRow,
  enquiry: LeadAlertEnquiry,
): Promise<void> {
  const line = leadAlertText(enquiry);
  return sendMessage(ctx, job, contact, { subject: line, lines: [line] });
}

function sendDigest(
  ctx: AppContext,
  job: ChannelMessagesJob,
  contact: AlertContactRow,
  enquiries: readonly LeadAlertEnquiry[],
): Promise<void> {
  const subject = ALERT_MESSAGES.digestSubject(enquiries.length);
  const lines = [subject, ...enquiries.map((enquiry) => `• ${leadAlertText(enquiry)}`)];
  return sendMessage(ctx, job, contact, { subject, lines });
}

// ---------------------------------------------------------------------------
// The jobs

/** The channels' jobs: the decision per enquiry, the messages per tutor, the sweep. */
export function channelAlertJobs(ctx: AppContext): JobKind<never>[] {
  const decide: JobKind<{ enquiry_id: number }> = {
    name: CHANNEL_ALERTS_JOB,
    retryLimit: 5,
    retryDelaySeconds: 10,
    describe: (job) => `Decide the WhatsApp and e-mail alerts of enquiry ${String(job.enquiry_id)}`,
    run: async (job) => {
      await decideChannelAlerts(ctx, job.enquiry_id);
    },
  };
  const messages: JobKind<ChannelMessagesJob> = {
    name: CHANNEL_MESSAGES_JOB,
    retryLimit: 10,
    retryDelaySeconds: 30,
    describe: (job) =>
      `Send tutor ${String(job.tutor_id)} the ${CHANNEL_NAMES[job.channel]} alerts due`,
    run: async (job) => {
      await sendDueChannelAlerts(ctx, job);
    },
  };
  const sweep: JobKind<Record<string, never>> = {
    name: CHANNEL_SWEEP_JOB,
    retryLimit: 0,
    retryDelaySeconds: 60,
    cron: '* * * * *',
    describe: () => 'Look for WhatsApp and e-mail alerts that are due',
    run: async () => {
      await queueDueChannelMessages(ctx);
    },
  };
  return [decide, messages, sweep] as JobKind<never>[];
}
