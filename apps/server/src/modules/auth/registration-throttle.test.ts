import { MESSAGES } from '@gurumatch/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countRows, registrationBody, uniqueIp } from '../../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { REGISTRATIONS_PER_IP_PER_HOUR: '3' } });
});

afterAll(async () => {
  await t.close();
});

function register(remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: registrationBody(),
    remoteAddress,
  });
}

describe('sign-ups per client address', () => {
  it('refuses the account past the hourly limit with 429 and stores nothing', async () => {
    const address = uniqueIp();
    for (let i = 0; i < 3; i += 1) expect((await register(address)).statusCode).toBe(201);
    const usersBefore = await countRows(t.db, 'users');

    const refused = await register(address);

    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string; code: string }>()).toMatchObject({
      detail: MESSAGES.tooManyRegistrations,
      code: 'too_many_attempts',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });

  it('lets another address sign up meanwhile', async () => {
    expect((await register(uniqueIp())).statusCode).toBe(201);
  });

  it('does not count refused forms against the address', async () => {
    const address = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/',
        payload: registrationBody({ password: 'short' }),
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await register(address)).statusCode).toBe(201);
  });

  // Redis expires keys on its own clock, which the test cannot move.
  it.skipIf(Boolean(process.env.REDIS_URL))('opens again once the hour has passed', async () => {
    const address = uniqueIp();
    for (let i = 0; i < 3; i += 1) await register(address);
    expect((await register(address)).statusCode).toBe(429);
    t.clock.advance(61 * 60 * 1000);
    expect((await register(address)).statusCode).toBe(201);
  });
});
