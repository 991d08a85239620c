import { describe, expect, it } from 'vitest';

import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from '../config.ts';
import type { Queryable } from '../db/connection.ts';

import { assertProductionAdapters, createAdapters } from './index.ts';

const db: Queryable = { query: () => Promise.resolve([]) };
const SECRET = { JWT_SECRET: 'a-production-secret-123' };
const SMTP = { SMTP_URL: 'smtp://mailer:secret@mail.example.in:587' };
const MSG91 = {
  MSG91_AUTH_KEY: 'auth-key',
  MSG91_SMS_TEMPLATE_ID: 'sms-template',
  MSG91_WHATSAPP_NUMBER: '918000000000',
  MSG91_WHATSAPP_TEMPLATE: 'gurumatch_otp',
};
const GOOGLE = { GOOGLE_MAPS_API_KEY: 'maps-key' };
const PAYMENTS = {
  RAZORPAY_KEY_ID: 'rzp_live_example',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
  INVOICE_SELLER_GSTIN: '29AAAAA0000A1Z5',
};
const S3 = {
  S3_BUCKET: 'gurumatch-files',
  S3_ACCESS_KEY_ID: 'AKIA',
  S3_SECRET_ACCESS_KEY: 'secret',
};

function kindsOf(env: Record<string, string>) {
  const adapters = createAdapters(loadConfig(env), db);
  return {
    mail: adapters.mail.kind,
    otp: adapters.otp.kind,
    maps: adapters.maps.kind,
    storage: adapters.storage.kind,
    hasOutbox: adapters.outbox !== null,
  };
}

function configErrorOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

describe('createAdapters', () => {
  it('uses the offline defaults and the dev outbox when nothing is configured', () => {
    expect(kindsOf({})).toEqual({
      mail: 'dev-outbox',
      otp: 'dev-outbox',
      maps: 'gazetteer',
      storage: 'local',
      hasOutbox: true,
    });
  });

  it('switches each service on its own variables', () => {
    expect(kindsOf(SMTP)).toMatchObject({ mail: 'smtp', otp: 'dev-outbox', hasOutbox: true });
    expect(kindsOf(MSG91)).toMatchObject({ mail: 'dev-outbox', otp: 'msg91', hasOutbox: true });
    expect(kindsOf(GOOGLE)).toMatchObject({ maps: 'google', storage: 'local' });
    expect(kindsOf(S3)).toMatchObject({ maps: 'gazetteer', storage: 's3' });
  });

  it('has no outbox once both mail and codes go to real services', () => {
    expect(kindsOf({ ...SMTP, ...MSG91, ...GOOGLE, ...S3 })).toEqual({
      mail: 'smtp',
      otp: 'msg91',
      maps: 'google',
      storage: 's3',
      hasOutbox: false,
    });
  });

  it('refuses to start in production without SMTP_URL and the MSG91 keys, naming them', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...SECRET });
    const message = configErrorOf(() => assertProductionAdapters(config));
    for (const name of ['SMTP_URL', ...Object.keys(MSG91)]) expect(message).toContain(name);
    expect(configErrorOf(() => createAdapters(config, db))).toBe(message);
  });

  it('names only what is still missing in production', () => {
    const message = configErrorOf(() =>
      assertProductionAdapters(loadConfig({ NODE_ENV: 'production', ...SECRET, ...SMTP })),
    );
    expect(message).not.toContain('SMTP_URL');
    expect(message).toContain('MSG91_AUTH_KEY');
  });

  it('starts in production with real mail and codes, and never has an outbox', () => {
    expect(kindsOf({ NODE_ENV: 'production', ...SECRET, ...SMTP, ...MSG91, ...PAYMENTS })).toEqual({
      mail: 'smtp',
      otp: 'msg91',
      maps: 'gazetteer',
      storage: 'local',
      hasOutbox: false,
    });
  });
});

describe('outside service configuration', () => {
  it('defaults the sender and the provider addresses', () => {
    const config = loadConfig({ ...MSG91, ...GOOGLE, ...S3 });
    expect(config.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(config.msg91).toMatchObject({
      baseUrl: 'https://control.msg91.com',
      whatsappLanguage: 'en',
    });
    expect(config.googleMaps).toEqual({
      apiKey: 'maps-key',
      baseUrl: 'https://maps.googleapis.com',
    });
    expect(config.s3).toMatchObject({
      region: 'us-east-1',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
    });
  });

  it('reads an S3-compatible endpoint and drops trailing slashes from base URLs', () => {
    const config = loadConfig({
      ...S3,
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      GOOGLE_MAPS_BASE_URL: 'http://127.0.0.1:8080/',
      ...GOOGLE,
    });
    expect(config.s3).toMatchObject({ region: 'auto', endpoint: 'http://127.0.0.1:9000' });
    expect(config.googleMaps?.baseUrl).toBe('http://127.0.0.1:8080');
  });

  it('refuses a half-configured MSG91 or S3, naming the missing variables', () => {
    const msg91 = configErrorOf(() => loadConfig({ MSG91_AUTH_KEY: 'auth-key' }));
    expect(msg91).toContain(
      'MSG91_SMS_TEMPLATE_ID, MSG91_WHATSAPP_NUMBER, MSG91_WHATSAPP_TEMPLATE',
    );
    const s3 = configErrorOf(() => loadConfig({ S3_BUCKET: 'gurumatch-files' }));
    expect(s3).toContain('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(configErrorOf(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }))).toContain(
      'S3_BUCKET',
    );
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.in'],
    ['SMTP_URL', 'mail.example.in:587'],
    ['MAIL_FROM', 'not an address'],
    ['MSG91_WHATSAPP_NUMBER', '+91 80000 00000'],
    ['GOOGLE_MAPS_BASE_URL', 'maps.googleapis.com'],
    ['S3_BUCKET', 'Not_A_Bucket'],
  ])('refuses %s=%s', (name, value) => {
    expect(configErrorOf(() => loadConfig({ [name]: value }))).toContain(name);
  });

  it.each(['smtp://mail.example.in', 'smtps://user:p%40ss@mail.example.in:465'])(
    'accepts SMTP_URL=%s',
    (url) => {
      expect(loadConfig({ SMTP_URL: url }).smtpUrl).toBe(url);
    },
  );
});

describe('payments provider', () => {
  it('uses the sandbox checkout offline and Razorpay once its keys are set', () => {
    const offline = createAdapters(loadConfig({}), db);
    expect(offline.payments.kind).toBe('sandbox');
    expect(offline.paymentsSandbox).toBe(offline.payments);
    const real = createAdapters(loadConfig(PAYMENTS), db);
    expect(real.payments.kind).toBe('razorpay');
    expect(real.payments.keyId).toBe('rzp_live_example');
    expect(real.paymentsSandbox).toBeNull();
  });

  it('refuses production without Razorpay and a seller GSTIN, naming them', () => {
    const message = configErrorOf(() =>
      assertProductionAdapters(
        loadConfig({ NODE_ENV: 'production', ...SECRET, ...SMTP, ...MSG91 }),
      ),
    );
    for (const name of Object.keys(PAYMENTS)) expect(message).toContain(name);
  });

  it('refuses a half-configured Razorpay and a malformed GSTIN', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(/RAZORPAY_KEY_SECRET/);
    expect(() => loadConfig({ INVOICE_SELLER_GSTIN: '12345' })).toThrow(/INVOICE_SELLER_GSTIN/);
  });
});
