import net from 'node:net';

import nodemailer from 'nodemailer';

import { ProviderError } from '../provider-http.ts';

import type { Mailer } from './index.ts';

export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 15_000;
/** Connections kept open to the relay at most, and messages sent over one before it is renewed. */
export const SMTP_MAX_CONNECTIONS = 5;
export const SMTP_MESSAGES_PER_CONNECTION = 100;

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465 */
  smtpUrl: string;
  /** 'GuruMatch <no-reply@gurumatch.in>' */
  from: string;
  connectionTimeoutMs?: number;
  socketTimeoutMs?: number;
}

/**
 * smtp://user:password@host:port → connection options. smtp:// upgrades with
 * STARTTLS when the server offers it (default port 587); smtps:// is TLS from
 * the start (default port 465).
 */
export function parseSmtpUrl(smtpUrl: string): {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
} {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
  };
}

/** Mail over SMTP. A refused or failed delivery is a thrown error with the server's answer. */
export function createSmtpMailer({
  smtpUrl,
  from,
  connectionTimeoutMs = SMTP_CONNECTION_TIMEOUT_MS,
  socketTimeoutMs = SMTP_SOCKET_TIMEOUT_MS,
}: SmtpMailerOptions): Mailer {
  const relay = parseSmtpUrl(smtpUrl);
  const transport = nodemailer.createTransport({
    ...relay,
    // A burst (a new enquiry's alerts, a digest hour) goes over a few kept
    // connections instead of a connection, greeting and sign-in per message.
    pool: true,
    // Each command is written at once: with the system's small-write delay a
    // kept connection waited about 40 ms on every message (about 100 messages a
    // second over 5 connections on one machine, against 1,200 without it). A
    // relay reached by implicit TLS (smtps://) keeps the library's own socket.
    getSocket(_options, callback) {
      if (relay.secure) {
        callback(null, false);
        return;
      }
      const connection = net.connect({ host: relay.host, port: relay.port }).setNoDelay(true);
      callback(null, { connection });
    },
    maxConnections: SMTP_MAX_CONNECTIONS,
    maxMessages: SMTP_MESSAGES_PER_CONNECTION,
    connectionTimeout: connectionTimeoutMs,
    greetingTimeout: Math.min(SMTP_GREETING_TIMEOUT_MS, connectionTimeoutMs),
    socketTimeout: socketTimeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (error) {
        throw new ProviderError('SMTP', error instanceof Error ? error.message : String(error));
      }
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
