import type { TokenPair } from '@gurumatch/shared/schemas/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  registerUser,
  resetPasswordByMail,
  signIn,
  strongPassword,
} from '../../../test/factories.ts';
import { signToken } from '../../../test/tokens.ts';

import { revokeUserSessions } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function addresses(token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: '/api/auth/user/addresses/', headers: bearer(token) });
}

function refresh(token: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh/',
    payload: { refresh: token },
  });
}

function expectTokenRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.json<{ code: string; detail: unknown }>()).toMatchObject({
    code: 'token_not_valid',
    detail: expect.any(String) as unknown,
  });
}

describe('authenticate: the token must belong to a current session of an active user', () => {
  it('refuses a correctly signed token for a user that does not exist', async () => {
    const token = await signToken(
      {
        token_type: 'access',
        user_id: 987_654,
        username: 'ghost@example.in',
        email: 'ghost@example.in',
        full_name: 'Ghost',
        avatar: null,
        role: 'student',
        coins: 0,
      },
      TEST_JWT_SECRET,
      t.clock.now(),
    );
    expectTokenRefused(await addresses(token));
  });

  it('refuses the token of a user who has been deactivated', async () => {
    const user = await registerUser(t.app);
    expect((await addresses(user.access)).statusCode).toBe(200);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.userId]);
    expectTokenRefused(await addresses(user.access));
  });

  it('ends every session at once: earlier access and refresh tokens stop, a new sign-in works', async () => {
    const user = await registerUser(t.app);
    t.clock.advance(2000);
    await revokeUserSessions(t.db, user.userId, t.clock.now());

    expectTokenRefused(await addresses(user.access));
    expectTokenRefused(await refresh(user.refresh));

    t.clock.advance(1000);
    const again = await signIn(t.app, user.email, strongPassword);
    expect(again.statusCode).toBe(200);
    expect((await addresses(again.json<TokenPair>().access)).statusCode).toBe(200);
  });

  it('ends the sessions signed in before a password reset', async () => {
    const user = await registerUser(t.app);
    const status = await resetPasswordByMail(t.app, t.ctx.outbox, user.email, undefined, () => {
      t.clock.advance(2000);
    });
    expect(status).toBe(200);
    expectTokenRefused(await addresses(user.access));
    expectTokenRefused(await refresh(user.refresh));
  });
});
