import path from 'node:path';

import { ConfigError, findMissingProductionVariables, type Config } from '../config.ts';
import type { Queryable } from '../db/connection.ts';

import { createDevOutboxMailer } from './mail/dev-outbox.ts';
import type { Mailer } from './mail/index.ts';
import { createSmtpMailer } from './mail/smtp.ts';
import { createGazetteer } from './maps/gazetteer.ts';
import { createGoogleMaps } from './maps/google.ts';
import type { MapsProvider } from './maps/index.ts';
import { createDevOutboxOtpSender } from './otp/dev-outbox.ts';
import type { OtpSender } from './otp/index.ts';
import { createMsg91OtpSender } from './otp/msg91.ts';
import { createDevOutbox, type DevOutbox } from './outbox/dev-outbox.ts';
import type { PaymentsProvider } from './payments/index.ts';
import { createRazorpay } from './payments/razorpay.ts';
import {
  createSandboxPayments,
  sandboxSecretsOf,
  type SandboxPayments,
} from './payments/sandbox.ts';
import type { FileStorage } from './storage/index.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';

/** The outside services, each the production implementation or its offline default. */
export interface Adapters {
  mail: Mailer;
  otp: OtpSender;
  maps: MapsProvider;
  storage: FileStorage;
  /** Present only while an offline default (mail or OTP) delivers to it; never in production. */
  outbox: DevOutbox | null;
  /** Razorpay when configured, else the offline sandbox checkout. */
  payments: PaymentsProvider;
  /** The sandbox checkout (the same object as `payments`) while it is the provider; never in production. */
  paymentsSandbox: SandboxPayments | null;
}

/**
 * Refuses a production configuration that would fall back to the development
 * outbox for mail or one-time codes, naming the variables to set.
 */
export function assertProductionAdapters(config: Config): void {
  const missing = findMissingProductionVariables(config);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required in production (real mail and one-time code delivery; the development outbox is never used in production)`,
    );
  }
}

/**
 * Picks each adapter from the configuration: SMTP_URL → SMTP mail, MSG91_* →
 * MSG91 codes, GOOGLE_MAPS_API_KEY → Google Maps, S3_* → S3 storage; anything
 * not configured uses its offline default.
 */
export function createAdapters(config: Config, db: Queryable): Adapters {
  assertProductionAdapters(config);
  const needsOutbox = !config.smtpUrl || !config.msg91;
  const outbox = needsOutbox && !config.isProduction ? createDevOutbox(db) : null;
  const mail = config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : outbox && createDevOutboxMailer(outbox);
  const otp = config.msg91
    ? createMsg91OtpSender(config.msg91)
    : outbox && createDevOutboxOtpSender(outbox);
  const paymentsSandbox =
    config.razorpay || config.isProduction
      ? null
      : createSandboxPayments(db, sandboxSecretsOf(config.dataDir));
  const payments = config.razorpay ? createRazorpay(config.razorpay) : paymentsSandbox;
  if (!mail || !otp || !payments) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL and MSG91_*: required in production');
  }
  return {
    mail,
    otp,
    maps: config.googleMaps ? createGoogleMaps(config.googleMaps) : createGazetteer(),
    storage: config.s3
      ? createS3Storage(config.s3)
      : createLocalStorage(path.join(config.dataDir, 'uploads')),
    outbox,
    payments,
    paymentsSandbox,
  };
}
