import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import {
  DEVICE_TOKEN_LIFETIME_SECONDS,
  DEVICE_TOKENS_PER_BROWSER,
} from '@gurumatch/shared/constants';

/**
 * Device tokens (decision 044): after a successful sign-in the browser keeps a
 * signed token saying "this device has signed in to account N before". A
 * sign-in that brings one for its account counts its failures in a bucket of
 * its own, so guesses from elsewhere cannot lock it out.
 *
 * A token is `<user id>.<device id>.<issued at, seconds>.<HMAC-SHA256>`; the
 * device id is random and stays the same while the device keeps signing in.
 */
export interface DeviceToken {
  userId: number;
  deviceId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

/** The cookie that carries a browser's device tokens (one per account, newest first). */
export const DEVICE_COOKIE_NAME = 'gm_device';
/** Sent only to the sign-in calls (`/api/auth/token/`, `/api/auth/token/code/`, refresh). */
export const DEVICE_COOKIE_PATH = '/api/auth/token';

const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const SEPARATOR = '~';

function signatureOf(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`device-token:v1:${payload}`).digest();
}

export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function signDeviceToken(secret: string, token: DeviceToken): string {
  const payload = `${String(token.userId)}.${token.deviceId}.${String(token.issuedAt)}`;
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

/** The token's claims when it is ours, unaltered and not expired at `now`; otherwise null. */
export function verifyDeviceToken(secret: string, value: string, now: Date): DeviceToken | null {
  const match = TOKEN_PATTERN.exec(value);
  if (!match) return null;
  const [, userId = '', deviceId = '', issuedAt = '', signature = ''] = match;
  const payload = `${userId}.${deviceId}.${issuedAt}`;
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issued = Number(issuedAt);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (issued > nowSeconds + 60 || issued + DEVICE_TOKEN_LIFETIME_SECONDS <= nowSeconds) return null;
  return { userId: Number(userId), deviceId, issuedAt: issued };
}

/** The valid device tokens a browser brought (its cookie), at most a few. */
export function readDeviceTokens(
  secret: string,
  cookieValue: string | undefined,
  now: Date,
): DeviceToken[] {
  if (!cookieValue) return [];
  return cookieValue
    .split(SEPARATOR)
    .slice(0, DEVICE_TOKENS_PER_BROWSER)
    .map((value) => verifyDeviceToken(secret, value, now))
    .filter((token): token is DeviceToken => token !== null);
}

/** The cookie's new value: the fresh token first, then the other accounts' tokens. */
export function writeDeviceTokens(
  secret: string,
  fresh: DeviceToken,
  others: DeviceToken[],
): string {
  return [fresh, ...others.filter((token) => token.userId !== fresh.userId)]
    .slice(0, DEVICE_TOKENS_PER_BROWSER)
    .map((token) => signDeviceToken(secret, token))
    .join(SEPARATOR);
}

/** The value of one cookie in a `Cookie` request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie` value for a browser's device tokens: HttpOnly, SameSite=Lax, Secure in production. */
export function serializeDeviceCookie(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE_NAME}=${value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${String(DEVICE_TOKEN_LIFETIME_SECONDS)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
