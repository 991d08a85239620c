import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  LOGIN_FAILURES_PER_EMAIL_LIMIT,
  LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_IP_LIMIT,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  LOGIN_SLOWDOWN_STEP_MS,
} from '@gurumatch/shared/constants';
import type { ErrorBody } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { AUTH_MESSAGES } from '@gurumatch/shared/messages/auth';
import type {
  Coins,
  CurrentUser,
  RegisterBody,
  TokenPair,
  UserStatus,
} from '@gurumatch/shared/schemas/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { TEST_JWT_SECRET, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  grantCoins,
  decodeAccess,
  findStoredUser,
  insertAddress,
  registerTeacher,
  registerUser,
  registrationBody,
  rows,
  signIn,
  strongPassword,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.ts';
import { signToken, tamperPayload, unsignedCopy } from '../../../test/tokens.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

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

function postRegister(payload: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: payload as Record<string, unknown>,
  });
}

function refresh(token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh/',
    payload: { refresh: token },
  });
}

function getWith(url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function statusOf(access: string): Promise<UserStatus['redirect_to']> {
  const response = await getWith('/api/auth/user/status/', access);
  expect(response.statusCode).toBe(200);
  return response.json<UserStatus>().redirect_to;
}

function expectTokenNotValid(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = errorOf(response);
  expect(body.code).toBe('token_not_valid');
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
}

describe('POST /api/auth/register/', () => {
  it('creates an account and answers 201 with an access and a refresh token', async () => {
    const response = await postRegister(registrationBody());

    expect(response.statusCode).toBe(201);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(pair.refresh).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(pair.access).not.toBe(pair.refresh);
  });

  it('signs the user in: the access token carries who they are, no coins and a 5-minute life', async () => {
    const email = uniqueEmail('claims');
    const response = await postRegister(
      registrationBody({ email, full_name: 'Rahul Iyer', role: 'teacher' }),
    );
    expect(response.statusCode).toBe(201);

    const claims = decodeAccess(response.json<TokenPair>().access);
    const [stored] = await rows<{ id: number }>(t.db, 'SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    expect(claims).toMatchObject({
      token_type: 'access',
      user_id: stored?.id,
      username: email,
      email,
      full_name: 'Rahul Iyer',
      avatar: null,
      role: 'teacher',
      coins: 0,
    });
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(claims.exp - claims.iat).toBe(300);
    expect(claims.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores the e-mail in lower case, the name trimmed and a salted hash instead of the password', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const first = await postRegister(registrationBody({ email, full_name: '  Meera Nair ' }));
    expect(first.statusCode).toBe(201);

    const stored = await findStoredUser(t.db, email);
    expect(stored).toBeDefined();
    expect(stored?.email).toBe(email.toLowerCase());
    expect(stored?.full_name).toBe('Meera Nair');
    expect(stored?.role).toBe('student');
    expect(stored?.password_hash).not.toBe(strongPassword);
    expect(stored?.password_hash).not.toContain(strongPassword);
    expect(stored?.password_hash).toMatch(/^scrypt\$/);

    const other = await registerUser(t.app);
    const otherHash = (await findStoredUser(t.db, other.email))?.password_hash;
    expect(otherHash).not.toBe(stored?.password_hash);
  });

  it('stores one refresh session for the new account', async () => {
    const user = await registerUser(t.app);
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(1);
  });

  const refusals: {
    name: string;
    body: Partial<RegisterBody> & Record<string, unknown>;
    omit?: keyof RegisterBody;
    detail: string;
    field: string;
  }[] = [
    {
      name: 'a missing full name with "Please fill all fields"',
      body: {},
      omit: 'full_name',
      detail: MESSAGES.fillAllFields,
      field: 'full_name',
    },
    {
      name: 'a missing confirmation with "Please fill all fields"',
      body: {},
      omit: 'confirm_password',
      detail: MESSAGES.fillAllFields,
      field: 'confirm_password',
    },
    {
      name: 'a name of spaces only with "Please fill all fields"',
      body: { full_name: '   ' },
      detail: MESSAGES.fillAllFields,
      field: 'full_name',
    },
    {
      name: 'a confirmation that differs with "Passwords do not match"',
      body: { password: strongPassword, confirm_password: `${strongPassword}x` },
      detail: MESSAGES.passwordsDoNotMatch,
      field: 'confirm_password',
    },
    {
      name: 'a 7-character password with the minimum-length message',
      body: { password: 'Ab1!xyz', confirm_password: 'Ab1!xyz' },
      detail: MESSAGES.passwordTooShort,
      field: 'password',
    },
    {
      name: 'a password without an upper-case letter or a special character with the strength message',
      body: { password: 'password1234', confirm_password: 'password1234' },
      detail: MESSAGES.passwordTooWeak,
      field: 'password',
    },
    {
      name: 'a password without a digit with the strength message',
      body: { password: 'Password!!', confirm_password: 'Password!!' },
      detail: MESSAGES.passwordTooWeak,
      field: 'password',
    },
    {
      name: 'an unknown role with "Please select a valid role"',
      body: { role: 'admin' },
      detail: MESSAGES.invalidRole,
      field: 'role',
    },
    {
      name: 'a missing role with "Please select a valid role"',
      body: {},
      omit: 'role',
      detail: MESSAGES.invalidRole,
      field: 'role',
    },
    {
      name: 'an e-mail without "@" with "Please enter a valid email"',
      body: { email: 'asha.example.in' },
      detail: MESSAGES.invalidEmail,
      field: 'email',
    },
    {
      name: 'an e-mail without a domain with "Please enter a valid email"',
      body: { email: 'asha@' },
      detail: MESSAGES.invalidEmail,
      field: 'email',
    },
    {
      name: 'a name longer than 100 characters with the too-long message',
      body: { full_name: 'A'.repeat(101) },
      detail: MESSAGES.fieldTooLong,
      field: 'full_name',
    },
    {
      name: 'a password longer than 128 characters with the too-long message',
      body: {
        password: `${strongPassword}${'a'.repeat(120)}`,
        confirm_password: `${strongPassword}${'a'.repeat(120)}`,
      },
      detail: MESSAGES.fieldTooLong,
      field: 'password',
    },
    {
      name: 'a short AND mismatched password with "Passwords do not match" (spec order)',
      body: { password: 'Ab1!', confirm_password: 'Zz9?' },
      detail: MESSAGES.passwordsDoNotMatch,
      field: 'confirm_password',
    },
    {
      name: 'a weak password AND an unknown role with the strength message (spec order)',
      body: { password: 'weakpassword', confirm_password: 'weakpassword', role: 'admin' },
      detail: MESSAGES.passwordTooWeak,
      field: 'password',
    },
    {
      name: 'an unknown role AND a bad e-mail with "Please select a valid role" (spec order)',
      body: { role: 'parent', email: 'not-an-email' },
      detail: MESSAGES.invalidRole,
      field: 'role',
    },
    {
      name: 'a missing field AND mismatched passwords with "Please fill all fields" (spec order)',
      body: { full_name: '', confirm_password: 'something-else' },
      detail: MESSAGES.fillAllFields,
      field: 'full_name',
    },
  ];

  it.each(refusals)('refuses $name, with 400, and stores nothing', async (refusal) => {
    const body = Object.fromEntries(
      Object.entries({ ...registrationBody(), ...refusal.body }).filter(
        ([field]) => field !== refusal.omit,
      ),
    );
    const usersBefore = await countRows(t.db, 'users');

    const response = await postRegister(body);

    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.detail).toBe(refusal.detail);
    expect(error.code).toBe('validation_error');
    expect(error.errors?.[refusal.field]).toEqual([refusal.detail]);
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
    if (typeof body.email === 'string') {
      expect(await findStoredUser(t.db, body.email)).toBeUndefined();
    }
  });

  it('refuses a duplicate e-mail in any case with 400 and errors.email, and stores nothing', async () => {
    const email = uniqueEmail('dup');
    await registerUser(t.app, { email, full_name: 'First Owner' });
    const usersBefore = await countRows(t.db, 'users');
    const tokensBefore = await countRows(t.db, 'refresh_tokens');

    const response = await postRegister(
      registrationBody({ email: `  ${email.toUpperCase()} `, full_name: 'Second Owner' }),
    );

    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('email_taken');
    expect(error.detail).toBe(MESSAGES.emailTaken);
    expect(error.errors?.email).toEqual([MESSAGES.emailTaken]);
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
    expect(await countRows(t.db, 'refresh_tokens')).toBe(tokensBefore);
    expect((await findStoredUser(t.db, email))?.full_name).toBe('First Owner');
  });

  it('keeps one account when the same e-mail registers twice at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([
      postRegister(registrationBody({ email })),
      postRegister(registrationBody({ email: email.toUpperCase() })),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await countRows(t.db, 'users', 'email = $1', [email])).toBe(1);
  });

  it('refuses a malformed JSON body with 400 JSON and stores nothing', async () => {
    const usersBefore = await countRows(t.db, 'users');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "broken@example.in", "password": ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response)).toMatchObject({
      detail: MESSAGES.malformedBody,
      code: 'validation_error',
    });
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });

  it('refuses a role of the wrong type (123) with the spec message, and stores nothing', async () => {
    const body = { ...registrationBody(), role: 123 };
    const usersBefore = await countRows(t.db, 'users');

    const response = await postRegister(body);

    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_error');
    expect(error.detail).toBe(MESSAGES.invalidRole);
    expect(error.errors?.role).toEqual([MESSAGES.invalidRole]);
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
    expect(await findStoredUser(t.db, body.email)).toBeUndefined();
  });

  it.each([
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
  ])('refuses %s instead of an object with 400 JSON and stores nothing', async (_name, payload) => {
    const usersBefore = await countRows(t.db, 'users');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload,
    });

    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(typeof error.detail).toBe('string');
    expect(error.code).toBe('validation_error');
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });

  it('refuses a body that is not JSON at all (plain text) with 400 JSON and stores nothing', async () => {
    const usersBefore = await countRows(t.db, 'users');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=someone@example.in&password=Str0ng!Passw0rd',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof errorOf(response).detail).toBe('string');
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });

  it('refuses a form-encoded body with 415 JSON and stores nothing', async () => {
    const usersBefore = await countRows(t.db, 'users');

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=someone%40example.in',
    });

    expect(response.statusCode).toBe(415);
    expect(typeof errorOf(response).detail).toBe('string');
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });
});

