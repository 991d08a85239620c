import path from 'node:path';

import { z } from 'zod';

export const DEFAULT_JWT_SECRET = 'insecure-development-secret-change-me';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  JWT_SECRET: z
    .string()
    .min(16, 'JWT_SECRET must be at least 16 characters')
    .default(DEFAULT_JWT_SECRET),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: z.string().default('false'),
});

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  publicUrl: string;
  corsOrigins: string[];
  logLevel: string;
  bodyLimitBytes: number;
  webDistDir: string | undefined;
  seedDemoData: boolean;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies. */
  trustProxy: boolean | string[];
}

export class ConfigError extends Error {}

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
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${String(e.PORT)}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    seedDemoData: e.SEED_DEMO_DATA === 'auto' ? !isProduction : e.SEED_DEMO_DATA === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
