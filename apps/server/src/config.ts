import path from 'node:path';

import { REGISTRATIONS_PER_IP_LIMIT } from '@gurumatch/shared/constants';
import { z } from 'zod';

export const DEFAULT_JWT_SECRET = 'insecure-development-secret-change-me';
export const DEFAULT_MAIL_FROM = 'GuruMatch <no-reply@gurumatch.in>';

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function httpUrl(name: string) {
  return z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, `${name} must be an http:// or https:// URL`)
    .transform((value) => value.replace(/\/+$/, ''));
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // unset: 127.0.0.1 outside production (the dev outbox is not for the network), 0.0.0.0 in it
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  // Keys and channels in Redis start with this: deployments sharing one Redis keep apart.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'REDIS_PREFIX must be letters, digits, _ : . or -')
    .default('gm:'),
  JWT_SECRET: z
    .string()
    .min(16, 'JWT_SECRET must be at least 16 characters')
    .default(DEFAULT_JWT_SECRET),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  SLOW_BODY_WINDOW_MS: z.coerce.number().int().min(100).default(10_000),
  UPLOADS_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(30),
  JOBS_WORK: z
    .string()
    .trim()
    .default('true')
    .transform((value, context) => {
      const parsed = parseJobsWork(value);
      if (parsed) return parsed;
      context.addIssue({
        code: 'custom',
        message:
          'JOBS_WORK must be true, false, or job kinds separated by commas (each with a leading - for every kind but those)',
      });
      return z.NEVER;
    }),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_RETRY_DELAY_SCALE: z.coerce.number().min(0).max(10).default(1),
  LEAD_ALERTS: z.enum(['on', 'off']).default('on'),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  // The sitemap protocol allows at most 50,000 URLs per file; tests lower it.
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  TRUST_PROXY: z.string().default('false'),
  // Prometheus metrics on a port of their own, off unless set; never the public port.
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // How long a stopping instance fails readiness before it stops taking requests.
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  DRAIN_REFUSE_READS: z.enum(['true', 'false']).default('false'),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(REGISTRATIONS_PER_IP_LIMIT),
  // Mail: SMTP when SMTP_URL is set, else the development outbox.
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'SMTP_URL must be an smtp:// or smtps:// URL (user:password@host:port)')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
      message: "MAIL_FROM must be an address such as 'GuruMatch <no-reply@gurumatch.in>'",
    })
    .default(DEFAULT_MAIL_FROM),
  // One-time codes: MSG91 (SMS and WhatsApp) when its keys are set, else the development outbox.
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_SMS_TEMPLATE_ID: z.string().optional(),
  MSG91_WHATSAPP_NUMBER: z
    .string()
    .regex(
      /^\d{8,15}$/,
      'MSG91_WHATSAPP_NUMBER must be digits with the country code, e.g. 919876543210',
    )
    .optional(),
  MSG91_WHATSAPP_TEMPLATE: z.string().optional(),
  MSG91_WHATSAPP_NAMESPACE: z.string().optional(),
  MSG91_WHATSAPP_LANGUAGE: z.string().default('en'),
  MSG91_NOTIFY_WHATSAPP_TEMPLATE: z.string().optional(),
  MSG91_ALERT_WHATSAPP_TEMPLATE: z.string().optional(),
  MSG91_NOTIFY_SMS_TEMPLATE_ID: z.string().optional(),
  MSG91_BASE_URL: httpUrl('MSG91_BASE_URL').default('https://control.msg91.com'),
  // Maps: Google Maps Platform when its key is set, else the offline gazetteer.
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_MAPS_BASE_URL: httpUrl('GOOGLE_MAPS_BASE_URL').default('https://maps.googleapis.com'),
  // Files: S3-compatible storage when S3_BUCKET is set, else a folder under DATA_DIR.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: httpUrl('S3_ENDPOINT').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Payments: Razorpay when its keys are set, else the offline sandbox checkout.
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: httpUrl('RAZORPAY_API_URL').default('https://api.razorpay.com'),
  // Seller details printed on GST tax invoices (sample values outside production).
  INVOICE_SELLER_NAME: z.string().default('GuruMatch (sample seller)'),
  INVOICE_SELLER_GSTIN: z
    .string()
    .regex(
      /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
      'INVOICE_SELLER_GSTIN must be a 15-character GSTIN, e.g. 29ABCDE1234F1Z5',
    )
    .optional(),
  INVOICE_SELLER_ADDRESS: z.string().default('Sample address, Bengaluru, Karnataka 560001'),
  INVOICE_SELLER_STATE: z.string().default('Karnataka'),
});

