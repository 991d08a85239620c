import type { ErrorBody } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { KvStore } from '../../adapters/kv/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function ready(app: TestApp) {
  return app.app.inject({ method: 'GET', url: '/api/health/ready' });
}

describe('GET /api/health/ready', () => {
  it('answers {status: "ok"} when the database and Redis answer and every migration is applied', async () => {
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 from the moment the instance is asked to stop, while liveness still answers', async () => {
    t.app.readiness.draining = true;
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>()).toMatchObject({
        detail: MESSAGES.instanceStopping,
        code: 'service_unavailable',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
    expect((await ready(t)).statusCode).toBe(200);
  });

  it('ends each connection with its answer once it stopped listening, not before', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers.connection).not.toBe(
      'close',
    );
    t.app.readiness.draining = true;
    try {
      // draining, still listening: a proxy's pooled connection stays in use
      const draining = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(draining.headers.connection).not.toBe('close');
      t.app.readiness.stoppedListening = true;
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers.connection).toBe('close');
    } finally {
      t.app.readiness.draining = false;
      t.app.readiness.stoppedListening = false;
    }
  });

  it('answers 503 when the shared counters (Redis) do not answer', async () => {
    const kv = t.ctx.kv;
    const broken: KvStore = { ...kv, get: () => Promise.reject(new Error('ECONNREFUSED')) };
    t.ctx.kv = broken;
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>().detail).toBe(MESSAGES.redisUnavailable);
    } finally {
      t.ctx.kv = kv;
    }
  });

  it('answers 503 while a migration this version needs is missing', async () => {
    const behind = await buildTestApp();
    try {
      const [last] = await behind.db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1',
      );
      await behind.db.query('DELETE FROM schema_migrations WHERE version = $1', [last?.version]);

      const response = await ready(behind);

      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>().detail).toBe(MESSAGES.migrationsPending);
    } finally {
      await behind.close();
    }
  });
});

describe('stopping behind nginx (DRAIN_REFUSE_READS=true)', () => {
  let proxied: TestApp;

  beforeAll(async () => {
    proxied = await buildTestApp({ env: { DRAIN_REFUSE_READS: 'true' } });
  });

  afterAll(async () => {
    await proxied.close();
  });

  it('answers reads 503 while draining, so nginx sends them to another instance, and still answers writes and health checks', async () => {
    const read = () => proxied.app.inject({ method: 'GET', url: '/api/blog/blogs/' });
    const write = () =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      });
    expect((await read()).statusCode).toBe(200);
    const writtenBefore = await write();

    proxied.app.readiness.draining = true;
    try {
      const refused = await read();
      expect(refused.statusCode).toBe(503);
      expect(refused.json<ErrorBody>()).toMatchObject({
        detail: MESSAGES.instanceStopping,
        code: 'service_unavailable',
      });
      expect(
        (await proxied.app.inject({ method: 'HEAD', url: '/api/blog/blogs/' })).statusCode,
      ).toBe(503);
      // a write is answered as before (here: refused sign-in, not 503)
      const written = await write();
      expect(written.statusCode).toBe(writtenBefore.statusCode);
      expect(written.statusCode).not.toBe(503);
      expect((await proxied.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
        200,
      );
      expect((await ready(proxied)).statusCode).toBe(503);
    } finally {
      proxied.app.readiness.draining = false;
    }
    expect((await read()).statusCode).toBe(200);
  });

  it('answers reads while draining when not behind such a proxy (the default)', async () => {
    t.app.readiness.draining = true;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/blog/blogs/' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });
});
