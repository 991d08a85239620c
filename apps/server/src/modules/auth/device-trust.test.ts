/**
 * A stranger guessing passwords from many addresses cannot lock the owner out
 * (decision 044): a device that signed in before keeps signing in, and a new
 * device signs in with a one-time code mailed to the verified e-mail. Runs on
 * in-process counters, and on Redis when REDIS_URL is set.
 */
import {
  LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT,
  LOGIN_FAILURES_PER_DEVICE_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_LIMIT,
  LOGIN_FAILURES_PER_IP_LIMIT,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT,
  SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT,
  SIGN_IN_CODE_TTL_SECONDS,
} from '@gurumatch/shared/constants';
import type { ErrorBody } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';
import type { SignInCodeSent, TokenPair } from '@gurumatch/shared/schemas/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  decodeAccess,
  registerUser,
  rows,
  strongPassword,
  uniqueEmail,
  uniqueIp,
  type RegisteredUser,
} from '../../../test/factories.ts';

import { DEVICE_COOKIE_NAME } from './device-trust.ts';
import { revokeUserSessions } from './service.ts';

const WRONG = 'Wr0ng!Password';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  t.sleeps.length = 0;
});

function errorOf(response: LightMyRequestResponse): ErrorBody {
  return response.json<ErrorBody>();
}

/** The `Set-Cookie` header of the device cookie, or undefined. */
function deviceSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((value) => value.startsWith(`${DEVICE_COOKIE_NAME}=`));
}

/** What a browser sends back: `gm_device=<value>`. */
function cookieOf(response: LightMyRequestResponse): string {
  const header = deviceSetCookie(response);
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(response.headers)}`);
  return header.split(';')[0] ?? '';
}

function signIn(
  email: string,
  password: string,
  options: { ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username: email, password },
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

function requestCode(payload: unknown, ip: string = uniqueIp()): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-code/',
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });
}

function signInWithCode(
  payload: unknown,
  options: { ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token/code/',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

async function registerVerified(): Promise<RegisteredUser> {
  const user = await registerUser(t.app);
  await rows(t.db, 'UPDATE users SET is_email_verified = true WHERE id = $1', [user.userId]);
  return user;
}

/** The sign-in e-mails sent to `email`, newest first. */
async function codeMailsTo(email: string) {
  const box = t.ctx.outbox;
  if (!box) throw new Error('the dev outbox is not active');
  return (await box.list(1000, email)).filter(
    (entry) => entry.subject === AUTH_MESSAGES.signInCodeEmailSubject,
  );
}

async function lastCodeTo(email: string): Promise<string> {
  const [mail] = await codeMailsTo(email);
  const code = /sign-in code is (\d{6})\./.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${email}`);
  return code;
}

/** Requests a code for `email` and answers its challenge with the mailed code. */
async function mailedCode(email: string): Promise<{ challenge: string; code: string }> {
  const response = await requestCode({ email });
  expect(response.statusCode).toBe(200);
  return { challenge: response.json<SignInCodeSent>().challenge, code: await lastCodeTo(email) };
}

/**
 * One wrong password from each of as many fresh addresses as it takes to lock
 * the account's unknown devices, then one more from yet another: refused.
 */
async function strangerCampaign(email: string): Promise<void> {
  for (let i = 0; i < LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT; i += 1) {
    expect((await signIn(email, WRONG)).statusCode).toBe(401);
  }
  const capped = await signIn(email, WRONG);
  expect(capped.statusCode).toBe(429);
  expect(errorOf(capped).code).toBe('sign_in_code_available');
}

/**
 * The cheap way to make an address refuse new devices for an account: the
 * e-mail's failure limit, all from that address. Answers the address.
 */
async function lockFromAddress(email: string): Promise<string> {
  const ip = uniqueIp();
  for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_LIMIT; i += 1) {
    expect((await signIn(email, WRONG, { ip })).statusCode).toBe(401);
  }
  const capped = await signIn(email, WRONG, { ip });
  expect(capped.statusCode).toBe(429);
  expect(errorOf(capped).code).toBe('sign_in_code_available');
  return ip;
}

