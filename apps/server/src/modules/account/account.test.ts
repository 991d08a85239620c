import { randomInt } from 'node:crypto';

import {
  FORGOT_PASSWORD_PER_EMAIL_LIMIT,
  FORGOT_PASSWORD_PER_IP_LIMIT,
  OTP_DAILY_LIMIT_PER_NUMBER,
  OTP_MAX_ATTEMPTS,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ACCOUNT_MESSAGES } from '@gurumatch/shared/messages/account';
import type { FailureBody, OtpStatus, SuccessMessage } from '@gurumatch/shared/schemas/account';
import type { CurrentUser, UserStatus } from '@gurumatch/shared/schemas/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  registerTeacher,
  registerUser,
  rows,
  signIn,
  strongPassword,
  uniqueEmail,
  uniqueIp,
  type RegisteredUser,
} from '../../../test/factories.ts';
import type { OutboxEntry } from '../../adapters/outbox/dev-outbox.ts';

import { encodeUid } from './service.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------
// helpers

function post(
  url: string,
  payload?: unknown,
  token?: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? bearer(token) : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function get(url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function outbox(): Promise<OutboxEntry[]> {
  const box = t.ctx.outbox;
  if (!box) throw new Error('the dev outbox is not active');
  return box.list(1000);
}

async function mailsTo(email: string): Promise<OutboxEntry[]> {
  return (await outbox()).filter((entry) => entry.kind === 'email' && entry.to === email);
}

async function lastLinkTo(email: string, prefix: string): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const link = mail.links.find((candidate) => candidate.startsWith(prefix));
    if (link) return link;
  }
  throw new Error(`no ${prefix} link mailed to ${email}`);
}

/** The path part `/{uid}/{token}` of the newest link of a kind mailed to `email`. */
async function linkPartsTo(
  email: string,
  kind: 'verify-email' | 'reset-password',
): Promise<{ uid: string; token: string }> {
  const link = await lastLinkTo(email, `${t.ctx.config.publicUrl}/${kind}/`);
  const [uid, token] = link.slice(`${t.ctx.config.publicUrl}/${kind}/`.length).split('/');
  if (!uid || !token) throw new Error(`bad link ${link}`);
  return { uid, token };
}

async function lastCodeTo(to: string): Promise<string> {
  const entry = (await outbox()).find(
    (candidate) => candidate.kind === 'otp' && candidate.to === to,
  );
  if (!entry?.code) throw new Error(`no code sent to ${to}`);
  return entry.code;
}

function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  message: string,
): FailureBody {
  expect(response.statusCode).toBe(status);
  const body = response.json<FailureBody>();
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  expect(body.detail).toBe(message);
  return body;
}

function expectUnauthenticated(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  const body = response.json<FailureBody>();
  expect(body.code).toBe('token_not_valid');
  expect(body.success).toBe(false);
}

/** A fresh access token for `user` (moving the clock expires the old one). */
async function accessOf(user: RegisteredUser): Promise<string> {
  const response = await signIn(t.app, user.email, user.password);
  expect(response.statusCode).toBe(200);
  return response.json<{ access: string }>().access;
}

function uniquePhone(): string {
  return `9${String(randomInt(100_000_000, 999_999_999))}`;
}

async function statusOf(access: string): Promise<UserStatus['redirect_to']> {
  const response = await get('/api/auth/user/status/', access);
  expect(response.statusCode).toBe(200);
  return response.json<UserStatus>().redirect_to;
}

// ---------------------------------------------------------------------------

