/**
 * Lead alerts (issue 23): when an enquiry is posted, every verified tutor
 * whose feed would show it is told at the same moment. The post stores one
 * job in its own transaction; the job finds the tutors with one indexed query,
 * records an alert per tutor (the record is what keeps an alert from going out
 * twice), and publishes one event through the pub/sub adapter, from which each
 * instance delivers to the alert sockets of its own tutors.
 */
import { LeadAlertEnquirySchema, type ToldTutors } from '@gurumatch/shared/alerts';
import { FEED_RADIUS_KM_DEFAULT } from '@gurumatch/shared/enquiries';
import { parseJsonAs } from '@gurumatch/shared/json';
import { z } from 'zod';

import type { AppContext } from '../../context.ts';
import type { StatementPart } from '../../jobs/in-statement.ts';
import type { JobKind } from '../../jobs/queue.ts';

import { closedReason, leadAlertEnquiryOf, roundedKm } from './alert-enquiry.ts';
import { channelAlertJobs, IN_LEAD_ALERTS_LANE, queueChannelAlerts } from './channels.ts';
import {
  claimInAppAlerts,
  countToldOfLatest,
  findAlertEnquiry,
  markAlertsSeenInApp,
  selectMatchingTutors,
} from './queries.ts';
import { alertRetentionJobs } from './retention.ts';

export const LEAD_ALERTS_JOB = 'lead-alerts';
/** Where every instance hears of the alerts to deliver to its own sockets. */
export const LEAD_ALERTS_CHANNEL = 'lead-alerts';

/** An alert is worth little late: a few quick tries, then it is left to the feed. */
const LEAD_ALERTS_RETRY_LIMIT = 3;
const LEAD_ALERTS_RETRY_DELAY_SECONDS = 2;

export interface LeadAlertsJob {
  enquiry_id: number;
}

/**
 * Stored by the post's own insert (a CTE over the enquiry it inserts, `from`):
 * the alerts go out once it commits, never from the request. Null with
 * `LEAD_ALERTS=off`: no tutor is told (the feed still shows it).
 */
export function leadAlertsJobIn(
  ctx: AppContext,
  from: string,
  firstParam: number,
): StatementPart | null {
  if (!ctx.config.leadAlerts) return null;
  // the data of a LeadAlertsJob
  const data = `jsonb_build_object('enquiry_id', ${from}.id)`;
  return ctx.jobs.enqueueIn(LEAD_ALERTS_JOB, from, data, firstParam);
}

/** The event of one enquiry's alerts: the enquiry once, and each tutor with their distance. */
const AlertEventSchema = z.object({
  enquiry: LeadAlertEnquirySchema.omit({ distance_km: true }),
  /** [tutor id, whole kilometres or null] */
  tutors: z.array(z.tuple([z.number().int(), z.number().nullable()])),
});
export type AlertEvent = z.infer<typeof AlertEventSchema>;
/** An enquiry as an alert event carries it: once for all its tutors, without their distance. */
export type AlertEventEnquiry = AlertEvent['enquiry'];

/**
 * The job: records an alert for each matching tutor (one row for them all)
 * and publishes them as one event. An enquiry archived, expired or full by now
 * is recorded as skipped for each tutor, with the reason, and nobody is told.
 * A later try (a retry, a second instance) finds the record and tells no one.
 */
export async function sendLeadAlerts(ctx: AppContext, enquiryId: number): Promise<number> {
  const enquiry = await findAlertEnquiry(ctx.db, enquiryId);
  if (!enquiry) return 0;
  const tutors = await selectMatchingTutors(ctx.db, enquiry, FEED_RADIUS_KM_DEFAULT);
  const reason = closedReason(enquiry, ctx.now());
  const claimed = await claimInAppAlerts(ctx.db, {
    enquiryId,
    status: reason === null ? 'sent' : 'skipped',
    reason: reason ?? '',
    tutors,
  });
  if (reason !== null) return 0;
  if (claimed.length > 0) {
    const { distance_km: _none, ...shown } = leadAlertEnquiryOf(enquiry, null);
    const event: AlertEvent = {
      enquiry: shown,
      tutors: claimed.map((tutor) => [tutor.tutor_id, roundedKm(tutor.distance_km)]),
    };
    await ctx.pubsub.publish(LEAD_ALERTS_CHANNEL, JSON.stringify(event));
  }
  // then those who did not see it in an open tab hear of it by WhatsApp or e-mail (a
  // retry asks again: the decision records nothing twice)
  if (tutors.length > 0) await queueChannelAlerts(ctx, enquiryId);
  return claimed.length;
}

/** The jobs of the alerts: in the app, by WhatsApp and e-mail, and the records' upkeep. */
export function leadAlertJobs(ctx: AppContext): JobKind<never>[] {
  const inApp: JobKind<LeadAlertsJob>[] = [
    {
      name: LEAD_ALERTS_JOB,
      retryLimit: LEAD_ALERTS_RETRY_LIMIT,
      retryDelaySeconds: LEAD_ALERTS_RETRY_DELAY_SECONDS,
      ...IN_LEAD_ALERTS_LANE,
      describe: (job) => `Alert the tutors of enquiry ${String(job.enquiry_id)}`,
      run: async (job) => {
        await sendLeadAlerts(ctx, job.enquiry_id);
      },
    },
  ];
  return [...(inApp as JobKind<never>[]), ...channelAlertJobs(ctx), ...alertRetentionJobs(ctx)];
}

/**
 * Hears every instance's alert events; `listener` answers whether the tutor
 * had an open tab here, and those who had are recorded as having seen it (they
 * need no WhatsApp or e-mail). The returned function stops.
 */
export function onLeadAlerts(
  ctx: Pick<AppContext, 'pubsub' | 'db' | 'log' | 'now'>,
  listener: (tutorId: number, enquiry: AlertEventEnquiry, distanceKm: number | null) => boolean,
): Promise<() => Promise<void>> {
  const { pubsub } = ctx;
  return pubsub.subscribe(LEAD_ALERTS_CHANNEL, (message) => {
    const event = parseJsonAs(AlertEventSchema, message);
    if (!event) return;
    const { enquiry, tutors } = event;
    const seen = tutors
      .filter(([tutorId, distanceKm]) => listener(tutorId, enquiry, distanceKm))
      .map(([tutorId]) => tutorId);
    if (seen.length === 0) return;
    markAlertsSeenInApp(ctx.db, enquiry.id, seen, ctx.now()).catch((error: unknown) => {
      // those tutors may then also get the message: the alert is not lost
      ctx.log.warn({ err: error, enquiry_id: enquiry.id }, 'in-app alerts not recorded as seen');
    });
  });
}

/** "12 tutors near you were told": of the student's latest live enquiry. */
export function toldTutors(ctx: AppContext, studentId: number): Promise<ToldTutors> {
  return countToldOfLatest(ctx.db, studentId, ctx.now());
}