async function sessionsOf(userId: number): Promise<number> {
  return countRows(t.db, 'refresh_tokens', 'user_id = $1', [userId]);
}

describe('a device that signed in before', () => {
  it('gets an HttpOnly, SameSite=Lax device cookie scoped to the sign-in path, and the answer keeps its keys', async () => {
    const user = await registerUser(t.app);

    const response = await signIn(user.email, user.password);

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<TokenPair>()).sort()).toEqual(['access', 'refresh']);
    const header = deviceSetCookie(response) ?? '';
    expect(header).toMatch(/^gm_device=[^;]{60,}/);
    expect(header).toContain('Path=/api/auth/token');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toMatch(/Max-Age=\d{6,}/);
    expect(header).not.toContain('Secure'); // only in production
    expect(header).not.toContain(user.email);
  });

  it(`keeps signing in after ${String(LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT)} wrong passwords from ${String(LOGIN_ATTEMPTS_PER_EMAIL_HARD_LIMIT)} addresses, unslowed, while the stranger stays capped`, async () => {
    const owner = await registerUser(t.app);
    const device = cookieOf(await signIn(owner.email, owner.password));

    await strangerCampaign(owner.email);
    t.sleeps.length = 0;
    const before = await sessionsOf(owner.userId);

    const response = await signIn(owner.email, owner.password, { cookie: device });

    expect(response.statusCode).toBe(200);
    expect(decodeAccess(response.json<TokenPair>().access).user_id).toBe(owner.userId);
    expect(t.sleeps).toEqual([]);
    expect(await sessionsOf(owner.userId)).toBe(before + 1);
    // the owner's success did not give the stranger a fresh allowance
    const stranger = await signIn(owner.email, WRONG);
    expect(stranger.statusCode).toBe(429);
    expect(errorOf(stranger).code).toBe('sign_in_code_available');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('also signs in from an address locked by guesses across many e-mails', async () => {
    const owner = await registerUser(t.app);
    const device = cookieOf(await signIn(owner.email, owner.password));
    const shared = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP_LIMIT; i += 1) {
      await signIn(uniqueEmail('spray'), WRONG, { ip: shared });
    }
    expect((await signIn(owner.email, owner.password, { ip: shared })).statusCode).toBe(429);

    const response = await signIn(owner.email, owner.password, { ip: shared, cookie: device });

    expect(response.statusCode).toBe(200);
  });

  it('is registered by sign-up too', async () => {
    const body = {
      full_name: 'Device Owner',
      email: uniqueEmail('signup'),
      password: strongPassword,
      confirm_password: strongPassword,
      role: 'student',
    };
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: body,
      remoteAddress: uniqueIp(),
    });
    expect(registered.statusCode).toBe(201);
    const ip = await lockFromAddress(body.email);

    const response = await signIn(body.email, body.password, {
      ip,
      cookie: cookieOf(registered),
    });

    expect(response.statusCode).toBe(200);
  });

  it(`has a bucket of its own: ${String(LOGIN_FAILURES_PER_DEVICE_LIMIT)} wrong passwords of its own refuse it, and only it`, async () => {
    const owner = await registerUser(t.app);
    const device = cookieOf(await signIn(owner.email, owner.password));
    const otherDevice = cookieOf(await signIn(owner.email, owner.password));
    for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE_LIMIT; i += 1) {
      expect((await signIn(owner.email, WRONG, { cookie: device })).statusCode).toBe(401);
    }

    const locked = await signIn(owner.email, owner.password, { cookie: device });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({
      code: 'sign_in_code_available',
      detail: AUTH_MESSAGES.signInCodeOffered,
    });
    expect((await signIn(owner.email, owner.password, { cookie: otherDevice })).statusCode).toBe(
      200,
    );
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts as a new device for another account, and a tampered cookie counts as no cookie', async () => {
    const owner = await registerUser(t.app);
    const neighbour = await registerUser(t.app);
    const neighbourDevice = cookieOf(await signIn(neighbour.email, neighbour.password));
    const ownerDevice = cookieOf(await signIn(owner.email, owner.password));
    const ip = await lockFromAddress(owner.email);

    const foreign = await signIn(owner.email, owner.password, { ip, cookie: neighbourDevice });
    const tampered = await signIn(owner.email, owner.password, {
      ip,
      // a character in the middle of the signature (the last one may carry only padding bits)
      cookie: `${ownerDevice.slice(0, -10)}${ownerDevice.at(-10) === 'A' ? 'B' : 'A'}${ownerDevice.slice(-9)}`,
    });

    expect(foreign.statusCode).toBe(429);
    expect(tampered.statusCode).toBe(429);
  });

  it('keeps the tokens of every account signed in on the browser', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const afterFirst = cookieOf(await signIn(first.email, first.password));
    const both = cookieOf(await signIn(second.email, second.password, { cookie: afterFirst }));
    const firstIp = await lockFromAddress(first.email);
    const secondIp = await lockFromAddress(second.email);

    expect(
      (await signIn(first.email, first.password, { ip: firstIp, cookie: both })).statusCode,
    ).toBe(200);
    expect(
      (await signIn(second.email, second.password, { ip: secondIp, cookie: both })).statusCode,
    ).toBe(200);
  });

  it('becomes a new device again once the sessions of its account are ended (password reset, suspension)', async () => {
    const owner = await registerUser(t.app);
    const device = cookieOf(await signIn(owner.email, owner.password));
    const ip = await lockFromAddress(owner.email);
    expect((await signIn(owner.email, owner.password, { ip, cookie: device })).statusCode).toBe(
      200,
    );
    await revokeUserSessions(t.db, owner.userId, new Date(t.clock.now().getTime() + 2000));

    expect((await signIn(owner.email, owner.password, { ip, cookie: device })).statusCode).toBe(
      429,
    );
  });
});