describe('e-mail verification', () => {
  it('mails a verification link on registration, with the user id in base64url and a token stored only as a hash', async () => {
    const user = await registerUser(t.app);

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(ACCOUNT_MESSAGES.verificationEmailSubject);
    const { uid, token } = await linkPartsTo(user.email, 'verify-email');
    expect(uid).toBe(encodeUid(user.userId));
    expect(Buffer.from(uid, 'base64url').toString('utf8')).toBe(String(user.userId));
    expect(mails[0]?.body).toContain(token);

    const stored = await rows<{ token_hash: string; expires_at: Date }>(
      t.db,
      "SELECT token_hash, expires_at FROM account_tokens WHERE user_id = $1 AND purpose = 'verify_email'",
      [user.userId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.expires_at.getTime()).toBeGreaterThan(t.clock.now().getTime() + 23 * HOUR_MS);
  });

  it('verifies the e-mail through the link, and says so again when the used link is opened once more', async () => {
    const user = await registerUser(t.app);
    const { uid, token } = await linkPartsTo(user.email, 'verify-email');

    const response = await get(`/api/auth/verify-email/${uid}/${token}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.emailVerified,
    });
    const me = await get('/api/auth/user/me/', user.access);
    expect(me.json<CurrentUser>().is_email_verified).toBe(true);

    const again = await get(`/api/auth/verify-email/${uid}/${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json<SuccessMessage>().message).toBe(ACCOUNT_MESSAGES.emailAlreadyVerified);
  });

  it('refuses a changed token, another user id, a malformed uid and an expired link, and verifies nothing', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { uid, token } = await linkPartsTo(user.email, 'verify-email');
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;

    for (const url of [
      `/api/auth/verify-email/${uid}/${changed}/`,
      `/api/auth/verify-email/${encodeUid(other.userId)}/${token}/`,
      `/api/auth/verify-email/not-a-uid!/${token}/`,
      `/api/auth/verify-email/${Buffer.from('abc').toString('base64url')}/${token}/`,
      `/api/auth/verify-email/${uid}/short/`,
    ]) {
      expectFailure(await get(url), 400, ACCOUNT_MESSAGES.verificationLinkInvalid);
    }

    t.clock.advance(24 * HOUR_MS + SECOND_MS);
    try {
      expectFailure(
        await get(`/api/auth/verify-email/${uid}/${token}/`),
        400,
        ACCOUNT_MESSAGES.verificationLinkInvalid,
      );
    } finally {
      t.clock.advance(-(24 * HOUR_MS + SECOND_MS));
    }
    expect(
      await countRows(t.db, 'users', 'id = ANY($1) AND is_email_verified', [
        [user.userId, other.userId],
      ]),
    ).toBe(0);
  });

  it('keeps the account when the verification mail cannot be sent', async () => {
    const mail = t.ctx.mail;
    t.ctx.mail = { kind: mail.kind, send: () => Promise.reject(new Error('mail server down')) };
    try {
      const user = await registerUser(t.app);
      expect(await countRows(t.db, 'users', 'id = $1', [user.userId])).toBe(1);
    } finally {
      t.ctx.mail = mail;
    }
  });
});

describe('POST /api/auth/resend-verification/', () => {
  it('mails a new link; the old one stops working and the new one verifies', async () => {
    const user = await registerUser(t.app);
    const first = await linkPartsTo(user.email, 'verify-email');

    const response = await post('/api/auth/resend-verification/', undefined, user.access);
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.verificationSent,
    });
    expect(await mailsTo(user.email)).toHaveLength(2);
    const second = await linkPartsTo(user.email, 'verify-email');
    expect(second.token).not.toBe(first.token);

    expectFailure(
      await get(`/api/auth/verify-email/${first.uid}/${first.token}/`),
      400,
      ACCOUNT_MESSAGES.verificationLinkInvalid,
    );
    expect((await get(`/api/auth/verify-email/${second.uid}/${second.token}/`)).statusCode).toBe(
      200,
    );
  });

  it('refuses a second resend within a minute with 429 and sends nothing more', async () => {
    const user = await registerUser(t.app);
    expect((await post('/api/auth/resend-verification/', undefined, user.access)).statusCode).toBe(
      200,
    );

    const again = await post('/api/auth/resend-verification/', undefined, user.access);
    expectFailure(again, 429, ACCOUNT_MESSAGES.verificationResendTooSoon);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(user.email)).toHaveLength(2);
  });

  it('refuses an already verified e-mail with 400 and a clear message', async () => {
    const user = await registerUser(t.app);
    const { uid, token } = await linkPartsTo(user.email, 'verify-email');
    await get(`/api/auth/verify-email/${uid}/${token}/`);

    const body = expectFailure(
      await post('/api/auth/resend-verification/', undefined, user.access),
      400,
      ACCOUNT_MESSAGES.emailAlreadyVerified,
    );
    expect(body.code).toBe('already_verified');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('refuses a request without a token with 401', async () => {
    expectUnauthenticated(await post('/api/auth/resend-verification/'));
  });
});