/** Variables that must all be set for Razorpay to be used (and for production). */
export const RAZORPAY_REQUIRED_VARIABLES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;

/** An obviously sample GSTIN for invoices outside production (not any real business's). */
export const SAMPLE_SELLER_GSTIN = '29AAAAA0000A1Z5';

/** Variables that must all be set for MSG91 to be used (and for production). */
export const MSG91_REQUIRED_VARIABLES = [
  'MSG91_AUTH_KEY',
  'MSG91_SMS_TEMPLATE_ID',
  'MSG91_WHATSAPP_NUMBER',
  'MSG91_WHATSAPP_TEMPLATE',
] as const;

/** Variables that must all be set for S3-compatible storage to be used. */
export const S3_REQUIRED_VARIABLES = [
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export interface Msg91Config {
  authKey: string;
  smsTemplateId: string;
  /** The WhatsApp business number integrated with MSG91, digits with the country code. */
  whatsappNumber: string;
  whatsappTemplate: string;
  whatsappNamespace: string | undefined;
  whatsappLanguage: string;
  /** Notification templates (a tutor responded): variables tutor name, quote, chat link. */
  notifyWhatsappTemplate?: string | undefined;
  notifySmsTemplateId?: string | undefined;
  /** The lead alert template: variables the alert line, the feed link, the unsubscribe link. */
  alertWhatsappTemplate?: string | undefined;
  baseUrl: string;
}

export interface GoogleMapsConfig {
  apiKey: string;
  baseUrl: string;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** Origin of the S3-compatible service; objects are addressed path-style: {endpoint}/{bucket}/{key}. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
}

export interface InvoiceSellerConfig {
  name: string;
  gstin: string;
  address: string;
  /** The seller's state: CGST+SGST for buyers in it, IGST otherwise. */
  state: string;
}

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every key and channel in Redis. */
  redisPrefix: string;
  jwtSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  logLevel: string;
  bodyLimitBytes: number;
  /** A request's headers and body must arrive within this, however steadily they come. */
  requestTimeoutMs: number;
  /** A body that brings less than `SLOW_BODY_MIN_BYTES` in a window this long is cut off. */
  slowBodyWindowMs: number;
  /** Avatar and document uploads one user may make an hour. */
  uploadsPerUserPerHour: number;
  /** Which kinds of job this instance runs (every instance stores them all). */
  jobsWork: JobsWork;
  /** How often an idle instance looks for jobs. */
  jobsPollSeconds: number;
  /** Multiplies each kind of job's retry delay (at least 1 s). */
  jobsRetryDelayScale: number;
  /** Whether a new enquiry's matching tutors are alerted (in the app, by WhatsApp and e-mail). */
  leadAlerts: boolean;
  webDistDir: string | undefined;
  seedDemoData: boolean;
  /** At most this many URLs per sitemap file (the index lists the files). */
  sitemapUrlsPerFile: number;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies. */
  trustProxy: boolean | string[];
  /** Accounts one client address may create in an hour. */
  registrationsPerIpPerHour: number;
  /** Where `/metrics` is served, or undefined for nowhere. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** On SIGTERM, readiness fails this long before the instance stops taking requests. */
  drainDelayMs: number;
  /**
   * While draining, GET and HEAD (health checks aside) are answered 503, so a proxy
   * that sends them to another instance (nginx's `proxy_next_upstream http_503`)
   * also stops choosing this one before it stops listening.
   */
  drainRefuseReads: boolean;
  /** SMTP server for mail, or undefined for the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MSG91 for one-time codes, or null for the development outbox. */
  msg91: Msg91Config | null;
  /** Google Maps Platform, or null for the offline gazetteer. */
  googleMaps: GoogleMapsConfig | null;
  /** S3-compatible storage, or null for a folder under DATA_DIR. */
  s3: S3Config | null;
  /** Razorpay, or null for the offline sandbox checkout. */
  razorpay: RazorpayConfig | null;
  invoiceSeller: InvoiceSellerConfig;
}

export class ConfigError extends Error {}

/**
 * The kinds of job an instance runs: `{ except: [] }` every kind, `{ only: [] }`
 * none. A city can give a kind a worker of its own (decision 057): the bulk
 * e-mail jobs at the lowest CPU priority, apart from the alerts that must
 * reach tutors within a second.
 */
export type JobsWork = { only: string[] } | { except: string[] };

const JOB_KIND_NAME = /^-?[a-z][a-z0-9.-]*$/;