describe('GET /api/auth/user/status/', () => {
  it('sends a new user to phone verification, then address, profile and dashboard as each step is done', async () => {
    const user = await registerUser(t.app);

    const firstAnswer = await getWith('/api/auth/user/status/', user.access);
    expect(firstAnswer.statusCode).toBe(200);
    expect(firstAnswer.json<UserStatus>()).toEqual({
      is_authenticated: true,
      redirect_to: 'phone-verification',
    });

    await rows(
      t.db,
      `UPDATE users SET is_phone_verified = true, phone_number = '9876543210' WHERE id = $1`,
      [user.userId],
    );
    expect(await statusOf(user.access)).toBe('add-address');

    await insertAddress(t.db, user.userId);
    expect(await statusOf(user.access)).toBe('complete-profile');

    await rows(t.db, 'UPDATE users SET profile_completed_at = now() WHERE id = $1', [user.userId]);
    expect(await statusOf(user.access)).toBe('dashboard');
  });

  it('asks for the phone first even when the other steps are done', async () => {
    const user = await registerUser(t.app);
    await insertAddress(t.db, user.userId);
    await rows(t.db, 'UPDATE users SET profile_completed_at = now() WHERE id = $1', [user.userId]);

    expect(await statusOf(user.access)).toBe('phone-verification');
  });

  it('answers also without the trailing slash', async () => {
    const user = await registerUser(t.app);
    const response = await getWith('/api/auth/user/status', user.access);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserStatus>().redirect_to).toBe('phone-verification');
  });

  it('refuses a request without a token with 401 token_not_valid', async () => {
    const response = await getWith('/api/auth/user/status/');
    expectTokenNotValid(response);
    expect(errorOf(response).detail).toBe(MESSAGES.tokenMissing);
  });

  it("refuses a deactivated account's still-unexpired token with 401 token_not_valid", async () => {
    const user = await registerUser(t.app);
    await rows(t.db, 'UPDATE users SET is_active = false WHERE id = $1', [user.userId]);

    expectTokenNotValid(await getWith('/api/auth/user/status/', user.access));
    expectTokenNotValid(await getWith('/api/auth/user/me/', user.access));
  });
});

