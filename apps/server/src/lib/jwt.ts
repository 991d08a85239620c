import { randomUUID } from 'node:crypto';

import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  REFRESH_TOKEN_LIFETIME_SECONDS,
} from '@gurumatch/shared/constants';
import { AccessClaimsSchema, type AccessClaims } from '@gurumatch/shared/schemas/auth';
import { SignJWT, jwtVerify } from 'jose';
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

async function verify<T>(
  secret: string,
  token: string,
  now: Date,
  schema: z.ZodType<T>,
): Promise<T | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
    });
    const parsed = schema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The claims of a valid, unexpired access token, or null. */
export function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  return verify(secret, token, now, AccessClaimsSchema);
}

export function verifyRefreshToken(
  secret: string,
  token: string,
  now: Date,
): Promise<RefreshClaims | null> {
  return verify(secret, token, now, RefreshClaimsSchema);
}
