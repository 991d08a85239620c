/**
 * Lead alerts (issue 23): when an enquiry is posted, every verified tutor
 * whose feed would show it is told at the same moment. The post stores one
 * job in its own transaction; the job finds the tutors with one indexed query,
 * records an alert per tutor (the record is what keeps an alert from going out
 * twice), and publishes one event through the pub/sub adapter, from which each
 * instance delivers to the alert sockets of its own tutors.
 */
import type { LeadAlertEnquiry, ToldTutors } from '@gurumatch/shared/alerts';
import { GAZETTEER_PLACES } from '@gurumatch/shared/catalogues/gazetteer';
import { FEED_RADIUS_KM_DEFAULT } from '@gurumatch/shared/enquiries';
import { z } from 'zod';

import type { PubSub } from '../../adapters/pubsub/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import type { JobKind } from '../../jobs/queue.ts';

import {
  claimAlerts,
  countToldOfLatest,
  findAlertEnquiry,
  selectMatchingTutors,
  type AlertEnquiryRow,
} from './queries.ts';

export const LEAD_ALERTS_JOB = 'lead-alerts';
/** Where every instance hears of the alerts to deliver to its own sockets. */
export const LEAD_ALERTS_CHANNEL = 'lead-alerts';

/** An alert is worth little late: a few quick tries, then it is left to the feed. */
const LEAD_ALERTS_RETRY_LIMIT = 3;
const LEAD_ALERTS_RETRY_DELAY_SECONDS = 2;
/** An idle worker looks for new alerts this often (the queue's shortest): most of the wait to a tutor. */
const LEAD_ALERTS_POLL_SECONDS = 0.5;

export interface LeadAlertsJob {
  enquiry_id: number;
}

/** Inside the post's transaction: the alerts go out once it commits, never from the request. */
export async function queueLeadAlerts(
  ctx: AppContext,
  tx: Queryable,
  enquiryId: number,
): Promise<void> {
  const job: LeadAlertsJob = { enquiry_id: enquiryId };
  await ctx.jobs.enqueue(tx, LEAD_ALERTS_JOB, job);
}

/** The event of one enquiry's alerts: the enquiry once, and each tutor with their distance. */
const AlertEventSchema = z.object({
  enquiry: z.object({
    id: z.number().int(),
    name: z.string(),
    subject: z.string(),
    class_level: z.string(),
    study_mode: z.enum(['online', 'offline', 'both']),
    area: z.string(),
    city: z.string(),
    coins_required: z.number().int(),
    posted_at: z.string(),
  }),
  /** [tutor id, whole kilometres or null] */
  tutors: z.array(z.tuple([z.number().int(), z.number().nullable()])),
});
export type AlertEvent = z.infer<typeof AlertEventSchema>;

/** A locality centre closer than this names the enquiry's area (as the poster's view snaps). */
const AREA_SNAP_KM = 4;
const KM_PER_DEGREE = 111.045;

/** The nearest known locality of the enquiry, never its address; else its city. */
function areaOf(enquiry: AlertEnquiryRow): string {
  let area = enquiry.city;
  let nearestKm = AREA_SNAP_KM;
  const cosLat = Math.cos((enquiry.latitude * Math.PI) / 180);
  for (const place of GAZETTEER_PLACES) {
    const dLat = (place.latitude - enquiry.latitude) * KM_PER_DEGREE;
    const dLng = (place.longitude - enquiry.longitude) * KM_PER_DEGREE * cosLat;
    const km = Math.sqrt(dLat * dLat + dLng * dLng);
    if (km < nearestKm) {
      nearestKm = km;
      area = place.locality;
    }
  }
  return area;
}

/** Why a posted enquiry is no longer alerted, or null while it is live. */
function closedReason(enquiry: AlertEnquiryRow, now: Date): string | null {
  if (enquiry.archived) return 'archived';
  if (enquiry.expires_at.getTime() <= now.getTime()) return 'expired';
  if (enquiry.responded_count >= enquiry.total_responses) return 'full';
  if (!enquiry.poster_active) return 'poster_inactive';
  return null;
}

/** A card's distance: whole kilometres, at least 1 (never precise enough to place the poster). */
function roundedKm(km: number | null): number | null {
  return km === null ? null : Math.max(1, Math.round(km));
}

/**
 * The job: records an alert for each matching tutor and publishes them as one
 * event. An enquiry archived, expired or full by now is recorded as skipped
 * for each tutor, with the reason, and nobody is told. Tutors recorded by an
 * earlier try are not told again.
 */
export async function sendLeadAlerts(ctx: AppContext, enquiryId: number): Promise<number> {
  const enquiry = await findAlertEnquiry(ctx.db, enquiryId);
  if (!enquiry) return 0;
  const tutors = await selectMatchingTutors(ctx.db, enquiry, FEED_RADIUS_KM_DEFAULT);
  const reason = closedReason(enquiry, ctx.now());
  const claimed = await claimAlerts(ctx.db, {
    enquiryId,
    channel: 'app',
    status: reason === null ? 'sent' : 'skipped',
    reason: reason ?? '',
    tutors,
  });
  if (reason !== null || claimed.length === 0) return 0;
  const event: AlertEvent = {
    enquiry: {
      id: enquiry.id,
      name: enquiry.name,
      subject: enquiry.subject,
      class_level: enquiry.class_level,
      study_mode: enquiry.study_mode,
      area: areaOf(enquiry),
      city: enquiry.city,
      coins_required: enquiry.coins_required,
      posted_at: enquiry.posted_at.toISOString(),
    },
    tutors: claimed.map((tutor) => [tutor.tutor_id, roundedKm(tutor.distance_km)]),
  };
  await ctx.pubsub.publish(LEAD_ALERTS_CHANNEL, JSON.stringify(event));
  return claimed.length;
}

/** The job that alerts the tutors of a new enquiry. */
export function leadAlertJobs(ctx: AppContext): JobKind<LeadAlertsJob>[] {
  return [
    {
      name: LEAD_ALERTS_JOB,
      retryLimit: LEAD_ALERTS_RETRY_LIMIT,
      retryDelaySeconds: LEAD_ALERTS_RETRY_DELAY_SECONDS,
      pollingIntervalSeconds: LEAD_ALERTS_POLL_SECONDS,
      describe: (job) => `Alert the tutors of enquiry ${String(job.enquiry_id)}`,
      run: async (job) => {
        await sendLeadAlerts(ctx, job.enquiry_id);
      },
    },
  ];
}

/** Hears every instance's alert events; the returned function stops. */
export function onLeadAlerts(
  pubsub: PubSub,
  listener: (tutorId: number, enquiry: LeadAlertEnquiry) => void,
): Promise<() => Promise<void>> {
  return pubsub.subscribe(LEAD_ALERTS_CHANNEL, (message) => {
    let value: unknown;
    try {
      value = JSON.parse(message);
    } catch {
      return;
    }
    const parsed = AlertEventSchema.safeParse(value);
    if (!parsed.success) return;
    const { enquiry, tutors } = parsed.data;
    for (const [tutorId, distanceKm] of tutors) {
      listener(tutorId, { ...enquiry, distance_km: distanceKm });
    }
  });
}

/** "12 tutors near you were told": of the student's latest live enquiry. */
export function toldTutors(ctx: AppContext, studentId: number): Promise<ToldTutors> {
  return countToldOfLatest(ctx.db, studentId, ctx.now());
}
