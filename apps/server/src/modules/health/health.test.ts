import type { ErrorBody } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  TEST_CORS_ORIGIN,
  buildTestApp,
  unreachableDb,
  type TestApp,
} from '../../../test/build-test-app.ts';

const BODY_LIMIT_BYTES = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) } });
});

afterAll(async () => {
  await t.close();
});

function errorOf(response: LightMyRequestResponse): ErrorBody {
  return response.json<ErrorBody>();
}

function preflight(origin: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'OPTIONS',
    url: '/api/auth/token/',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-request-id',
    },
  });
}

function headerList(value: LightMyRequestResponse['headers'][string]): string[] {
  return String(value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

describe('GET /api/health', () => {
  it('answers {status: "ok"} when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ status: string }>()).toEqual({ status: 'ok' });
  });

  it('answers 503 JSON when the database does not answer', async () => {
    const down = await buildTestApp({ db: unreachableDb(t.db.kind), jobs: false });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).code).toBe('service_unavailable');
      expect(typeof errorOf(response).detail).toBe('string');
    } finally {
      await down.close();
    }
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/whatever'],
    ['POST', '/api/whatever/'],
    ['DELETE', '/api/health'],
    ['GET', '/api'],
  ] as const)('answers %s %s with 404 JSON {detail, code: "not_found"}', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response)).toEqual({
      detail: MESSAGES.notFound,
      code: 'not_found',
      success: false,
      message: MESSAGES.notFound,
      error: MESSAGES.notFound,
    });
  });

  it('answers a page path with 404 JSON when no web build is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });
});

describe('X-Request-ID', () => {
  it('echoes the X-Request-ID the client sent', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'web-7f3a.42:retry-1' },
    });
    expect(response.headers['x-request-id']).toBe('web-7f3a.42:retry-1');
  });

  it('echoes it on error answers too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/whatever',
      headers: { 'x-request-id': 'req-404' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('req-404');
  });

  it('sends a generated id when the client sent none, a new one per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each([
    ['spaces and markup', 'a b <script>'],
    ['more than 128 characters', 'x'.repeat(129)],
  ])('replaces an id with %s by a generated one', async (_name, sent) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': sent },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('CORS', () => {
  it('lets a listed origin send Authorization, Content-Type and X-Request-ID', async () => {
    const response = await preflight(TEST_CORS_ORIGIN);

    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_CORS_ORIGIN);
    const allowed = headerList(response.headers['access-control-allow-headers']);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-request-id']),
    );
    expect(headerList(response.headers['access-control-allow-methods'])).toContain('post');
  });

  it('lets a listed origin read X-Request-ID and Retry-After from answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: TEST_CORS_ORIGIN },
    });
    expect(response.headers['access-control-allow-origin']).toBe(TEST_CORS_ORIGIN);
    expect(headerList(response.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['x-request-id', 'retry-after']),
    );
  });

  it('gives an unlisted origin no allow-origin header', async () => {
    const answers = [
      await preflight('https://evil.example'),
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      }),
    ];
    for (const response of answers) {
      expect(response.headers).not.toHaveProperty('access-control-allow-origin');
    }
  });
});

describe('security headers', () => {
  it('sends a short policy without a nonce on API answers and errors', async () => {
    for (const url of ['/api/health', '/api/whatever']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers).not.toHaveProperty('x-frame-options');
      expect(response.headers).not.toHaveProperty('cross-origin-opener-policy');
    }
  });
});

describe('request bodies', () => {
  it('refuses a body larger than BODY_LIMIT_BYTES with 413 JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ full_name: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response)).toMatchObject({
      detail: MESSAGES.bodyTooLarge,
      code: 'body_too_large',
    });
    const [row] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    expect(row?.count).toBe(0);
  });

  it('accepts a body just under the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: 'x'.repeat(1000) },
    });
    expect(response.statusCode).toBe(401);
  });
});
