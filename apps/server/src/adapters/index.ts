import path from 'node:path';

import type { Config } from '../config.ts';
import type { Queryable } from '../db/connection.ts';

import { createDevOutboxMailer } from './mail/dev-outbox.ts';
import type { Mailer } from './mail/index.ts';
import { createGazetteer } from './maps/gazetteer.ts';
import type { MapsProvider } from './maps/index.ts';
import { createDevOutboxOtpSender } from './otp/dev-outbox.ts';
import type { OtpSender } from './otp/index.ts';
import { createDevOutbox, type DevOutbox } from './outbox/dev-outbox.ts';
import type { FileStorage } from './storage/index.ts';
import { createLocalStorage } from './storage/local.ts';

/** The outside services, each the production implementation or its offline default. */
export interface Adapters {
  mail: Mailer;
  otp: OtpSender;
  maps: MapsProvider;
  storage: FileStorage;
  /** Present only while an offline default (mail or OTP) delivers to it. */
  outbox: DevOutbox | null;
}

export function createAdapters(config: Config, db: Queryable): Adapters {
  const outbox = config.isProduction ? null : createDevOutbox(db);
  if (!outbox) {
    throw new Error('Production needs real mail and OTP providers (SMTP_URL and OTP keys).');
  }
  return {
    mail: createDevOutboxMailer(outbox),
    otp: createDevOutboxOtpSender(outbox),
    maps: createGazetteer(),
    storage: createLocalStorage(path.join(config.dataDir, 'uploads')),
    outbox,
  };
}
