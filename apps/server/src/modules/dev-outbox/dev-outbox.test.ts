import type { ErrorBody } from '@gurumatch/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueEmail } from '../../../test/factories.ts';
import { startMsg91Peer, type Msg91Peer } from '../../../test/peers/msg91-peer.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/peers/smtp-peer.ts';

import type { OutboxEntryBody } from './schemas.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

async function listOutbox(query = ''): Promise<OutboxEntryBody[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<OutboxEntryBody[]>();
}

describe('GET /api/dev/outbox', () => {
  it('lists what the offline senders delivered, newest first, without a token', async () => {
    const email = uniqueEmail('outbox');
    const link = 'http://localhost:3000/verify-email/MTI/abc-123';
    await t.ctx.mail.send({
      to: email,
      subject: 'Verify your e-mail address',
      text: `Open ${link} to verify.`,
      links: [link],
    });
    await t.ctx.otp.send({
      channel: 'whatsapp',
      to: '+919876543210',
      code: '482913',
      validMinutes: 10,
    });
    await t.ctx.otp.send({ channel: 'sms', to: '+919876543211', code: '105577', validMinutes: 10 });

    const entries = await listOutbox();
    expect(entries.slice(0, 3).map((entry) => [entry.kind, entry.channel, entry.to])).toEqual([
      ['otp', 'sms', '+919876543211'],
      ['otp', 'whatsapp', '+919876543210'],
      ['email', 'email', email],
    ]);
    const [sms, whatsapp, mail] = entries;
    expect(sms).toMatchObject({ code: '105577', links: [] });
    expect(sms?.body).toContain('105577');
    expect(whatsapp).toMatchObject({ code: '482913', subject: 'WhatsApp message' });
    expect(mail).toMatchObject({
      subject: 'Verify your e-mail address',
      body: `Open ${link} to verify.`,
      links: [link],
      code: null,
    });
    expect(Number.isNaN(Date.parse(mail?.created_at ?? ''))).toBe(false);
    expect(mail?.id).toEqual(expect.any(Number));
  });

  it('keeps only the messages to one address when asked', async () => {
    const email = uniqueEmail('filter');
    await t.ctx.mail.send({ to: email, subject: 'Reset your password', text: 'Reset it.' });
    await t.ctx.mail.send({ to: uniqueEmail('other'), subject: 'Another', text: 'Other.' });
    const entries = await listOutbox(`?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(entries.map((entry) => entry.subject)).toEqual(['Reset your password']);
  });
});

describe('GET /dev/outbox', () => {
  it('shows each message with its code prominent and its links clickable', async () => {
    const link = 'http://localhost:3000/reset-password/MTI/tok-456';
    await t.ctx.mail.send({
      to: uniqueEmail('page'),
      subject: 'Reset your password',
      text: `Open ${link}`,
      links: [link],
    });
    await t.ctx.otp.send({ channel: 'sms', to: '+919876500000', code: '771122', validMinutes: 10 });

    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
    );
    expect(response.body).toContain('<strong>771122</strong>');
    expect(response.body).toContain(`<a href="${link}">${link}</a>`);
    expect(response.body.indexOf('771122')).toBeLessThan(
      response.body.indexOf('Reset your password'),
    );
    expect(response.body).toContain('href="/dev/outbox?refresh=5"');
  });

  it('escapes what it shows, so a subject cannot run a script', async () => {
    await t.ctx.mail.send({
      to: 'x"><img src=x onerror=alert(1)>@example.in',
      subject: '<script>alert("owned")</script>',
      text: 'Body with <b>tags</b> & ampersands',
      links: ['javascript:alert(1)'],
    });
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
    expect(response.body).toContain('Body with &lt;b&gt;tags&lt;/b&gt; &amp; ampersands');
    expect(response.body).not.toContain('<img src=x');
    expect(response.body).not.toContain('href="javascript:');
  });

  it('reloads itself when auto-refresh is on, and offers to stop', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?refresh=5' });
    expect(response.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(response.body).toContain('Stop auto-refresh');
  });

  it('allows its style block under the content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    const nonce = /<style nonce="([^"]+)">/.exec(response.body)?.[1];
    expect(nonce).toBeDefined();
    expect(String(response.headers['content-security-policy'])).toContain(`'nonce-${nonce ?? ''}'`);
  });

  it('refuses a refresh interval out of range with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?refresh=0' });
    expect(response.statusCode).toBe(400);
  });
});

describe('when real mail and code delivery are configured', () => {
  let smtp: SmtpPeer;
  let msg91: Msg91Peer;
  let real: TestApp;
  let production: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    msg91 = await startMsg91Peer();
    const env = { SMTP_URL: smtp.url, ...msg91.env };
    real = await buildTestApp({ env, db: t.db });
    production = await buildTestApp({
      env: {
        ...env,
        NODE_ENV: 'production',
        RAZORPAY_KEY_ID: 'rzp_live_example',
        RAZORPAY_KEY_SECRET: 'key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
        INVOICE_SELLER_GSTIN: '29AAAAA0000A1Z5',
      },
      db: t.db,
    });
  });

  afterAll(async () => {
    await real.close();
    await production.close();
    await smtp.close();
    await msg91.close();
  });

  it('has no outbox: mail and codes go to the real services', async () => {
    expect(real.ctx.outbox).toBeNull();
    await real.ctx.mail.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hello' });
    await real.ctx.otp.send({
      channel: 'sms',
      to: '+919876543210',
      code: '123456',
      validMinutes: 10,
    });
    expect(smtp.messages.at(-1)?.subject).toBe('Hello');
    expect(msg91.sent.at(-1)?.code).toBe('123456');
  });

  it.each(['/api/dev/outbox', '/dev/outbox'])('answers 404 JSON at %s', async (url) => {
    for (const app of [real.app, production.app]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<ErrorBody>().code).toBe('not_found');
    }
  });
});
