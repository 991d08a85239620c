import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countRows, registrationBody, uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import type { Mailer } from '../../adapters/mail/index.ts';

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let t: TestApp;
let workingMail: Mailer;

function lastError(): [{ err: Error }, string] {
  const call = log.error.mock.calls.at(-1);
  if (!call) throw new Error('nothing was logged');
  return call as unknown as [{ err: Error }, string];
}

beforeAll(async () => {
  t = await buildTestApp({ log });
  workingMail = t.ctx.mail;
  t.ctx.mail = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP: connection refused')) };
});

afterAll(async () => {
  t.ctx.mail = workingMail;
  await t.close();
});

describe('when the mail provider is down', () => {
  it('still creates the account, and logs why the verification e-mail was not sent', async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: registrationBody({ email }),
      remoteAddress: uniqueIp(),
    });

    expect(response.statusCode).toBe(201);
    expect(await countRows(t.db, 'users', 'email = $1', [email])).toBe(1);
    const [details, message] = lastError();
    expect(message).toBe('verification e-mail not sent');
    expect(details.err.message).toBe('SMTP: connection refused');
  });

  it('answers forgot-password as usual, and logs the failed reset e-mail', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: registrationBody({ email }),
      remoteAddress: uniqueIp(),
    });
    log.error.mockClear();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/',
      payload: { email },
      remoteAddress: uniqueIp(),
    });

    expect(response.statusCode).toBe(200);
    const [details, message] = lastError();
    expect(message).toBe('password reset e-mail not sent');
    expect(details.err).toBeInstanceOf(Error);
  });
});
