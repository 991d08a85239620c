import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE_LIMIT } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';

import { AppError } from '../errors.ts';

import { createLimiter, LimiterFullError } from './limiter.ts';

const KEY_LENGTH = 64;
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;

/**
 * Password hashes are the costliest thing a request can ask for: only a few run
 * at once (the rest wait their turn), so a burst of sign-ins cannot take every
 * thread the server has for files and DNS.
 */
export const passwordHashLimiter = createLimiter(
  PASSWORD_HASH_CONCURRENCY,
  PASSWORD_HASH_QUEUE_LIMIT,
);

async function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  try {
    return await passwordHashLimiter.run(() => deriveNow(password, salt, options));
  } catch (error) {
    if (error instanceof LimiterFullError) {
      throw new AppError(503, 'service_unavailable', MESSAGES.serverBusy, undefined, {
        'retry-after': '5',
      });
    }
    throw error;
  }
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

/** A salted scrypt hash: `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