describe('POST /api/auth/token/', () => {
  it('signs in with the e-mail typed in another case and answers a fresh pair', async () => {
    const user = await registerUser(t.app);

    const response = await signIn(t.app, `  ${user.email.toUpperCase()}`, user.password);

    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    const claims = decodeAccess(pair.access);
    expect(claims.user_id).toBe(user.userId);
    expect(claims.email).toBe(user.email);
    expect(claims.username).toBe(user.email);
    expect(pair.refresh).not.toBe(user.refresh);
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('records the time of the last sign-in', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(MINUTE_MS);

    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);

    const stored = await findStoredUser(t.db, user.email);
    expect(stored?.last_login?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('refuses a wrong password with 401 and a detail, and issues no token', async () => {
    const user = await registerUser(t.app);
    const sessionsBefore = await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId]);

    const response = await signIn(t.app, user.email, `${user.password}x`);

    expect(response.statusCode).toBe(401);
    const error = errorOf(response);
    expect(error.detail).toBe(MESSAGES.invalidCredentials);
    expect(error).not.toHaveProperty('access');
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(
      sessionsBefore,
    );
  });

  it('refuses an unknown e-mail with the same 401 answer as a wrong password', async () => {
    const user = await registerUser(t.app);
    const wrongPassword = await signIn(t.app, user.email, 'Wr0ng!Password');
    const unknownEmail = await signIn(t.app, uniqueEmail('nobody'), 'Wr0ng!Password');

    expect(unknownEmail.statusCode).toBe(401);
    expect(errorOf(unknownEmail)).toEqual(errorOf(wrongPassword));
  });

  it('refuses a deactivated account with the same 401 answer', async () => {
    const user = await registerUser(t.app);
    await rows(t.db, 'UPDATE users SET is_active = false WHERE id = $1', [user.userId]);

    const response = await signIn(t.app, user.email, user.password);

    expect(response.statusCode).toBe(401);
    expect(errorOf(response).detail).toBe(MESSAGES.invalidCredentials);
  });

  it.each([
    ['the password', { username: 'someone@example.in' }],
    ['the username', { password: strongPassword }],
    ['both fields', {}],
    ['a non-empty username', { username: '   ', password: strongPassword }],
    ['a non-empty password', { username: 'someone@example.in', password: '' }],
  ])('refuses a body without %s with 400 JSON', async (_name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload,
      remoteAddress: uniqueIp(),
    });

    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_error');
    expect(typeof error.detail).toBe('string');
  });
});