/** `true`, `false`, `a,b` (only those) or `-a,-b` (all but those); null for anything else. */
export function parseJobsWork(value: string): JobsWork | null {
  if (value === 'true') return { except: [] };
  if (value === 'false') return { only: [] };
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every((entry) => JOB_KIND_NAME.test(entry))) return null;
  const excluded = entries.filter((entry) => entry.startsWith('-'));
  if (excluded.length === 0) return { only: entries };
  if (excluded.length === entries.length) return { except: excluded.map((e) => e.slice(1)) };
  return null;
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Reads and validates the environment once. Throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.JWT_SECRET === DEFAULT_JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: set a secret of your own in production (the default is public)',
    );
  }
  const problems = [
    ...findMissingGroupVariables(cleaned, MSG91_REQUIRED_VARIABLES, 'MSG91 (one-time codes)'),
    ...findMissingGroupVariables(
      cleaned,
      [...S3_REQUIRED_VARIABLES, 'S3_REGION', 'S3_ENDPOINT'],
      'S3 storage',
      S3_REQUIRED_VARIABLES,
    ),
    ...findMissingGroupVariables(cleaned, RAZORPAY_REQUIRED_VARIABLES, 'Razorpay (payments)'),
  ];
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    slowBodyWindowMs: e.SLOW_BODY_WINDOW_MS,
    uploadsPerUserPerHour: e.UPLOADS_PER_USER_PER_HOUR,
    jobsWork: e.JOBS_WORK,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    jobsRetryDelayScale: e.JOBS_RETRY_DELAY_SCALE,
    leadAlerts: e.LEAD_ALERTS === 'on',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemoData: e.SEED_DEMO_DATA === 'auto' ? !isProduction : e.SEED_DEMO_DATA === 'true',
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    drainDelayMs: e.DRAIN_DELAY_MS,
    drainRefuseReads: e.DRAIN_REFUSE_READS === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    msg91:
      e.MSG91_AUTH_KEY &&
      e.MSG91_SMS_TEMPLATE_ID &&
      e.MSG91_WHATSAPP_NUMBER &&
      e.MSG91_WHATSAPP_TEMPLATE
        ? {
            authKey: e.MSG91_AUTH_KEY,
            smsTemplateId: e.MSG91_SMS_TEMPLATE_ID,
            whatsappNumber: e.MSG91_WHATSAPP_NUMBER,
            whatsappTemplate: e.MSG91_WHATSAPP_TEMPLATE,
            whatsappNamespace: e.MSG91_WHATSAPP_NAMESPACE,
            whatsappLanguage: e.MSG91_WHATSAPP_LANGUAGE,
            notifyWhatsappTemplate: e.MSG91_NOTIFY_WHATSAPP_TEMPLATE,
            notifySmsTemplateId: e.MSG91_NOTIFY_SMS_TEMPLATE_ID,
            alertWhatsappTemplate: e.MSG91_ALERT_WHATSAPP_TEMPLATE,
            baseUrl: e.MSG91_BASE_URL,
          }
        : null,
    googleMaps: e.GOOGLE_MAPS_API_KEY
      ? { apiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_MAPS_BASE_URL }
      : null,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : null,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : null,
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      gstin: e.INVOICE_SELLER_GSTIN ?? (isProduction ? '' : SAMPLE_SELLER_GSTIN),
      address: e.INVOICE_SELLER_ADDRESS,
      state: e.INVOICE_SELLER_STATE,
    },
  };
}

/**
 * A group of variables switches one outside service on: when any of `group`
 * is set, every one of `required` must be set too. Answers one line per gap.
 */
function findMissingGroupVariables(
  values: Partial<Record<string, unknown>>,
  group: readonly string[],
  service: string,
  required: readonly string[] = group,
): string[] {
  const isSet = (name: string): boolean => values[name] !== undefined && values[name] !== '';
  if (!group.some(isSet)) return [];
  const missing = required.filter((name) => !isSet(name));
  return missing.length > 0 ? [`${missing.join(', ')}: required to use ${service}`] : [];
}

/** Variables a production server still needs for mail, one-time codes, payments and invoices. */
export function findMissingProductionVariables(config: Config): string[] {
  if (!config.isProduction) return [];
  return [
    ...(config.smtpUrl ? [] : ['SMTP_URL']),
    ...(config.msg91 ? [] : MSG91_REQUIRED_VARIABLES),
    ...(config.razorpay ? [] : RAZORPAY_REQUIRED_VARIABLES),
    ...(config.invoiceSeller.gstin ? [] : ['INVOICE_SELLER_GSTIN']),
  ];
}
