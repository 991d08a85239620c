import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, DEFAULT_JWT_SECRET, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('refuses to start in production without a JWT_SECRET of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEFAULT_JWT_SECRET })).toThrow(
      ConfigError,
    );
  });

  it('refuses a JWT_SECRET shorter than 16 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('starts in production with a secret of its own, without demo data', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-123' });
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoData).toBe(false);
    expect(config.host).toBe('0.0.0.0');
  });

  it('binds only this machine outside production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-123', HOST: '::1' })
        .host,
    ).toBe('::1');
  });

  it('defaults to development on port 3000 with demo data and no outside services', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      redisUrl: undefined,
      jwtSecret: DEFAULT_JWT_SECRET,
      corsOrigins: [],
      bodyLimitBytes: 1_048_576,
      seedDemoData: true,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '' }).port).toBe(3000);
  });

  it('reads PORT as a number', () => {
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with a ConfigError', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://localhost/db', REDIS_URL: 'http://x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as ConfigError).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('REDIS_URL');
  });

  it('splits and trims CORS_ORIGINS and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      CORS_ORIGINS: ' https://a.example , https://b.example,,',
      PUBLIC_URL: 'https://gurumatch.example/',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicUrl).toBe('https://gurumatch.example');
  });

  it('accepts postgres:// and redis:// URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      REDIS_URL: 'rediss://cache:6380',
    });
    expect(config.databaseUrl).toBe('postgresql://u:p@db:5432/app');
    expect(config.redisUrl).toBe('rediss://cache:6380');
  });

  it('serves no metrics unless METRICS_PORT is set, and then only on this machine by default', () => {
    const plain = loadConfig({});
    expect(plain.metricsPort).toBeUndefined();
    expect(plain.drainDelayMs).toBe(0);
    const observed = loadConfig({ METRICS_PORT: '9464', DRAIN_DELAY_MS: '5000' });
    expect(observed.metricsPort).toBe(9464);
    expect(observed.metricsHost).toBe('127.0.0.1');
    expect(observed.drainDelayMs).toBe(5000);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a list of addresses and CIDRs, and REDIS_PREFIX', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({}).redisPrefix).toBe('gm:');
    expect(loadConfig({ REDIS_PREFIX: 'city-a:' }).redisPrefix).toBe('city-a:');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(ConfigError);
  });

  it('lets SEED_DEMO_DATA override the default', () => {
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-123',
        SEED_DEMO_DATA: 'true',
      }).seedDemoData,
    ).toBe(true);
  });
});