describe('sign-in throttling', () => {
  async function failSignIns(email: string, times: number, ip: string): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      const response = await signIn(t.app, email, 'Wr0ng!Password', ip);
      expect(response.statusCode).toBe(401);
    }
  }

  it(`answers slower and slower once an e-mail has failed ${String(LOGIN_SLOWDOWN_AFTER_FAILURES)} times`, async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();

    await failSignIns(user.email, LOGIN_SLOWDOWN_AFTER_FAILURES, ip);
    expect(t.sleeps).toEqual([]);

    const extraFailures = LOGIN_FAILURES_PER_EMAIL_LIMIT - LOGIN_SLOWDOWN_AFTER_FAILURES;
    expect(extraFailures).toBeGreaterThanOrEqual(2);
    for (let extra = 1; extra <= extraFailures; extra += 1) {
      await failSignIns(user.email, 1, ip);
      expect(t.sleeps).toHaveLength(extra);
      expect(t.sleeps.at(-1)).toBe(extra * LOGIN_SLOWDOWN_STEP_MS);
    }
  });

  it(`refuses even the right password with 429, Retry-After and the sign-in code offer after ${String(LOGIN_FAILURES_PER_EMAIL_LIMIT)} failures, from an address that failed`, async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();
    const otherFailingIp = uniqueIp();
    await failSignIns(user.email, LOGIN_FAILURES_PER_EMAIL_LIMIT - 1, ip);
    await failSignIns(user.email, 1, otherFailingIp);
    const sessionsBefore = await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId]);

    const sameAddress = await signIn(t.app, user.email, user.password, ip);
    const otherAddress = await signIn(
      t.app,
      user.email.toUpperCase(),
      user.password,
      otherFailingIp,
    );

    for (const response of [sameAddress, otherAddress]) {
      expect(response.statusCode).toBe(429);
      expect(errorOf(response)).toMatchObject({
        detail: AUTH_MESSAGES.signInCodeOffered,
        code: 'sign_in_code_available',
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS);
    }
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(
      sessionsBefore,
    );
  });

  it('does not block a different e-mail signing in from another address', async () => {
    const victim = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    const attacker = uniqueIp();
    await failSignIns(victim.email, LOGIN_FAILURES_PER_EMAIL_LIMIT, attacker);
    expect((await signIn(t.app, victim.email, victim.password, attacker)).statusCode).toBe(429);
    t.sleeps.length = 0;

    const response = await signIn(t.app, bystander.email, bystander.password, uniqueIp());

    expect(response.statusCode).toBe(200);
    expect(t.sleeps).toEqual([]);
  });

  it('forgets the failures of an e-mail once it signs in successfully', async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();
    await failSignIns(user.email, LOGIN_FAILURES_PER_EMAIL_LIMIT - 1, ip);

    expect((await signIn(t.app, user.email, user.password, uniqueIp())).statusCode).toBe(200);
    await failSignIns(user.email, LOGIN_FAILURES_PER_EMAIL_LIMIT - 1, uniqueIp());
    expect((await signIn(t.app, user.email, user.password, uniqueIp())).statusCode).toBe(200);
  });

  it(`refuses an address with 429 after ${String(LOGIN_FAILURES_PER_IP_LIMIT)} failures across many e-mails`, async () => {
    const user = await registerUser(t.app);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_FAILURES_PER_IP_LIMIT; i += 1) {
      const response = await signIn(t.app, uniqueEmail('spray'), 'Wr0ng!Password', ip);
      expect(response.statusCode).toBe(401);
    }
    expect(t.sleeps.length).toBeGreaterThan(0);

    const blocked = await signIn(t.app, user.email, user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).detail).toBe(MESSAGES.tooManyLoginAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const elsewhere = await signIn(t.app, user.email, user.password, uniqueIp());
    expect(elsewhere.statusCode).toBe(200);
  });

  it.skipIf(Boolean(process.env.REDIS_URL))(
    'lets the e-mail sign in again once the window has passed (in-process counters follow the clock)',
    async () => {
      const user = await registerUser(t.app);
      const ip = uniqueIp();
      await failSignIns(user.email, LOGIN_FAILURES_PER_EMAIL_LIMIT, ip);
      expect((await signIn(t.app, user.email, user.password, ip)).statusCode).toBe(429);

      t.clock.advance(LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS * 1000 + 1000);

      expect((await signIn(t.app, user.email, user.password, ip)).statusCode).toBe(200);
    },
  );
});