describe('POST /api/auth/forgot-password/', () => {
  it('mails a reset link to a registered e-mail and answers success', async () => {
    const user = await registerUser(t.app);
    const response = await post(
      '/api/auth/forgot-password/',
      { email: user.email.toUpperCase() },
      undefined,
      uniqueIp(),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.forgotPasswordSent,
    });
    const link = await lastLinkTo(user.email, `${t.ctx.config.publicUrl}/reset-password/`);
    expect(link).toMatch(/\/reset-password\/[\w-]+\/[\w-]{32,}$/);
    const mail = (await mailsTo(user.email))[0];
    expect(mail?.subject).toBe(ACCOUNT_MESSAGES.resetEmailSubject);
  });

  it('answers an unknown e-mail exactly as a registered one, and mails nothing', async () => {
    const user = await registerUser(t.app);
    const known = await post(
      '/api/auth/forgot-password/',
      { email: user.email },
      undefined,
      uniqueIp(),
    );
    const before = (await outbox()).length;
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await post(
      '/api/auth/forgot-password/',
      { email: unknownEmail },
      undefined,
      uniqueIp(),
    );

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await outbox()).length).toBe(before);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  it('refuses a malformed e-mail with 400 and the form message', async () => {
    const body = expectFailure(
      await post('/api/auth/forgot-password/', { email: 'not-an-email' }, undefined, uniqueIp()),
      400,
      MESSAGES.invalidEmail,
    );
    expect(body.errors?.email).toEqual([MESSAGES.invalidEmail]);
  });

  it('refuses a body that is not JSON with 400 and stores nothing', async () => {
    const before = await countRows(t.db, 'account_tokens');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<FailureBody>().success).toBe(false);
    expect(await countRows(t.db, 'account_tokens')).toBe(before);
  });

  it(`mails at most ${String(FORGOT_PASSWORD_PER_EMAIL_LIMIT)} links an hour to one e-mail, answering the same`, async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i <= FORGOT_PASSWORD_PER_EMAIL_LIMIT; i += 1) {
      const response = await post(
        '/api/auth/forgot-password/',
        { email: user.email },
        undefined,
        uniqueIp(),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<SuccessMessage>().message).toBe(ACCOUNT_MESSAGES.forgotPasswordSent);
    }
    const resetMails = (await mailsTo(user.email)).filter(
      (mail) => mail.subject === ACCOUNT_MESSAGES.resetEmailSubject,
    );
    expect(resetMails).toHaveLength(FORGOT_PASSWORD_PER_EMAIL_LIMIT);
  });

  it(`refuses an address with 429 after ${String(FORGOT_PASSWORD_PER_IP_LIMIT)} requests an hour`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < FORGOT_PASSWORD_PER_IP_LIMIT; i += 1) {
      expect(
        (await post('/api/auth/forgot-password/', { email: uniqueEmail() }, undefined, ip))
          .statusCode,
      ).toBe(200);
    }
    const refused = await post(
      '/api/auth/forgot-password/',
      { email: uniqueEmail() },
      undefined,
      ip,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json<FailureBody>().code).toBe('rate_limited');
  });
});