describe('a new device, when the account refuses new devices', () => {
  it('is told about the code, requests one, signs in with it, and is trusted from then on', async () => {
    const owner = await registerVerified();
    await strangerCampaign(owner.email);
    const ip = uniqueIp();

    const refused = await signIn(owner.email, owner.password, { ip });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'sign_in_code_available',
      detail: AUTH_MESSAGES.signInCodeOffered,
    });

    const requested = await requestCode({ email: owner.email.toUpperCase() }, ip);
    expect(requested.statusCode).toBe(200);
    const sent = requested.json<SignInCodeSent>();
    expect(sent).toMatchObject({ success: true, message: AUTH_MESSAGES.signInCodeSent });
    const code = await lastCodeTo(owner.email);
    const stored = await rows<{ code_hash: string }>(
      t.db,
      'SELECT code_hash FROM sign_in_codes WHERE id = $1',
      [sent.challenge],
    );
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);
    const before = await sessionsOf(owner.userId);

    const response = await signInWithCode(
      { username: owner.email, password: owner.password, challenge: sent.challenge, code },
      { ip },
    );

    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(decodeAccess(pair.access).user_id).toBe(owner.userId);
    expect(await sessionsOf(owner.userId)).toBe(before + 1);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/status/',
      headers: bearer(pair.access),
    });
    expect(status.statusCode).toBe(200);
    // trusted from then on: its password signs it in despite the stranger
    const again = await signIn(owner.email, owner.password, { ip, cookie: cookieOf(response) });
    expect(again.statusCode).toBe(200);
    // and the stranger is still capped
    expect((await signIn(owner.email, WRONG)).statusCode).toBe(429);
  });

  it('refuses a reused code, a code past its 10 minutes, an older challenge with the newer code, and another account’s code', async () => {
    const owner = await registerVerified();
    const other = await registerVerified();
    const signInBody = (challenge: string, code: string, who: RegisteredUser = owner) => ({
      username: who.email,
      password: who.password,
      challenge,
      code,
    });

    const used = await mailedCode(owner.email);
    expect((await signInWithCode(signInBody(used.challenge, used.code))).statusCode).toBe(200);
    const reused = await signInWithCode(signInBody(used.challenge, used.code));

    const old = await mailedCode(owner.email);
    t.clock.advance(SIGN_IN_CODE_TTL_SECONDS * 1000 + 1000);
    const expired = await signInWithCode(signInBody(old.challenge, old.code));

    const first = await mailedCode(owner.email);
    const second = await mailedCode(owner.email);
    const crossed =
      first.code === second.code
        ? null
        : await signInWithCode(signInBody(first.challenge, second.code));

    const theirs = await mailedCode(other.email);
    const foreign = await signInWithCode(signInBody(theirs.challenge, theirs.code));

    const before = await sessionsOf(owner.userId);
    for (const response of [reused, expired, crossed, foreign]) {
      if (!response) continue;
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'sign_in_code_invalid',
        detail: AUTH_MESSAGES.signInCodeInvalid,
      });
    }
    expect(await sessionsOf(owner.userId)).toBe(before);
    // each code still works for its own challenge and account
    expect((await signInWithCode(signInBody(second.challenge, second.code))).statusCode).toBe(200);
    expect(
      (await signInWithCode(signInBody(theirs.challenge, theirs.code, other))).statusCode,
    ).toBe(200);
  });

  it(`refuses even the right code after ${String(SIGN_IN_CODE_MAX_ATTEMPTS)} wrong tries, a wrong password with the right code being one`, async () => {
    const owner = await registerVerified();
    const { challenge, code } = await mailedCode(owner.email);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrongPassword = await signInWithCode({
      username: owner.email,
      password: WRONG,
      challenge,
      code,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorOf(wrongPassword).detail).toBe(MESSAGES.invalidCredentials);
    for (let i = 1; i < SIGN_IN_CODE_MAX_ATTEMPTS; i += 1) {
      const response = await signInWithCode({
        username: owner.email,
        password: owner.password,
        challenge,
        code: wrongCode,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('sign_in_code_invalid');
    }

    const right = await signInWithCode({
      username: owner.email,
      password: owner.password,
      challenge,
      code,
    });
    expect(right.statusCode).toBe(400);
    expect(errorOf(right).code).toBe('sign_in_code_invalid');
    const stored = await rows<{ attempts: number; consumed_at: Date | null }>(
      t.db,
      'SELECT attempts, consumed_at FROM sign_in_codes WHERE id = $1',
      [challenge],
    );
    expect(stored[0]).toEqual({ attempts: SIGN_IN_CODE_MAX_ATTEMPTS, consumed_at: null });
  });

  it('lets only one of two simultaneous sign-ins with the same code win', async () => {
    const owner = await registerVerified();
    const { challenge, code } = await mailedCode(owner.email);
    const body = { username: owner.email, password: owner.password, challenge, code };

    const responses = await Promise.all([signInWithCode(body), signInWithCode(body)]);

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/auth/sign-in-code/', () => {
  it('answers the same for a verified account, an unverified one and an unknown e-mail, and mails only the verified one', async () => {
    const verified = await registerVerified();
    const unverified = await registerUser(t.app);
    const unknown = uniqueEmail('nobody');
    const codesBefore = await countRows(t.db, 'sign_in_codes');

    const answers = await Promise.all(
      [verified.email, unverified.email, unknown].map((email) => requestCode({ email })),
    );

    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const { challenge, ...rest } = answer.json<SignInCodeSent>();
      expect(challenge).toMatch(/^[0-9a-f-]{36}$/);
      expect(rest).toEqual({ success: true, message: AUTH_MESSAGES.signInCodeSent });
    }
    expect(await codeMailsTo(verified.email)).toHaveLength(1);
    expect(await codeMailsTo(unverified.email)).toHaveLength(0);
    expect(await codeMailsTo(unknown)).toHaveLength(0);
    expect(await countRows(t.db, 'sign_in_codes')).toBe(codesBefore + 1);
    // a challenge for an unknown e-mail leads nowhere, with the answer any wrong code gets
    const nowhere = await signInWithCode({
      username: unknown,
      password: strongPassword,
      challenge: answers[2]?.json<SignInCodeSent>().challenge,
      code: '123456',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(errorOf(nowhere).code).toBe('sign_in_code_invalid');
  });

  it(`mails an e-mail at most ${String(SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT)} codes a window, answering the same beyond`, async () => {
    const owner = await registerVerified();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT + 2; i += 1) {
      answers.push(await requestCode({ email: owner.email }));
    }

    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await codeMailsTo(owner.email)).toHaveLength(SIGN_IN_CODE_REQUESTS_PER_EMAIL_LIMIT);
  });

  it(`refuses an address after ${String(SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT)} requests with 429 and Retry-After`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SIGN_IN_CODE_REQUESTS_PER_IP_LIMIT; i += 1) {
      expect((await requestCode({ email: uniqueEmail('probe') }, ip)).statusCode).toBe(200);
    }

    const refused = await requestCode({ email: uniqueEmail('probe') }, ip);

    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await requestCode({ email: uniqueEmail('probe') })).statusCode).toBe(200);
  });

  it.each([
    ['no e-mail', {}],
    ['an empty e-mail', { email: '  ' }],
    ['an e-mail that is not one', { email: 'not-an-email' }],
    ['an e-mail of the wrong type', { email: 42 }],
  ])('refuses %s with 400 JSON and mails nothing', async (_name, payload) => {
    const codesBefore = await countRows(t.db, 'sign_in_codes');
    const mailsBefore = await countRows(t.db, 'dev_outbox');

    const response = await requestCode(payload);

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_error');
    expect(typeof errorOf(response).detail).toBe('string');
    expect(await countRows(t.db, 'sign_in_codes')).toBe(codesBefore);
    expect(await countRows(t.db, 'dev_outbox')).toBe(mailsBefore);
  });
});