describe('POST /api/auth/token/refresh/', () => {
  it('answers a new pair, both tokens different from the old ones, and the new access works', async () => {
    const user = await registerUser(t.app);

    const response = await refresh(user.refresh);

    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect(pair.access).not.toBe(user.access);
    expect(pair.refresh).not.toBe(user.refresh);
    expect(decodeAccess(pair.access).user_id).toBe(user.userId);
    expect((await getWith('/api/auth/user/me/', pair.access)).statusCode).toBe(200);
  });

  it('puts the current coin balance into the refreshed access token', async () => {
    const teacher = await registerTeacher(t.app);
    await grantCoins(t.db, teacher.userId, 40, t.clock.now());

    const pair = (await refresh(teacher.refresh)).json<TokenPair>();

    expect(decodeAccess(pair.access).coins).toBe(40);
  });

  it('refuses a spent refresh token with 401 token_not_valid and revokes its whole family', async () => {
    const user = await registerUser(t.app);
    const rotated = (await refresh(user.refresh)).json<TokenPair>();

    const replay = await refresh(user.refresh);
    expectTokenNotValid(replay);
    expect(errorOf(replay).detail).toBe(MESSAGES.refreshReused);

    expectTokenNotValid(await refresh(rotated.refresh));
    const live = await rows<{ jti: string }>(
      t.db,
      'SELECT jti FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL',
      [user.userId],
    );
    expect(live).toEqual([]);
  });

  it("keeps the user's other sessions when one family is revoked", async () => {
    const user = await registerUser(t.app);
    const secondDevice = (await signIn(t.app, user.email, user.password)).json<TokenPair>();
    await refresh(user.refresh);
    expectTokenNotValid(await refresh(user.refresh));

    const response = await refresh(secondDevice.refresh);

    expect(response.statusCode).toBe(200);
  });

  it('refuses to refresh for a deactivated account with 401', async () => {
    const user = await registerUser(t.app);
    await rows(t.db, 'UPDATE users SET is_active = false WHERE id = $1', [user.userId]);

    expectTokenNotValid(await refresh(user.refresh));
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const user = await registerUser(t.app);

    const answers = await Promise.all([refresh(user.refresh), refresh(user.refresh)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['three dotted parts of garbage', 'aaa.bbb.ccc'],
  ])('refuses %s with 401 token_not_valid', async (_name, token) => {
    expectTokenNotValid(await refresh(token));
  });

  it('refuses an access token passed as a refresh token with 401', async () => {
    const user = await registerUser(t.app);
    expectTokenNotValid(await refresh(user.access));
  });

  it('refuses a refresh token signed with another secret with 401', async () => {
    const user = await registerUser(t.app);
    const claims = JSON.parse(
      Buffer.from(user.refresh.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const forged = await signToken(
      { token_type: 'refresh', user_id: claims.user_id, family: claims.family },
      'another-secret-of-16-chars',
      t.clock.now(),
    );

    expectTokenNotValid(await refresh(forged));
  });

  it('refuses a refresh token 8 days old with 401', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(8 * DAY_MS);

    expectTokenNotValid(await refresh(user.refresh));
  });

  it('forgets expired refresh tokens when the user signs in again', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(8 * DAY_MS);
    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(1);

    await signIn(t.app, user.email, user.password, uniqueIp());

    expect(await countRows(t.db, 'refresh_tokens', 'user_id = $1', [user.userId])).toBe(1);
    const [row] = await rows<{ expires_at: Date }>(
      t.db,
      'SELECT expires_at FROM refresh_tokens WHERE user_id = $1',
      [user.userId],
    );
    expect(row?.expires_at.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('still rotates a refresh token 6 days old', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(6 * DAY_MS);

    expect((await refresh(user.refresh)).statusCode).toBe(200);
  });

  it('refuses a body without a refresh token with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_error');
  });
});

describe('access tokens', () => {
  it('accepts an access token 4 minutes old', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(4 * MINUTE_MS);

    expect((await getWith('/api/auth/user/status/', user.access)).statusCode).toBe(200);
  });

  it('refuses an access token 6 minutes old with 401 token_not_valid', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(6 * MINUTE_MS);

    const response = await getWith('/api/auth/user/status/', user.access);
    expectTokenNotValid(response);
    expect(errorOf(response).detail).toBe(MESSAGES.tokenNotValid);
  });

  it('refuses a token signed with another secret with 401 token_not_valid', async () => {
    const user = await registerUser(t.app);
    const { exp: _exp, iat: _iat, jti: _jti, ...claims } = user.claims;
    const forged = await signToken(claims, 'another-secret-of-16-chars', t.clock.now());

    expectTokenNotValid(await getWith('/api/auth/user/status/', forged));
  });

  it('refuses a token whose payload was changed after signing with 401 token_not_valid', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const promoted = tamperPayload(student.access, { role: 'teacher' });

    expectTokenNotValid(await getWith('/api/auth/user/coins/', promoted));
  });

  it('refuses an unsigned ("alg": "none") copy of a real token with 401 token_not_valid', async () => {
    const user = await registerUser(t.app);
    expectTokenNotValid(await getWith('/api/auth/user/status/', unsignedCopy(user.access)));
  });

  it('refuses a correctly signed token of the wrong shape with 401 token_not_valid', async () => {
    const user = await registerUser(t.app);
    const { token_type: _type, ...rest } = user.claims;
    const forged = await signToken(
      { ...rest, token_type: 'refresh' },
      TEST_JWT_SECRET,
      t.clock.now(),
    );

    expectTokenNotValid(await getWith('/api/auth/user/status/', forged));
    expectTokenNotValid(await getWith('/api/auth/user/status/', user.refresh));
  });

  it.each([
    ['no Authorization header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Token abc.def.ghi' }],
  ])('refuses a request with %s with 401 token_not_valid', async (_name, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user/me/', headers });
    expectTokenNotValid(response);
    expect(errorOf(response).detail).toBe(MESSAGES.tokenMissing);
  });
});