describe('POST /api/auth/reset-password/{uidb64}/{token}/', () => {
  const newPassword = 'N3w!Passw0rd';

  async function requestReset(user: RegisteredUser): Promise<string> {
    const response = await post(
      '/api/auth/forgot-password/',
      { email: user.email },
      undefined,
      uniqueIp(),
    );
    expect(response.statusCode).toBe(200);
    const { uid, token } = await linkPartsTo(user.email, 'reset-password');
    return `/api/auth/reset-password/${uid}/${token}/`;
  }

  it('sets the new password, ends every session and records when the password changed', async () => {
    const user = await registerUser(t.app);
    const url = await requestReset(user);
    const [before] = await rows<{ password_changed_at: Date }>(
      t.db,
      'SELECT password_changed_at FROM users WHERE id = $1',
      [user.userId],
    );

    const response = await post(url, { password: newPassword, confirm_password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.resetPasswordSuccess,
    });

    expect((await signIn(t.app, user.email, newPassword)).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, strongPassword)).statusCode).toBe(401);
    const refresh = await post('/api/auth/token/refresh/', { refresh: user.refresh });
    expect(refresh.statusCode).toBe(401);
    const [after] = await rows<{ password_changed_at: Date }>(
      t.db,
      'SELECT password_changed_at FROM users WHERE id = $1',
      [user.userId],
    );
    expect(after?.password_changed_at.getTime()).not.toBe(before?.password_changed_at.getTime());
  });

  it('accepts the password alone (no confirmation), as the existing client sends it', async () => {
    const user = await registerUser(t.app);
    const url = await requestReset(user);
    expect((await post(url, { password: newPassword })).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, newPassword)).statusCode).toBe(200);
  });

  it('refuses a reset link used a second time', async () => {
    const user = await registerUser(t.app);
    const url = await requestReset(user);
    expect(
      (await post(url, { password: newPassword, confirm_password: newPassword })).statusCode,
    ).toBe(200);

    expectFailure(
      await post(url, { password: 'An0ther!Pass', confirm_password: 'An0ther!Pass' }),
      400,
      ACCOUNT_MESSAGES.resetLinkInvalid,
    );
    expect((await signIn(t.app, user.email, newPassword)).statusCode).toBe(200);
  });

  it('refuses a reset link once the password has changed since it was sent', async () => {
    const user = await registerUser(t.app);
    const firstUrl = await requestReset(user);
    t.clock.advance(SECOND_MS);
    const secondUrl = await requestReset(user);
    expect(secondUrl).not.toBe(firstUrl);

    expect((await post(secondUrl, { password: newPassword })).statusCode).toBe(200);
    expectFailure(
      await post(firstUrl, { password: 'An0ther!Pass' }),
      400,
      ACCOUNT_MESSAGES.resetLinkInvalid,
    );
    expect((await signIn(t.app, user.email, newPassword)).statusCode).toBe(200);
  });

  it('refuses a reset link older than an hour', async () => {
    const user = await registerUser(t.app);
    const url = await requestReset(user);
    t.clock.advance(HOUR_MS + SECOND_MS);
    try {
      expectFailure(
        await post(url, { password: newPassword }),
        400,
        ACCOUNT_MESSAGES.resetLinkInvalid,
      );
    } finally {
      t.clock.advance(-(HOUR_MS + SECOND_MS));
    }
    expect((await signIn(t.app, user.email, strongPassword)).statusCode).toBe(200);
  });

  it("refuses passwords that don't match, are short or weak with the form's messages, and keeps the link usable", async () => {
    const user = await registerUser(t.app);
    const url = await requestReset(user);

    const mismatch = expectFailure(
      await post(url, { password: newPassword, confirm_password: 'Different!1' }),
      400,
      ACCOUNT_MESSAGES.passwordsDontMatch,
    );
    expect(mismatch.errors?.confirm_password).toEqual([ACCOUNT_MESSAGES.passwordsDontMatch]);
    const short = expectFailure(
      await post(url, { password: 'Ab1!', confirm_password: 'Ab1!' }),
      400,
      ACCOUNT_MESSAGES.resetPasswordTooShort,
    );
    expect(short.errors?.password).toEqual([ACCOUNT_MESSAGES.resetPasswordTooShort]);
    expectFailure(await post(url, { password: 'alllowercase' }), 400, MESSAGES.passwordTooWeak);
    expectFailure(await post(url, {}), 400, ACCOUNT_MESSAGES.resetPasswordTooShort);
    expect((await signIn(t.app, user.email, strongPassword)).statusCode).toBe(200);

    expect((await post(url, { password: newPassword })).statusCode).toBe(200);
  });

  it('refuses a changed token or a link for another user', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const url = await requestReset(user);
    const [, , , , uid, token] = url.split('/');
    const changed = `${token!.slice(0, -2)}${token!.endsWith('AA') ? 'BB' : 'AA'}`;

    for (const bad of [
      `/api/auth/reset-password/${uid!}/${changed}/`,
      `/api/auth/reset-password/${encodeUid(other.userId)}/${token!}/`,
      `/api/auth/reset-password/!!/${token!}/`,
    ]) {
      expectFailure(
        await post(bad, { password: newPassword }),
        400,
        ACCOUNT_MESSAGES.resetLinkInvalid,
      );
    }
    expect((await signIn(t.app, other.email, strongPassword)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/otp/send/', () => {
  it('sends a 6-digit code by WhatsApp to the number with its dial code, stored only as a hash', async () => {
    const user = await registerUser(t.app);
    const phone = uniquePhone();
    const response = await post(
      '/api/auth/otp/send/',
      { otp_method: 'whatsapp', phone_number: phone, country_code: '+91' },
      user.access,
    );

    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: 'OTP sent successfully to WhatsApp!',
    });
    const [sent] = (await outbox()).filter((entry) => entry.to === `+91${phone}`);
    expect(sent?.kind).toBe('otp');
    expect(sent?.channel).toBe('whatsapp');
    expect(sent?.code).toMatch(/^\d{6}$/);
    const stored = await rows<{ code_hash: string; expires_at: Date; created_at: Date }>(
      t.db,
      'SELECT code_hash, expires_at, created_at FROM phone_otps WHERE user_id = $1',
      [user.userId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(sent?.code ?? '');
    expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(10 * MINUTE_MS);
  });

  it('sends by SMS, defaulting the dial code to +91', async () => {
    const user = await registerTeacher(t.app);
    const phone = uniquePhone();
    const response = await post(
      '/api/auth/otp/send/',
      { otp_method: 'sms', phone_number: phone },
      user.access,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>().message).toBe('OTP sent successfully to SMS!');
    const [sent] = (await outbox()).filter((entry) => entry.to === `+91${phone}`);
    expect(sent?.channel).toBe('sms');
  });

  it("refuses an empty or short number with the form's messages under errors.phone_number, storing nothing", async () => {
    const user = await registerUser(t.app);
    const cases = [
      { phone_number: '', message: ACCOUNT_MESSAGES.phoneEmpty },
      { phone_number: '98765', message: ACCOUNT_MESSAGES.phoneTooShort },
      { phone_number: '98765abcde', message: ACCOUNT_MESSAGES.phoneEmpty },
      { phone_number: '1234567890123456', message: ACCOUNT_MESSAGES.phoneEmpty },
    ];
    for (const { phone_number, message } of cases) {
      const body = expectFailure(
        await post(
          '/api/auth/otp/send/',
          { otp_method: 'whatsapp', phone_number, country_code: '+91' },
          user.access,
        ),
        400,
        message,
      );
      expect(body.errors?.phone_number).toEqual([message]);
    }
    expect(await countRows(t.db, 'phone_otps', 'user_id = $1', [user.userId])).toBe(0);
  });

  it('refuses an unknown channel or dial code and a body that is not an object, storing nothing', async () => {
    const user = await registerUser(t.app);
    const phone = uniquePhone();
    const pigeon = await post(
      '/api/auth/otp/send/',
      { otp_method: 'pigeon', phone_number: phone },
      user.access,
    );
    expect(pigeon.statusCode).toBe(400);
    expect(pigeon.json<FailureBody>().errors?.otp_method).toEqual([
      ACCOUNT_MESSAGES.invalidOtpMethod,
    ]);
    expectFailure(
      await post(
        '/api/auth/otp/send/',
        { phone_number: phone, country_code: '+91abc' },
        user.access,
      ),
      400,
      ACCOUNT_MESSAGES.invalidCountryCode,
    );
    expect((await post('/api/auth/otp/send/', [1, 2], user.access)).statusCode).toBe(400);
    expect(await countRows(t.db, 'phone_otps', 'user_id = $1', [user.userId])).toBe(0);
  });

  it('refuses a resend inside 180 s saying how long to wait, and allows it after', async () => {
    const user = await registerUser(t.app);
    const body = { otp_method: 'whatsapp', phone_number: uniquePhone(), country_code: '+91' };
    expect((await post('/api/auth/otp/send/', body, user.access)).statusCode).toBe(200);

    const immediately = await post('/api/auth/otp/send/', body, user.access);
    expectFailure(immediately, 429, 'Please wait 3:00 before resending');
    expect(immediately.headers['retry-after']).toBe('180');

    t.clock.advance(61 * SECOND_MS);
    expectFailure(
      await post('/api/auth/otp/send/', { ...body, otp_method: 'sms' }, user.access),
      429,
      'Please wait 1:59 before resending',
    );

    t.clock.advance(119 * SECOND_MS);
    const later = await post('/api/auth/otp/send/', body, await accessOf(user));
    expect(later.statusCode).toBe(200);
    expect(await countRows(t.db, 'phone_otps', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('sends a code to a corrected number at once, while the first number still waits', async () => {
    const user = await registerUser(t.app);
    const mistyped = { otp_method: 'sms', phone_number: uniquePhone(), country_code: '+91' };
    const corrected = { ...mistyped, phone_number: uniquePhone() };
    expect((await post('/api/auth/otp/send/', mistyped, user.access)).statusCode).toBe(200);

    const changed = await post('/api/auth/otp/send/', corrected, user.access);
    expect(changed.statusCode).toBe(200);
    const rows = await t.db.query<{ phone_number: string }>(
      'SELECT phone_number FROM phone_otps WHERE user_id = $1 ORDER BY id',
      [user.userId],
    );
    expect(rows.map((row) => row.phone_number)).toEqual([
      mistyped.phone_number,
      corrected.phone_number,
    ]);

    expectFailure(
      await post('/api/auth/otp/send/', mistyped, user.access),
      429,
      'Please wait 3:00 before resending',
    );
    expectFailure(
      await post('/api/auth/otp/send/', corrected, user.access),
      429,
      'Please wait 3:00 before resending',
    );
  });

  it(`refuses more than ${String(OTP_DAILY_LIMIT_PER_NUMBER)} codes a day for one number`, async () => {
    const user = await registerUser(t.app);
    const body = { otp_method: 'sms', phone_number: uniquePhone(), country_code: '+91' };
    for (let i = 0; i < OTP_DAILY_LIMIT_PER_NUMBER; i += 1) {
      const response = await post('/api/auth/otp/send/', body, await accessOf(user));
      expect(response.statusCode).toBe(200);
      t.clock.advance(181 * SECOND_MS);
    }
    expectFailure(
      await post('/api/auth/otp/send/', body, await accessOf(user)),
      429,
      ACCOUNT_MESSAGES.otpDailyLimit,
    );

    t.clock.advance(24 * HOUR_MS);
    expect((await post('/api/auth/otp/send/', body, await accessOf(user))).statusCode).toBe(200);
  });

  it('refuses a number another account has verified', async () => {
    const owner = await registerUser(t.app);
    const phone = uniquePhone();
    await post('/api/auth/otp/send/', { phone_number: phone }, owner.access);
    const code = await lastCodeTo(`+91${phone}`);
    expect((await post('/api/auth/otp/verify/', { otp: code }, owner.access)).statusCode).toBe(200);

    const other = await registerUser(t.app);
    const body = expectFailure(
      await post('/api/auth/otp/send/', { phone_number: phone }, other.access),
      400,
      ACCOUNT_MESSAGES.phoneTaken,
    );
    expect(body.errors?.phone_number).toEqual([ACCOUNT_MESSAGES.phoneTaken]);
    expect(body.code).toBe('phone_taken');
    expect(await countRows(t.db, 'phone_otps', 'user_id = $1', [other.userId])).toBe(0);
  });

  it('answers 503 and keeps no code when the message cannot be delivered', async () => {
    const user = await registerUser(t.app);
    const otp = t.ctx.otp;
    t.ctx.otp = {
      kind: otp.kind,
      send: () => Promise.reject(new Error('provider down')),
      notify: (message) => otp.notify(message),
      canNotify: (template) => otp.canNotify(template),
    };
    try {
      expectFailure(
        await post('/api/auth/otp/send/', { phone_number: uniquePhone() }, user.access),
        503,
        ACCOUNT_MESSAGES.otpSendFailed,
      );
    } finally {
      t.ctx.otp = otp;
    }
    expect(await countRows(t.db, 'phone_otps', 'user_id = $1', [user.userId])).toBe(0);
    // the failed attempt does not start the countdown
    expect(
      (await post('/api/auth/otp/send/', { phone_number: uniquePhone() }, user.access)).statusCode,
    ).toBe(200);
  });

  it('refuses a request without a token with 401', async () => {
    expectUnauthenticated(await post('/api/auth/otp/send/', { phone_number: uniquePhone() }));
  });
});

describe('POST /api/auth/otp/verify/', () => {
  async function sendCode(
    user: RegisteredUser,
    access = user.access,
  ): Promise<{ phone: string; code: string }> {
    const phone = uniquePhone();
    const response = await post(
      '/api/auth/otp/send/',
      { phone_number: phone, country_code: '+91' },
      access,
    );
    expect(response.statusCode).toBe(200);
    return { phone, code: await lastCodeTo(`+91${phone}`) };
  }

  function wrongCode(code: string): string {
    return code === '000000' ? '111111' : '000000';
  }

  it('verifies the phone with the right code and moves the user on to the address step', async () => {
    const user = await registerUser(t.app);
    const { phone, code } = await sendCode(user);

    const response = await post('/api/auth/otp/verify/', { otp: code }, user.access);
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({ success: true, message: 'OTP verified.' });

    const [stored] = await rows<{
      phone_country_code: string;
      phone_number: string;
      is_phone_verified: boolean;
    }>(
      t.db,
      'SELECT phone_country_code, phone_number, is_phone_verified FROM users WHERE id = $1',
      [user.userId],
    );
    expect(stored).toEqual({
      phone_country_code: '+91',
      phone_number: phone,
      is_phone_verified: true,
    });
    expect(await statusOf(user.access)).toBe('add-address');
  });

  it('accepts a code only once', async () => {
    const user = await registerUser(t.app);
    const { code } = await sendCode(user);
    expect((await post('/api/auth/otp/verify/', { otp: code }, user.access)).statusCode).toBe(200);
    expectFailure(
      await post('/api/auth/otp/verify/', { otp: code }, user.access),
      400,
      ACCOUNT_MESSAGES.otpNotRequested,
    );
  });

  it("refuses a wrong code with 400 {success: false, message: 'Invalid OTP'}", async () => {
    const user = await registerUser(t.app);
    const { code } = await sendCode(user);
    const response = await post('/api/auth/otp/verify/', { otp: wrongCode(code) }, user.access);
    expectFailure(response, 400, 'Invalid OTP');
    expect(await statusOf(user.access)).toBe('phone-verification');
  });

  it(`refuses the sixth try even with the right code after ${String(OTP_MAX_ATTEMPTS)} wrong ones`, async () => {
    const user = await registerUser(t.app);
    const { code } = await sendCode(user);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) {
      expectFailure(
        await post('/api/auth/otp/verify/', { otp: wrongCode(code) }, user.access),
        400,
        'Invalid OTP',
      );
    }
    const sixth = await post('/api/auth/otp/verify/', { otp: code }, user.access);
    expectFailure(sixth, 400, ACCOUNT_MESSAGES.otpTooManyAttempts);
    expect(await statusOf(user.access)).toBe('phone-verification');
  });

  it('refuses an expired code (after 10 minutes) with a clear message', async () => {
    const user = await registerUser(t.app);
    const { code } = await sendCode(user);
    t.clock.advance(10 * MINUTE_MS + SECOND_MS);

    const access = await accessOf(user);
    expectFailure(
      await post('/api/auth/otp/verify/', { otp: code }, access),
      400,
      ACCOUNT_MESSAGES.otpExpired,
    );
    expect(await statusOf(access)).toBe('phone-verification');
  });

  it('accepts only the newest code once a new one was sent', async () => {
    const user = await registerUser(t.app);
    const first = await sendCode(user);
    t.clock.advance(181 * SECOND_MS);
    const access = await accessOf(user);
    const second = await sendCode(user, access);
    if (first.code !== second.code) {
      expectFailure(
        await post('/api/auth/otp/verify/', { otp: first.code }, access),
        400,
        'Invalid OTP',
      );
    }
    expect((await post('/api/auth/otp/verify/', { otp: second.code }, access)).statusCode).toBe(
      200,
    );
    const [stored] = await rows<{ phone_number: string }>(
      t.db,
      'SELECT phone_number FROM users WHERE id = $1',
      [user.userId],
    );
    expect(stored?.phone_number).toBe(second.phone);
  });

  it("answers 'Please enter OTP' for an empty code and 'Invalid OTP' for letters, without using up a try", async () => {
    const user = await registerUser(t.app);
    const { code } = await sendCode(user);
    expectFailure(
      await post('/api/auth/otp/verify/', {}, user.access),
      400,
      ACCOUNT_MESSAGES.otpEmpty,
    );
    expectFailure(
      await post('/api/auth/otp/verify/', { otp: '12ab56' }, user.access),
      400,
      'Invalid OTP',
    );
    const [row] = await rows<{ attempts: number }>(
      t.db,
      'SELECT attempts FROM phone_otps WHERE user_id = $1',
      [user.userId],
    );
    expect(row?.attempts).toBe(0);
    expect((await post('/api/auth/otp/verify/', { otp: code }, user.access)).statusCode).toBe(200);
  });

  it('refuses a code when none was sent', async () => {
    const user = await registerUser(t.app);
    expectFailure(
      await post('/api/auth/otp/verify/', { otp: '123456' }, user.access),
      400,
      ACCOUNT_MESSAGES.otpNotRequested,
    );
  });

  it("refuses to verify a number another account verified after this user's code was sent", async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const phone = uniquePhone();
    await post('/api/auth/otp/send/', { phone_number: phone }, first.access);
    const firstCode = await lastCodeTo(`+91${phone}`);
    await post('/api/auth/otp/send/', { phone_number: phone }, second.access);
    const secondCode = await lastCodeTo(`+91${phone}`);

    expect(
      (await post('/api/auth/otp/verify/', { otp: secondCode }, second.access)).statusCode,
    ).toBe(200);
    expectFailure(
      await post('/api/auth/otp/verify/', { otp: firstCode }, first.access),
      400,
      ACCOUNT_MESSAGES.phoneTaken,
    );
    expect(await countRows(t.db, 'users', 'phone_number = $1 AND is_phone_verified', [phone])).toBe(
      1,
    );
  });

  it('refuses a request without a token with 401', async () => {
    expectUnauthenticated(await post('/api/auth/otp/verify/', { otp: '123456' }));
  });
});

describe('GET /api/auth/otp/status/', () => {
  const NOTHING_SENT: OtpStatus = {
    code_sent: false,
    otp_method: null,
    country_code: null,
    phone_number: null,
    resend_in_seconds: 0,
    expires_in_seconds: 0,
  };

  async function otpStatus(access: string): Promise<OtpStatus> {
    const response = await get('/api/auth/otp/status/', access);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OtpStatus>();
  }

  it('says no code was sent before the first one', async () => {
    const user = await registerUser(t.app);
    expect(await otpStatus(user.access)).toEqual(NOTHING_SENT);
  });

  it('tells a reloaded page where the code went and how long until another may be sent', async () => {
    const user = await registerUser(t.app);
    const phone = uniquePhone();
    const body = { otp_method: 'sms', phone_number: phone, country_code: '+91' };
    expect((await post('/api/auth/otp/send/', body, user.access)).statusCode).toBe(200);
    t.clock.advance(3 * SECOND_MS);

    // signing in again (a new token) finds the same code waiting
    expect(await otpStatus(await accessOf(user))).toEqual({
      code_sent: true,
      otp_method: 'sms',
      country_code: '+91',
      phone_number: phone,
      resend_in_seconds: 177,
      expires_in_seconds: 597,
    });
    // the countdown agrees with the send refusal
    expectFailure(
      await post('/api/auth/otp/send/', body, user.access),
      429,
      'Please wait 2:57 before resending',
    );

    t.clock.advance(180 * SECOND_MS);
    expect(await otpStatus(user.access)).toMatchObject({ code_sent: true, resend_in_seconds: 0 });
  });

  it('forgets a code once it is used, expired or out of tries', async () => {
    const used = await registerUser(t.app);
    const phone = uniquePhone();
    await post('/api/auth/otp/send/', { phone_number: phone, country_code: '+91' }, used.access);
    const code = await lastCodeTo(`+91${phone}`);
    expect((await post('/api/auth/otp/verify/', { otp: code }, used.access)).statusCode).toBe(200);
    expect(await otpStatus(used.access)).toEqual(NOTHING_SENT);

    const expired = await registerUser(t.app);
    await post('/api/auth/otp/send/', { phone_number: uniquePhone() }, expired.access);
    t.clock.advance(10 * MINUTE_MS);
    expect(await otpStatus(await accessOf(expired))).toEqual(NOTHING_SENT);

    const tried = await registerUser(t.app);
    await post('/api/auth/otp/send/', { phone_number: uniquePhone() }, tried.access);
    await t.db.query('UPDATE phone_otps SET attempts = $2 WHERE user_id = $1', [
      tried.userId,
      OTP_MAX_ATTEMPTS,
    ]);
    expect(await otpStatus(tried.access)).toEqual(NOTHING_SENT);
  });

  it("shows only the caller's own code, to a teacher as to a student", async () => {
    const student = await registerUser(t.app);
    const teacher = await registerTeacher(t.app);
    const phone = uniquePhone();
    await post('/api/auth/otp/send/', { phone_number: phone }, student.access);
    expect(await otpStatus(teacher.access)).toEqual(NOTHING_SENT);
    expect((await otpStatus(student.access)).phone_number).toBe(phone);
  });

  it('refuses a request without a token, or with a bad one, with 401', async () => {
    expectUnauthenticated(await get('/api/auth/otp/status/'));
    expectUnauthenticated(await get('/api/auth/otp/status/', 'not-a-token'));
  });
});
