import { MESSAGES } from '@gurumatch/shared/messages';

import { AppError } from '../errors.ts';

/** A 404 `not_found`: the generic message unless the caller names what is missing. */
export function notFound(detail: string = MESSAGES.notFound): AppError {
  return new AppError(404, 'not_found', detail);
}

/** What was looked up, or a 404 `not_found` (see {@link notFound}) when there is none. */
export function requireFound<T>(found: T | null | undefined, detail?: string): T {
  if (found === null || found === undefined) throw notFound(detail);
  return found;
}
