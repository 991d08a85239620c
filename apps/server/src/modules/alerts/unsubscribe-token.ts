/**
 * The token of a message's one-tap unsubscribe link: the tutor and channel,
 * signed with the server's secret (HMAC-SHA256), so it works without signing
 * in and cannot be altered to turn off someone else's alerts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { MESSAGE_CHANNELS, type MessageChannel } from '@gurumatch/shared/alerts';

const PURPOSE = 'lead-alerts-unsubscribe';

function signatureOf(secret: string, tutorId: number, channel: MessageChannel): Buffer {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}:${String(tutorId)}:${channel}`)
    .digest();
}

/** `<tutor id>.<channel>.<signature>`, URL-safe. */
export function signUnsubscribeToken(
  secret: string,
  tutorId: number,
  channel: MessageChannel,
): string {
  const signature = signatureOf(secret, tutorId, channel).toString('base64url');
  return `${String(tutorId)}.${channel}.${signature}`;
}

/** The tutor and channel a token names, or null when it was not signed by this server. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { tutorId: number; channel: MessageChannel } | null {
  const [id = '', channelText = '', signatureText = '', ...rest] = token.split('.');
  if (rest.length > 0 || !/^[1-9]\d{0,9}$/.test(id)) return null;
  const channel = MESSAGE_CHANNELS.find((known) => known === channelText);
  if (!channel) return null;
  const tutorId = Number(id);
  const expected = signatureOf(secret, tutorId, channel);
  const given = Buffer.from(signatureText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { tutorId, channel };
}
