import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countRows, registrationBody, uniqueIp } from '../../test/factories.ts';

/** The balancer's address and the private range its peers use (TRUST_PROXY accepts both). */
const PROXY = '192.0.2.10';
const UNTRUSTED = '203.0.113.7';
const LIMIT = 2;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { TRUST_PROXY: `${PROXY}, 198.51.100.0/24`, REGISTRATIONS_PER_IP_PER_HOUR: String(LIMIT) },
  });
});

afterAll(async () => {
  await t.close();
});

function register(remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: registrationBody(),
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

function wrongPassword(remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username: `nobody-${uniqueIp()}@example.com`, password: 'not-the-password-1' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

/**
 * Signs up LIMIT times from `remoteAddress` with a fresh header each time (every
 * one accepted), then answers the status of one sign-up more.
 */
async function registerPastLimit(
  remoteAddress: string,
  forwardedFor: () => string | undefined,
): Promise<number> {
  for (let i = 0; i < LIMIT; i += 1) {
    expect((await register(remoteAddress, forwardedFor())).statusCode).toBe(201);
  }
  return (await register(remoteAddress, forwardedFor())).statusCode;
}

describe('per-address limits behind a trusted proxy', () => {
  it('counts sign-ups against the client the proxy names, not the proxy', async () => {
    const client = uniqueIp();
    expect(await registerPastLimit(PROXY, () => client)).toBe(429);

    // another client behind the same proxy is not held back by the first
    expect((await register(PROXY, uniqueIp())).statusCode).toBe(201);
    // a proxy within a trusted range counts the same client the same way
    expect((await register('198.51.100.23', client)).statusCode).toBe(429);
  });

  it('takes the client nearest the trusted proxy, not what the client itself prepended', async () => {
    const client = uniqueIp();
    expect(await registerPastLimit(PROXY, () => `${uniqueIp()}, ${client}`)).toBe(429);
  });

  it('counts failed sign-ins against the client the proxy names', async () => {
    const client = uniqueIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) last = (await wrongPassword(PROXY, client)).statusCode;
    expect(last).toBe(429);
    expect((await wrongPassword(PROXY, uniqueIp())).statusCode).toBe(401);
  });
});

describe('a forged X-Forwarded-For from an untrusted peer', () => {
  it('changes nothing: every sign-up counts against the peer itself', async () => {
    const peer = uniqueIp();
    const users = await countRows(t.db, 'users');

    expect(await registerPastLimit(peer, uniqueIp)).toBe(429);
    expect(await countRows(t.db, 'users')).toBe(users + LIMIT);
  });

  it('cannot name a trusted proxy to pass as someone else', async () => {
    expect(await registerPastLimit(UNTRUSTED, () => `${uniqueIp()}, ${PROXY}`)).toBe(429);
  });

  it('cannot escape the sign-in limit by changing the header on each try', async () => {
    const peer = uniqueIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) last = (await wrongPassword(peer, uniqueIp())).statusCode;
    expect(last).toBe(429);
  });
});
