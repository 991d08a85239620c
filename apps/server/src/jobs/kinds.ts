/**
 * Every kind of job the server runs, gathered from the modules that own
 * them. A module adds its kinds here; the queue creates their queues at start
 * and, where the instance works jobs, runs them.
 */
import type { JobsWork } from '../config.ts';
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

/** Whether an instance told `jobsWork` runs jobs of this kind. */
export function worksKind(jobsWork: JobsWork, name: string): boolean {
  return 'only' in jobsWork ? jobsWork.only.includes(name) : !jobsWork.except.includes(name);
}

/** Whether an instance told `jobsWork` runs any job at all. */
export function worksAnyJob(jobsWork: JobsWork): boolean {
  return !('only' in jobsWork) || jobsWork.only.length > 0;
}

/**
 * Creates every kind's queue and starts working the kinds this instance works
 * (`JOBS_WORK`). A kind named there that does not exist stops the start: a
 * misspelt name would leave its jobs to no one, or run what should have been left.
 */
export async function startJobs(ctx: AppContext): Promise<void> {
  const kinds = jobKinds(ctx);
  const { jobsWork } = ctx.config;
  const named = 'only' in jobsWork ? jobsWork.only : jobsWork.except;
  const unknown = named.filter((name) => !kinds.some((kind) => kind.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `JOBS_WORK names no kind of job: ${unknown.join(', ')} (the kinds: ${kinds.map((kind) => kind.name).join(', ')})`,
    );
  }
  await ctx.jobs.start(kinds, { work: (kind) => worksKind(jobsWork, kind.name) });
}
