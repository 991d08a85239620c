import { MESSAGES } from '@gurumatch/shared/messages';

import { ApiError } from '../../lib/api.ts';

/** Keeps only the digits of what was typed or pasted. */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A refusal the server gave (4xx), as opposed to a call that broke (network,
 * server fault): the spec words the two differently.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The server's own sentence, if it sent one (not the client's placeholder). */
export function serverSentence(error: ApiError): string | undefined {
  return error.detail && error.detail !== MESSAGES.requestFailed ? error.detail : undefined;
}

/** What a broken call says about itself, if anything. */
export function thrownMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return serverSentence(error);
  return error instanceof Error && error.message ? error.message : undefined;
}
