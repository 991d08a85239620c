import type { Role } from '@gurumatch/shared/constants';

import { paths } from '../../lib/paths.ts';
import { recallSearchIntent } from '../../lib/search-intent.ts';

/** The page a guard sent the visitor away from (router state `from`), as a path with its query. */
export function originOf(state: unknown): string | undefined {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}` : undefined;
}

/**
 * Where a signed-in user goes from a guest page such as /login: back where they
 * were heading, else their home (the back office for administrators, the
 * enquiry form for a student who searched on the landing page). The
 * sign-in flow and the guest-page guard both ask here, so whichever of the two
 * moves first after the tokens are stored, they agree on the page.
 */
export function signedInHome(role: Role | undefined, from?: string): string {
  if (from) return from;
  if (role === 'admin') return paths.admin;
  // a student who searched on the landing page goes on to post that enquiry
  if (role === 'student' && recallSearchIntent()) return paths.studentEnquiryAdd;
  return paths.dashboard;
}
