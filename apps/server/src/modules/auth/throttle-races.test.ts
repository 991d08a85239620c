/**
 * Sign-in and sign-up limits under real concurrency: every attempt is counted
 * before its password is checked, so a burst cannot slip past a limit. Runs on
 * in-process counters, and on Redis when REDIS_URL is set.
 */
import {
  LOGIN_FAILURES_PER_EMAIL_LIMIT,
  LOGIN_FAILURES_PER_IP_LIMIT,
  PASSWORD_HASH_CONCURRENCY,
} from '@gurumatch/shared/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  countRows,
  registerUser,
  registrationBody,
  signIn,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.ts';
import { passwordHashLimiter } from '../../lib/passwords.ts';

const REGISTRATION_LIMIT = 10;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: String(REGISTRATION_LIMIT) } });
});

afterAll(async () => {
  await t.close();
});

/** Answers that went as far as a password check (401 wrong, 200 right), not refused (429). */
function checked(responses: LightMyRequestResponse[]): number {
  return responses.filter((r) => r.statusCode === 401 || r.statusCode === 200).length;
}

function statuses(responses: LightMyRequestResponse[]): Set<number> {
  return new Set(responses.map((r) => r.statusCode));
}

describe('sign-in attempts are counted before the password is checked', () => {
  it(`100 parallel wrong passwords for one account: at most ${String(LOGIN_FAILURES_PER_EMAIL_LIMIT)} checked`, async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => signIn(t.app, user.email, 'Wr0ng!Password', ip)),
    );

    expect(checked(responses)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL_LIMIT);
    expect(statuses(responses)).toEqual(new Set([401, 429]));
  });

  it('the right password hidden in a burst of 60 wrong ones from the same address gets no token past the limit', async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();
    const sessionsBefore = await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId]);

    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(t.app, user.email, i === 29 ? user.password : 'Wr0ng!Password', ip),
      ),
    );

    expect(checked(responses)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL_LIMIT);
    const tokens = responses.filter((r) => r.statusCode === 200).length;
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(
      sessionsBefore + tokens,
    );
  });

  it(`100 parallel attempts on many e-mails from one address: at most ${String(LOGIN_FAILURES_PER_IP_LIMIT)} checked`, async () => {
    const ip = uniqueIp();

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => signIn(t.app, uniqueEmail('spray'), 'Wr0ng!Password', ip)),
    );

    expect(checked(responses)).toBeLessThanOrEqual(LOGIN_FAILURES_PER_IP_LIMIT);
    expect(checked(responses)).toBeGreaterThan(0);
  });

  it(`never computes more than ${String(PASSWORD_HASH_CONCURRENCY)} password hashes at once`, () => {
    expect(passwordHashLimiter.peak).toBeGreaterThan(0);
    expect(passwordHashLimiter.peak).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
    expect(passwordHashLimiter.active).toBe(0);
  });
});

describe('lock-out: failures from one address do not lock the owner out elsewhere', () => {
  it('refuses the attacking address, even with the right password, and lets a clean address in', async () => {
    const victim = await registerUser(t.app);
    const attacker = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_LIMIT + 3; i += 1) {
      await signIn(t.app, victim.email, 'Wr0ng!Password', attacker);
    }

    expect((await signIn(t.app, victim.email, victim.password, attacker)).statusCode).toBe(429);
    t.sleeps.length = 0;
    const owner = await signIn(t.app, victim.email, victim.password, uniqueIp());
    expect(owner.statusCode).toBe(200);
    expect(t.sleeps).toEqual([]);
  });

  it('a clean address that then guesses wrong is refused like any other', async () => {
    const victim = await registerUser(t.app);
    const attacker = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_LIMIT; i += 1) {
      await signIn(t.app, victim.email, 'Wr0ng!Password', attacker);
    }
    const second = uniqueIp();
    expect((await signIn(t.app, victim.email, 'Wr0ng!Password', second)).statusCode).toBe(401);
    expect((await signIn(t.app, victim.email, victim.password, second)).statusCode).toBe(429);
  });
});

describe('sign-ups are counted before the account is created', () => {
  it(`30 parallel sign-ups from one address create at most ${String(REGISTRATION_LIMIT)} accounts`, async () => {
    const ip = uniqueIp();
    const before = await countRows(t.db, 'users');

    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register/',
          payload: registrationBody(),
          remoteAddress: ip,
        }),
      ),
    );

    const created = responses.filter((r) => r.statusCode === 201).length;
    expect(created).toBeLessThanOrEqual(REGISTRATION_LIMIT);
    expect(created).toBeGreaterThan(0);
    expect(statuses(responses)).toEqual(new Set([201, 429]));
    expect(await countRows(t.db, 'users')).toBe(before + created);
  });

  it('counts sign-ups refused because the e-mail is taken, so e-mails cannot be tested in bulk', async () => {
    const existing = await registerUser(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < REGISTRATION_LIMIT; i += 1) {
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        payload: registrationBody({ email: existing.email }),
        remoteAddress: ip,
      });
      expect(taken.statusCode).toBe(400);
    }

    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: registrationBody({ email: existing.email }),
      remoteAddress: ip,
    });
    expect(next.statusCode).toBe(429);
  });
});
