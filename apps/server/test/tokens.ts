/** Tokens the server did not issue, or issued and then tampered with. */
import { randomUUID } from 'node:crypto';

import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@gurumatch/shared/constants';
import { SignJWT } from 'jose';

/** A well-formed HS256 token with the given claims, signed with `secret`. */
export async function signToken(
  claims: Record<string, unknown>,
  secret: string,
  now: Date = new Date(),
  lifetimeSeconds: number = ACCESS_TOKEN_LIFETIME_SECONDS,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
}

/** The same token with its payload replaced (keeping the original header and signature). */
export function tamperPayload(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || signature === undefined) throw new Error('not a JWT');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const forged = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/** The same token with its header switched to `alg: none` and no signature. */
export function unsignedCopy(token: string): string {
  const [, payload] = token.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${payload ?? ''}.`;
}
