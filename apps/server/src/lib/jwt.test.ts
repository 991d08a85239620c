import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
  type AccessPayload,
} from './jwt.ts';

const SECRET = 'a-test-secret-of-reasonable-length-000000';
const NOW = new Date('2026-11-23T10:00:00Z');
const PAYLOAD: AccessPayload = {
  user_id: 7,
  username: 'asha@example.in',
  email: 'asha@example.in',
  full_name: 'Asha Verma',
  avatar: null,
  role: 'student',
  coins: 0,
};

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
function forge(header: unknown, claims: unknown, secret = SECRET): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('access and refresh tokens', () => {
  it('accepts its own access token until it expires, and not at its expiry second', async () => {
    const token = await signAccessToken(SECRET, PAYLOAD, NOW);
    const claims = await verifyAccessToken(SECRET, token, NOW);
    expect(claims).toMatchObject({ ...PAYLOAD, token_type: 'access' });
    const exp = claimsOf(token).exp as number;
    expect(await verifyAccessToken(SECRET, token, new Date(exp * 1000 - 1000))).not.toBeNull();
    expect(await verifyAccessToken(SECRET, token, new Date(exp * 1000))).toBeNull();
  });

  it('refuses another secret, a changed payload or signature, and malformed tokens', async () => {
    const token = await signAccessToken(SECRET, PAYLOAD, NOW);
    expect(await verifyAccessToken('another-secret', token, NOW)).toBeNull();
    const [header, , signature] = token.split('.');
    const promoted = b64({ ...claimsOf(token), role: 'admin' });
    expect(await verifyAccessToken(SECRET, `${header!}.${promoted}.${signature!}`, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, `${token.slice(0, -2)}AA`, NOW)).toBeNull();
    for (const bad of ['', 'a.b', 'a.b.c', `${token}.x`, '...', 'ä.ö.ü']) {
      expect(await verifyAccessToken(SECRET, bad, NOW)).toBeNull();
    }
  });

  it('refuses the none algorithm and any algorithm but HS256, even correctly signed', async () => {
    const claims = claimsOf(await signAccessToken(SECRET, PAYLOAD, NOW));
    const body = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`;
    expect(await verifyAccessToken(SECRET, `${body}.`, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, forge({ alg: 'HS512', typ: 'JWT' }, claims), NOW)).toBe(
      null,
    );
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS256', typ: 'JWT' }, claims), NOW),
    ).not.toBe(null);
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS256', crit: ['b64'] }, claims), NOW),
    ).toBeNull();
  });

  it('refuses a token that is not valid yet, or lacks an expiry', async () => {
    const claims = claimsOf(await signAccessToken(SECRET, PAYLOAD, NOW));
    const later = Math.floor(NOW.getTime() / 1000) + 60;
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS256' }, { ...claims, nbf: later }), NOW),
    ).toBeNull();
    const { exp: _exp, ...withoutExp } = claims;
    expect(await verifyAccessToken(SECRET, forge({ alg: 'HS256' }, withoutExp), NOW)).toBeNull();
  });

  it('keeps access and refresh tokens apart', async () => {
    const access = await signAccessToken(SECRET, PAYLOAD, NOW);
    const refresh = await signRefreshToken(SECRET, 7, crypto.randomUUID(), NOW);
    expect(await verifyRefreshToken(SECRET, refresh.token, NOW)).toMatchObject({ user_id: 7 });
    expect(await verifyAccessToken(SECRET, refresh.token, NOW)).toBeNull();
    expect(await verifyRefreshToken(SECRET, access, NOW)).toBeNull();
  });
});