describe('POST /api/auth/token/code/ refuses a malformed body with 400 JSON and changes nothing', () => {
  it.each([
    ['no code', { challenge: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc' }],
    ['no challenge', { code: '123456' }],
    ['a challenge that is not a UUID', { challenge: 'abc', code: '123456' }],
    ['a code of letters', { challenge: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc', code: 'abcdef' }],
    ['a code too short', { challenge: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc', code: '12345' }],
    ['a code of the wrong type', { challenge: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc', code: 1 }],
  ])('%s', async (_name, extra) => {
    const owner = await registerVerified();
    const { challenge } = await mailedCode(owner.email);
    const before = await sessionsOf(owner.userId);

    const response = await signInWithCode({
      username: owner.email,
      password: owner.password,
      ...extra,
    });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_error');
    expect(typeof errorOf(response).detail).toBe('string');
    expect(deviceSetCookie(response)).toBeUndefined();
    expect(await sessionsOf(owner.userId)).toBe(before);
    const stored = await rows<{ attempts: number }>(
      t.db,
      'SELECT attempts FROM sign_in_codes WHERE id = $1',
      [challenge],
    );
    expect(stored[0]?.attempts).toBe(0);
  });

  it('ignores a bearer token: the endpoint signs in, it does not act for a signed-in user', async () => {
    const someone = await registerVerified();
    const owner = await registerVerified();
    const { challenge, code } = await mailedCode(owner.email);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/code/',
      payload: { username: owner.email, password: owner.password, challenge, code },
      headers: bearer(someone.access),
      remoteAddress: uniqueIp(),
    });

    expect(response.statusCode).toBe(200);
    expect(decodeAccess(response.json<TokenPair>().access).user_id).toBe(owner.userId);
  });
});
