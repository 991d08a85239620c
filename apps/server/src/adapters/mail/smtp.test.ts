import type { AddressInfo } from 'node:net';
import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSmtpPeer, type SmtpPeer } from '../../../test/peers/smtp-peer.ts';
import { ProviderError } from '../provider-http.ts';

import { createSmtpMailer, parseSmtpUrl, SMTP_MAX_CONNECTIONS } from './smtp.ts';

const FROM = 'GuruMatch <no-reply@gurumatch.in>';
const BOUNCING = 'nobody@example.in';

let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer({ rejectRecipients: [BOUNCING] });
});

afterAll(async () => {
  await peer.close();
});

describe('SMTP mailer', () => {
  it('delivers the message with its recipient, sender, subject, body and an intact link', async () => {
    const mailer = createSmtpMailer({ smtpUrl: peer.url, from: FROM });
    const link = `http://localhost:3000/verify-email/MTI/${'c'.repeat(20)}-${'a1b2c3d4'.repeat(8)}`;
    await mailer.send({
      to: 'asha@example.in',
      subject: 'Verify your e-mail address',
      text: `Namaste Asha,\n\nConfirm your e-mail address by opening this link:\n${link}\n\nThe GuruMatch team`,
      links: [link],
    });
    await mailer.close?.();

    const mail = peer.messages.at(-1)!;
    expect(mail.rcptTo).toEqual(['asha@example.in']);
    expect(mail.mailFrom).toBe('no-reply@gurumatch.in');
    expect(mail.user).toBe('mailer');
    expect(mail.to).toBe('asha@example.in');
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.text).toContain('Namaste Asha,');
    expect(mail.links).toEqual([link]);
    expect(mail.html).toBeNull();
  });

  it('sends a burst of messages over a few kept connections', async () => {
    const mailer = createSmtpMailer({ smtpUrl: peer.url, from: FROM });
    const before = { connections: peer.connections, messages: peer.messages.length };
    const recipients = Array.from({ length: 30 }, (_, n) => `tutor${String(n)}@example.in`);
    await Promise.all(
      recipients.map((to) => mailer.send({ to, subject: 'New enquiry near you', text: 'Maths' })),
    );
    await mailer.close?.();
    const sent = peer.messages.slice(before.messages).flatMap((mail) => mail.rcptTo);
    expect(sent.sort()).toEqual([...recipients].sort());
    expect(peer.connections - before.connections).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
  });

  it('sends an HTML part beside the text when one is given, with non-ASCII text intact', async () => {
    const mailer = createSmtpMailer({ smtpUrl: peer.url, from: FROM });
    await mailer.send({
      to: 'ravi@example.in',
      subject: 'Payment of ₹499 received',
      text: 'Thank you — ₹499 received.',
      html: '<p>Thank you — <strong>₹499</strong> received.</p>',
    });
    const mail = peer.messages.at(-1)!;
    expect(mail.subject).toBe('Payment of ₹499 received');
    expect(mail.text).toBe('Thank you — ₹499 received.');
    expect(mail.html).toContain('<strong>₹499</strong>');
  });

  it('throws the server answer when the password is wrong, and delivers nothing', async () => {
    const count = peer.messages.length;
    const wrong = peer.url.replace('mail-secret', 'wrong-secret');
    const mailer = createSmtpMailer({ smtpUrl: wrong, from: FROM });
    const sending = mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hello' });
    await expect(sending).rejects.toThrow(ProviderError);
    await expect(
      mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hello' }),
    ).rejects.toThrow(/535/);
    expect(peer.messages).toHaveLength(count);
  });

  it('throws the server answer when the recipient is refused', async () => {
    const mailer = createSmtpMailer({ smtpUrl: peer.url, from: FROM });
    await expect(mailer.send({ to: BOUNCING, subject: 'Hello', text: 'Hello' })).rejects.toThrow(
      /does not exist/,
    );
  });

  it('throws when the server cannot be reached', async () => {
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://user:pass@127.0.0.1:9', from: FROM });
    await expect(mailer.send({ to: 'asha@example.in', subject: 'Hi', text: 'Hi' })).rejects.toThrow(
      /^SMTP: /,
    );
  });

  it('gives up on a server that never greets, within the time limit', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mailer = createSmtpMailer({
        smtpUrl: `smtp://user:pass@127.0.0.1:${String(port)}`,
        from: FROM,
        connectionTimeoutMs: 300,
        socketTimeoutMs: 500,
      });
      const started = Date.now();
      await expect(
        mailer.send({ to: 'asha@example.in', subject: 'Hi', text: 'Hi' }),
      ).rejects.toThrow(/SMTP: .*(timeout|Greeting never received)/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});

describe('parseSmtpUrl', () => {
  it('reads host, port, TLS and decoded credentials', () => {
    expect(parseSmtpUrl('smtps://no-reply%40gurumatch.in:p%40ss@smtp.example.in:465')).toEqual({
      host: 'smtp.example.in',
      port: 465,
      secure: true,
      auth: { user: 'no-reply@gurumatch.in', pass: 'p@ss' },
    });
  });

  it('defaults the port by scheme and allows a relay without credentials', () => {
    expect(parseSmtpUrl('smtp://relay.internal')).toEqual({
      host: 'relay.internal',
      port: 587,
      secure: false,
    });
    expect(parseSmtpUrl('smtps://relay.internal').port).toBe(465);
  });
});
