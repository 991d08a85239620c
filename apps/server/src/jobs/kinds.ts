/**
 * Every kind of job the server runs, gathered from the modules that own
 * them. A module adds its kinds here; the queue creates their queues at start
 * and, where the instance works jobs, runs them.
 */
import type { AppContext } from '../context.ts';
import { leadAlertJobs } from '../modules/alerts/service.ts';
import { contactRefundNoticeJobs, responseNoticeJobs } from '../modules/enquiries/notifications.ts';
import { leadGuaranteeJobs } from '../modules/enquiries/service.ts';
import { paymentJobs } from '../modules/payments/service.ts';

import type { JobKind } from './queue.ts';

export function jobKinds(ctx: AppContext): JobKind<never>[] {
  return [
    ...responseNoticeJobs(ctx),
    ...contactRefundNoticeJobs(ctx),
    ...leadGuaranteeJobs(ctx),
    ...paymentJobs(ctx),
    ...leadAlertJobs(ctx),
  ];
}

/** Creates every kind's queue and, where this instance works jobs, starts working them. */
export async function startJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(jobKinds(ctx), { work: ctx.config.jobsWork });
}