describe('GET /api/auth/user/me/', () => {
  it('returns the signed-in user', async () => {
    const email = uniqueEmail('me');
    const user = await registerUser(t.app, { email, full_name: 'Kavya Menon', role: 'teacher' });
    const registeredAt = t.clock.now().toISOString();

    const response = await getWith('/api/auth/user/me/', user.access);

    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toEqual({
      user_id: user.userId,
      username: email,
      email,
      is_email_verified: false,
      full_phone: null,
      phone_number: null,
      is_phone_verified: false,
      role: 'teacher',
      full_name: 'Kavya Menon',
      avatar: null,
      last_login: registeredAt,
    });
  });

  it('shows the phone with its dial code once one is stored', async () => {
    const user = await registerUser(t.app);
    await rows(
      t.db,
      `UPDATE users SET phone_country_code = '+91', phone_number = '9876543210', is_phone_verified = true
        WHERE id = $1`,
      [user.userId],
    );

    const me = (await getWith('/api/auth/user/me/', user.access)).json<CurrentUser>();

    expect(me).toMatchObject({
      full_phone: '+919876543210',
      phone_number: '9876543210',
      is_phone_verified: true,
    });
  });

  it('never sends the password hash', async () => {
    const user = await registerUser(t.app);
    const response = await getWith('/api/auth/user/me/', user.access);
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('scrypt');
  });
});

describe('GET /api/auth/user/coins', () => {
  it.each(['/api/auth/user/coins', '/api/auth/user/coins/'])(
    'answers a teacher its balance of 0 at %s',
    async (url) => {
      const teacher = await registerTeacher(t.app);
      const response = await getWith(url, teacher.access);
      expect(response.statusCode).toBe(200);
      expect(response.json<Coins>()).toEqual({ coins: 0 });
    },
  );

  it('answers the stored balance, not the one in the token', async () => {
    const teacher = await registerTeacher(t.app);
    await grantCoins(t.db, teacher.userId, 125, t.clock.now());

    const response = await getWith('/api/auth/user/coins', teacher.access);

    expect(response.json<Coins>()).toEqual({ coins: 125 });
  });

  it('refuses a student with 403 permission_denied', async () => {
    const student = await registerUser(t.app, { role: 'student' });
    const response = await getWith('/api/auth/user/coins', student.access);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'permission_denied',
      detail: MESSAGES.permissionDenied,
    });
  });

  it('refuses a request without a token with 401 token_not_valid', async () => {
    expectTokenNotValid(await getWith('/api/auth/user/coins'));
  });
});
