import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  REFRESH_TOKEN_LIFETIME_SECONDS,
} from '@gurumatch/shared/constants';
import { AccessClaimsSchema, type AccessClaims } from '@gurumatch/shared/schemas/auth';
import { SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';

export type AccessPayload = Omit<AccessClaims, 'token_type' | 'exp' | 'iat' | 'jti'>;

export const RefreshClaimsSchema = z.object({
  token_type: z.literal('refresh'),
  exp: z.number(),
  iat: z.number(),
  jti: z.uuid(),
  user_id: z.number().int(),
  family: z.uuid(),
});
export type RefreshClaims = z.infer<typeof RefreshClaimsSchema>;

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export async function signAccessToken(
  secret: string,
  payload: AccessPayload,
  now: Date,
): Promise<string> {
  const iat = seconds(now);
  return new SignJWT({ token_type: 'access', ...payload })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

export interface SignedRefresh {
  token: string;
  jti: string;
  expiresAt: Date;
}

export async function signRefreshToken(
  secret: string,
  userId: number,
  family: string,
  now: Date,
): Promise<SignedRefresh> {
  const iat = seconds(now);
  const jti = randomUUID();
  const exp = iat + REFRESH_TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({ token_type: 'refresh', user_id: userId, family })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(keyOf(secret));
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

const EXPECTED_HEADER = { alg: ALGORITHM, typ: 'JWT' } as const;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Checks an HS256 token with one HMAC: the header must name HS256 (no other
 * algorithm, never 'none'), the signature must match in constant time, and
 * the token must not have expired at `now` (expired at `exp` itself, as the
 * signing library does). Runs on every signed-in request, so it stays
 * synchronous and allocation-light.
 */
function verify<T>(secret: string, token: string, now: Date, schema: z.ZodType<T>): T | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const decodedHeader = decodeJson(header) as Record<string, unknown> | null;
  if (
    !decodedHeader ||
    decodedHeader.alg !== EXPECTED_HEADER.alg ||
    (decodedHeader.typ !== undefined && decodedHeader.typ !== EXPECTED_HEADER.typ) ||
    decodedHeader.crit !== undefined
  )
    return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodeJson(payload) as Record<string, unknown> | null;
  if (!claims || typeof claims.exp !== 'number' || claims.exp <= seconds(now)) return null;
  if (typeof claims.nbf === 'number' && claims.nbf > seconds(now)) return null;
  const parsed = schema.safeParse(claims);
  return parsed.success ? parsed.data : null;
}

/** Access tokens already checked, per secret: a signed-in client sends the same one again and again. */
const CHECKED_ACCESS_TOKENS = new Map<string, Map<string, AccessClaims>>();
const CHECKED_ACCESS_TOKENS_MAX = 10_000;

/** The claims of a valid, unexpired access token, or null. */
export function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  let checked = CHECKED_ACCESS_TOKENS.get(secret);
  if (!checked) {
    checked = new Map();
    CHECKED_ACCESS_TOKENS.set(secret, checked);
  }
  const known = checked.get(token);
  // a token's signature never changes; only its expiry is read again
  if (known) return Promise.resolve(known.exp > seconds(now) ? known : null);
  const claims = verify(secret, token, now, AccessClaimsSchema);
  if (claims) {
    if (checked.size >= CHECKED_ACCESS_TOKENS_MAX) {
      const oldest = checked.keys().next().value;
      if (oldest !== undefined) checked.delete(oldest);
    }
    checked.set(token, claims);
  }
  return Promise.resolve(claims);
}

export function verifyRefreshToken(
  secret: string,
  token: string,
  now: Date,
): Promise<RefreshClaims | null> {
  return Promise.resolve(verify(secret, token, now, RefreshClaimsSchema));
}
