/**
 * How long the alerts of an enquiry are kept. Each enquiry records about three
 * alerts per tutor told (in the app, WhatsApp, e-mail): some 600 rows for an
 * enquiry that 200 tutors match, for ever unless something takes them away.
 * An enquiry is alerted only in the minutes after it is posted, and nothing
 * reads its alerts once it has expired: a tutor's daily cap counts today's,
 * a held alert of a closed enquiry is skipped when it falls due, and "tutors
 * told" is shown for a live enquiry only. So they are kept for a while after
 * the enquiry expired (to answer "why did I not hear of it?"), then deleted
 * by an hourly sweep, a bounded amount a run.
 */
import type { AppContext } from '../../context.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { sweepJob } from '../../lib/sweep-job.ts';
import { DAY_MS } from '../../lib/time.ts';

import { deleteAlertsOf, selectExpiredAlertEnquiries } from './queries.ts';

export const ALERTS_PRUNE_JOB = 'lead-alerts.prune';

/** Days an enquiry's alerts are kept after it expired. */
export const ALERTS_KEPT_DAYS = 30;

export interface PruneLimits {
  /** Enquiries whose alerts one statement deletes (about 600 rows each). */
  enquiriesPerStatement: number;
  /** Statements in one run; what is left waits for the next hour. */
  statementsPerRun: number;
}

/**
 * 20 enquiries a statement keeps each deletion to some 12,000 rows and its
 * locks short; 100 statements an hour prune 48,000 enquiries a day, far above
 * what a city posts, so a backlog (a first deployment) is gone within days.
 */
const PRUNE_LIMITS: PruneLimits = { enquiriesPerStatement: 20, statementsPerRun: 100 };

/** Deletes the alerts of enquiries expired over ALERTS_KEPT_DAYS ago; answers how many. */
export async function pruneExpiredAlerts(
  ctx: AppContext,
  limits: PruneLimits = PRUNE_LIMITS,
): Promise<number> {
  const before = new Date(ctx.now().getTime() - ALERTS_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (let statement = 0; statement < limits.statementsPerRun; statement += 1) {
    const expired = await selectExpiredAlertEnquiries(ctx.db, before, limits.enquiriesPerStatement);
    if (expired.length === 0) break;
    deleted += await deleteAlertsOf(
      ctx.db,
      expired.map((row) => row.enquiry_id),
    );
  }
  if (deleted > 0) ctx.log.info({ deleted }, 'alerts of long-expired enquiries deleted');
  return deleted;
}

/** The hourly sweep that keeps the alerts' records to the enquiries still of use. */
export function alertRetentionJobs(ctx: AppContext): JobKind<never>[] {
  const prune = sweepJob({
    name: ALERTS_PRUNE_JOB,
    cron: '41 * * * *',
    describe: `Delete the alerts of enquiries expired over ${String(ALERTS_KEPT_DAYS)} days ago`,
    run: () => pruneExpiredAlerts(ctx),
  });
  return [prune] as JobKind<never>[];
}
