import { MESSAGES } from '@gurumatch/shared/messages';

import { ApiError } from '../../lib/api.ts';

/**
 * The server's own sentence when it refused (4xx), or undefined when the call
 * broke (network, server fault) or came without one.
 */
export function refusalSentence(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return undefined;
  return error.detail && error.detail !== MESSAGES.requestFailed ? error.detail : undefined;
}

/** The embedded Google Maps view of a point (the page's frame-src allows this origin). */
export function mapEmbedUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps?q=${String(latitude)},${String(longitude)}&z=15&output=embed`;
}
